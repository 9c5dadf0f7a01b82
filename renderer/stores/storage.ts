import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CachedResult } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import { checking, stale, type Freshness } from '../../common/freshness'
import type { Page, StorageStatistic, StoredFile } from '../../common/service'
import { mediaTypeOfMime } from '../lib/planner/composer-form'
import { mediadeck } from '../lib/mediadeck'
import { errorBeside, fresh, peek, renderThenRefresh, settle } from './replica'

export interface FilesQuery {
  page: number
  limit: number
  search: string
}

const STATS_REFRESH_WINDOW_MS = 400

/** When a figure or a page was fetched: the wall clock, which renderer tests set with fake timers. */
const now = () => new Date()

/** Storage usage (the sidebar meter and the Library panel) and the service's stored-file list. */
export const useStorageStore = defineStore('storage', () => {
  const stats = ref<StorageStatistic | null>(null)
  const statsLoading = ref(false)
  const statsError = ref<AppErrorData | null>(null)
  const statsUpdatedAt = ref<string | null>(null)
  /** The figure is the replica's because the service could not be reached (as of statsUpdatedAt). */
  const statsStale = ref(false)
  /** How far the figure can be trusted (common/freshness.ts); null before one is shown. */
  const statsFreshness = ref<Freshness | null>(null)

  const files = ref<Page<StoredFile> | null>(null)
  const filesQuery = ref<FilesQuery>({ page: 1, limit: 20, search: '' })
  const filesLoading = ref(false)
  const filesError = ref<AppErrorData | null>(null)
  /** The page shown is the replica's because the service could not be reached (as of filesFetchedAt). */
  const filesStale = ref(false)
  const filesFetchedAt = ref<string | null>(null)
  const filesFreshness = ref<Freshness | null>(null)
  let statsRequest = 0
  let filesRequest = 0
  /**
   * A stored file's name by its public address. A post's media carries only the address, whose last part is
   * the storage key ("39c97c6e-….png"), not the name the person gave the file: every file list seen fills this.
   */
  const namesByUrl = ref<Record<string, string>>({})

  function rememberNames(list: readonly Pick<StoredFile, 'url' | 'filename'>[]) {
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

  /**
   * Looks up addresses not seen yet: in the newest files (one page), then the rest by address in main (the
   * replica's copies of every library page read, this data folder's uploads), never by reading the whole
   * library. An address nothing knows keeps its key as name.
   */
  async function lookUpNames(urls: readonly string[]) {
    const unknown = () => [...new Set(urls)].filter((url) => !(url in namesByUrl.value))
    if (unknown().length === 0) return
    const page = await mediadeck().storage.files({ page: 1, limit: 100 })
    rememberNames(page.docs)
    const left = unknown().slice(0, 100)
    if (left.length === 0) return
    const names = await mediadeck().storage.names({ urls: left })
    const found = left.filter((url) => typeof names[url] === 'string' && names[url] !== '')
    if (found.length > 0) rememberNames(found.map((url) => ({ url, filename: names[url]! })))
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
    const showStats = (copy: CachedResult<StorageStatistic>) => {
      stats.value = copy.value
      statsStale.value = copy.stale
      statsUpdatedAt.value = copy.fetchedAt
      statsFreshness.value = copy.freshness
    }
    if (statsFreshness.value) statsFreshness.value = checking(statsFreshness.value)
    try {
      // The replica's figure is shown only when none is yet: a refresh after an upload keeps the one on screen.
      const outcome = await renderThenRefresh({
        peek: () => (stats.value ? Promise.resolve(null) : peek({ what: 'storage' })),
        refresh: () => fresh(() => mediadeck().storage.stats(), now),
        current: () => request === statsRequest,
        show: showStats,
      })
      if (request !== statsRequest) return
      if (outcome.ok) {
        showStats(outcome.result)
        statsError.value = null
        return
      }
      const last =
        outcome.copy ??
        (stats.value && statsUpdatedAt.value
          ? { value: stats.value, fetchedAt: statsUpdatedAt.value, freshness: statsFreshness.value }
          : null)
      if (last) {
        const freshness = stale(last.freshness ?? last.fetchedAt)
        showStats({ value: last.value, fetchedAt: last.fetchedAt, stale: true, freshness })
      }
      statsError.value = errorBeside({ ...outcome, copy: last })
    } finally {
      if (request === statsRequest) statsLoading.value = false
    }
  }

  async function loadFiles(query: Partial<FilesQuery> = {}) {
    filesQuery.value = { ...filesQuery.value, ...query }
    // Only the newest request may land: a slow page 1 must not overwrite page 2.
    const request = ++filesRequest
    filesLoading.value = true
    const { page, limit, search } = filesQuery.value
    const listRequest = { page, limit, ...(search ? { search } : {}) }
    const showFiles = (copy: CachedResult<Page<StoredFile>>) => {
      rememberNames(copy.value.docs)
      files.value = copy.value
      filesStale.value = copy.stale
      filesFetchedAt.value = copy.fetchedAt
      filesFreshness.value = copy.freshness
    }
    if (filesFreshness.value) filesFreshness.value = checking(filesFreshness.value)
    try {
      const outcome = await renderThenRefresh({
        peek: () => peek({ what: 'files', request: listRequest }),
        refresh: () => fresh(() => mediadeck().storage.files(listRequest), now),
        current: () => request === filesRequest,
        show: showFiles,
      })
      // Offline, the replica's page stands in, said to be as of when it was fetched.
      if (request !== filesRequest) return
      filesError.value = settle(outcome, showFiles)
      if (!outcome.ok && !outcome.copy && filesFreshness.value)
        filesFreshness.value = stale(filesFreshness.value)
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
    statsStale.value = false
    statsUpdatedAt.value = null
    statsFreshness.value = null
    files.value = null
    filesError.value = null
    filesStale.value = false
    filesFetchedAt.value = null
    filesFreshness.value = null
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
    statsStale,
    statsFreshness,
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
    filesStale,
    filesFetchedAt,
    filesFreshness,
    loadStats,
    loadFiles,
    deleteFiles,
    reset,
    subscribe,
  }
})
