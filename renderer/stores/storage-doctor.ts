import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type { DeleteOutcome, UnusedFile, UnusedReport } from '../../common/storage-doctor'
import { mediadeck } from '../lib/mediadeck'

/** The storage doctor: the stored files nothing needs (judged in main), and deleting a confirmed choice. */
export const useStorageDoctorStore = defineStore('storage-doctor', () => {
  const report = ref<UnusedReport | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /**
   * While a scan reads the file list (100 pages for 10,000 files), the unused files of the pages read so far,
   * largest first: drawn before the list is complete. The report replaces them.
   */
  const found = shallowRef<UnusedFile[]>([])
  const progress = ref<{ checked: number; total: number } | null>(null)
  let request = 0

  async function load() {
    const mine = ++request
    const scan = `scan-${mine}-${Date.now().toString(36)}`
    loading.value = true
    found.value = []
    progress.value = null
    const byId = new Map<string, UnusedFile>()
    const stop = mediadeck().storage.onUnusedFound((event) => {
      if (event.scan !== scan || mine !== request) return
      for (const file of event.files) byId.set(file.id, file)
      found.value = [...byId.values()].sort((a, b) => b.size - a.size || a.id.localeCompare(b.id))
      progress.value = { checked: event.checked, total: event.total }
    })
    try {
      const result = await mediadeck().storage.unused({ scan })
      if (mine !== request) return
      report.value = result
      error.value = null
    } catch (e) {
      if (mine === request) error.value = AppError.from(e).toJSON()
    } finally {
      stop()
      if (mine === request) {
        loading.value = false
        found.value = []
        progress.value = null
      }
    }
  }

  /** Main re-checks each file just before deleting; what became used meanwhile comes back in `keptInUse`. */
  async function freeUp(ids: string[]): Promise<DeleteOutcome> {
    const outcome = await mediadeck().storage.freeUp({ ids })
    await load()
    return outcome
  }

  function reset() {
    request++
    report.value = null
    error.value = null
    loading.value = false
    found.value = []
    progress.value = null
  }

  /** Follows `storage:changed`: a change reloads the list while `wanted()`. A profile switch resets it. */
  function subscribe(wanted: () => boolean): () => void {
    return mediadeck().storage.onChanged(() => {
      if (wanted() && !loading.value) void load()
    })
  }

  return { report, loading, error, found, progress, load, freeUp, reset, subscribe }
})
