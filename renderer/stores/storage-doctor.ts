import { defineStore } from 'pinia'
import { ref } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type { DeleteOutcome, UnusedReport } from '../../common/storage-doctor'
import { mediadeck } from '../lib/mediadeck'

/** The storage doctor: the stored files nothing needs (judged in main), and deleting a confirmed choice. */
export const useStorageDoctorStore = defineStore('storage-doctor', () => {
  const report = ref<UnusedReport | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  let request = 0

  async function load() {
    const mine = ++request
    loading.value = true
    try {
      const result = await mediadeck().storage.unused()
      if (mine !== request) return
      report.value = result
      error.value = null
    } catch (e) {
      if (mine === request) error.value = AppError.from(e).toJSON()
    } finally {
      if (mine === request) loading.value = false
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
  }

  /** Follows `storage:changed`: a change reloads the list while `wanted()`. A profile switch resets it. */
  function subscribe(wanted: () => boolean): () => void {
    return mediadeck().storage.onChanged(() => {
      if (wanted() && !loading.value) void load()
    })
  }

  return { report, loading, error, load, freeUp, reset, subscribe }
})
