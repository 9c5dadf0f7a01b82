import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ReportRetryResult } from '../../common/automation-calls'
import type { AutomationRule, ReportStatus } from '../../common/automation-edit'
import type { CachedResult } from '../../common/contract'
import { AppError, type AppErrorData } from '../../common/errors'
import type { Page, Report } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { asChecking, asStale } from './replica'

export interface ReportsQuery {
  page: number
  limit: number
  type: AutomationRule | ''
  status: ReportStatus | ''
  accountIds: string[]
}

export const DEFAULT_REPORTS_QUERY: ReportsQuery = {
  page: 1,
  limit: 20,
  type: '',
  status: '',
  accountIds: [],
}

/** What the automations did (GET /public/report through main), one page at a time, and retries of failed ones. */
export const useReportsStore = defineStore('reports', () => {
  const query = ref<ReportsQuery>({ ...DEFAULT_REPORTS_QUERY })
  const result = shallowRef<CachedResult<Page<Report>> | null>(null)
  const loading = ref(false)
  const retrying = ref(false)
  const error = ref<AppErrorData | null>(null)
  let request = 0

  const page = computed(() => result.value?.value ?? null)
  const planRefused = computed(() => error.value?.kind === 'plan')

  async function load(next: ReportsQuery = query.value) {
    query.value = next
    const id = ++request
    loading.value = true
    // The page shown stays while it is refreshed: "checking…", not current.
    if (result.value) result.value = asChecking(result.value)
    try {
      const answer = await mediadeck().reports.list({
        page: next.page,
        limit: next.limit,
        ...(next.type ? { type: next.type } : {}),
        ...(next.status ? { status: next.status } : {}),
        ...(next.accountIds.length > 0 ? { accountIds: next.accountIds } : {}),
      })
      if (id !== request) return
      result.value = answer
      error.value = null
    } catch (caught) {
      if (id !== request) return
      error.value = AppError.from(caught).toJSON()
      if (result.value) result.value = asStale(result.value)
    } finally {
      if (id === request) loading.value = false
    }
  }

  /** Retries in main (one at a time, within each account's retry budget), then shows the page as it now is. */
  async function retry(ids: string[]): Promise<ReportRetryResult[]> {
    retrying.value = true
    try {
      return await mediadeck().reports.retry({ ids })
    } finally {
      retrying.value = false
      await load()
    }
  }

  /** Another profile: nothing of the previous one stays, and an answer for it still on its way is dropped. */
  function reset() {
    request++
    result.value = null
    error.value = null
    loading.value = false
    query.value = { ...DEFAULT_REPORTS_QUERY }
  }

  return { query, result, page, loading, retrying, error, planRefused, load, retry, reset }
})
