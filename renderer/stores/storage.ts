import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type { Page, StorageStatistic, StoredFile } from '../../common/service'
import { mediaTypeOfMime } from '../components/planner/composer-form'
import { mediadeck } from '../lib/mediadeck'

export interface FilesQuery {
  page: number
  limit: number
  search: string
}

const STATS_REFRESH_WINDOW_MS = 400

function toErrorData(error: unknown): AppErrorData {
  return AppError.from(error).toJSON()
}

/** Storage usage (the sidebar meter and the Library panel) and the service's stored-file list. */
export const useStorageStore = defineStore('storage', () => {
  const stats = ref<StorageStatistic | null>(null)
  const statsLoading = ref(false)
  const statsError = ref<AppErrorData | null>(null)
  const statsUpdatedAt = ref<string | null>(null)

  const files = ref<Page<StoredFile> | null>(null)
  const filesQuery = ref<FilesQuery>({ page: 1, limit: 20, search: '' })
  const filesLoading = ref(false)
  const filesError = ref<AppErrorData | null>(null)
  let statsRequest = 0
  let filesRequest = 0
  /**
   * A stored file's name by its public address. A post's media carries only the address, whose last part is
   * the storage key ("39c97c6e-….png"), not the name the person gave the file: every file list seen fills this.
   */
  const namesByUrl = ref<Record<string, string>>({})

  function rememberNames(list: readonly StoredFile[]) {
    const unseen = list.filter((file) => namesByUrl.value[file.url] !== file.filename)
    if (unseen.length === 0) return
    const next = { ...namesByUrl.value }
    for (const file of unseen) next[file.url] = file.filename
    namesByUrl.value = next
  }

  /** A stored file's own name by its address; the address's last part (its storage key) when not seen. */
  function nameOf(url: string): string {
    const known = namesByUrl.value[url]
    if (known) return known
    try {
      return decodeURIComponent(url.split('/').pop() ?? url)
    } catch {
      return url
    }
  }

  /** Looks up addresses not seen yet in the newest files (one page); an older file keeps its key as name. */
  async function lookUpNames(urls: readonly string[]) {
    if (urls.every((url) => url in namesByUrl.value)) return
    const page = await mediadeck().storage.files({ page: 1, limit: 100 })
    rememberNames(page.docs)
  }

  /** Stored images and videos a post can use, newest first, by a name search; their names are remembered. */
  async function findMedia(search: string, limit = 60): Promise<StoredFile[]> {
    const query = search.trim()
    const page = await mediadeck().storage.files({ page: 1, limit, ...(query ? { search: query } : {}) })
    rememberNames(page.docs)
    return page.docs.filter((f) => f.status === 'success' && mediaTypeOfMime(f.mimetype))
  }

  const usedRatio = computed(() =>
    stats.value && stats.value.usage.total > 0 ? stats.value.usage.used / stats.value.usage.total : 0,
  )

  /**
   * Only the newest request may land. A figure asked for before an upload completed (the Library opening, a
   * click on refresh) can answer after the one asked for because it completed; landing last, it would put
   * the old file count back and nothing would correct it until the next upload.
   */
  async function loadStats() {
    const request = ++statsRequest
    statsLoading.value = true
    try {
      const result = await mediadeck().storage.stats()
      if (request !== statsRequest) return
      stats.value = result
      statsError.value = null
      statsUpdatedAt.value = new Date().toISOString()
    } catch (error) {
      if (request === statsRequest) statsError.value = toErrorData(error)
    } finally {
      if (request === statsRequest) statsLoading.value = false
    }
  }

  async function loadFiles(query: Partial<FilesQuery> = {}) {
    filesQuery.value = { ...filesQuery.value, ...query }
    // Only the newest request may land: a slow page 1 must not overwrite page 2.
    const request = ++filesRequest
    filesLoading.value = true
    try {
      const { page, limit, search } = filesQuery.value
      const result = await mediadeck().storage.files({ page, limit, ...(search ? { search } : {}) })
      rememberNames(result.docs)
      if (request !== filesRequest) return
      files.value = result
      filesError.value = null
    } catch (error) {
      if (request === filesRequest) filesError.value = toErrorData(error)
    } finally {
      if (request === filesRequest) filesLoading.value = false
    }
  }

  async function deleteFiles(ids: string[]) {
    await mediadeck().storage.delete({ ids })
    // Deleting the last items of a page would leave it empty: step back one page.
    const current = files.value
    const page =
      current && current.page > 1 && ids.length >= current.docs.length
        ? current.page - 1
        : filesQuery.value.page
    await Promise.all([loadStats(), loadFiles({ page })])
  }

  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  /**
   * Many uploads finishing together produce many events; one refresh for those that arrive within the window
   * is enough. The window opens with the first event and is not pushed back by later ones: a long batch that
   * completes a file every few hundred milliseconds must still refresh while it runs, not only at its end.
   */
  function scheduleRefresh() {
    refreshTimer ??= setTimeout(() => {
      refreshTimer = undefined
      void loadStats()
      if (files.value || filesError.value) void loadFiles()
    }, STATS_REFRESH_WINDOW_MS)
  }

  /** Forgets the previous profile's figures and files (see useAppSession); a pending refresh goes too. */
  function reset() {
    clearTimeout(refreshTimer)
    refreshTimer = undefined
    // Answers still on their way belong to the previous profile.
    statsRequest++
    filesRequest++
    statsLoading.value = false
    filesLoading.value = false
    stats.value = null
    statsError.value = null
    files.value = null
    filesError.value = null
    filesQuery.value = { ...filesQuery.value, page: 1, search: '' }
  }

  function subscribe(): () => void {
    const stop = mediadeck().storage.onChanged(() => scheduleRefresh())
    return () => {
      stop()
      clearTimeout(refreshTimer)
      refreshTimer = undefined
    }
  }

  return {
    stats,
    statsLoading,
    statsError,
    statsUpdatedAt,
    usedRatio,
    files,
    namesByUrl,
    rememberNames,
    lookUpNames,
    nameOf,
    findMedia,
    filesQuery,
    filesLoading,
    filesError,
    loadStats,
    loadFiles,
    deleteFiles,
    reset,
    subscribe,
  }
})
