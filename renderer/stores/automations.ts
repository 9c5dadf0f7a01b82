import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { CachedResult, CallRequest } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import type { AccountSummary, Automation, Page, Template } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { asChecking, asStale, errorBeside, peek, renderThenRefresh } from './replica'

export interface AutomationsQuery {
  page: number
  limit: number
  accountIds: string[]
  search: string
}

export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_AUTOMATIONS_QUERY: AutomationsQuery = { page: 1, limit: 20, accountIds: [], search: '' }

export function queryKey(query: AutomationsQuery): string {
  return JSON.stringify([query.page, query.limit, [...query.accountIds].sort(), query.search.trim()])
}

/**
 * The automation pages of the active profile. Main keeps the last copy of each page on disk and answers with
 * `stale: true` when offline; this store also remembers the pages seen in this session, so back/forward is
 * instant and a page seen once stays readable when a later request fails.
 */
export const useAutomationsStore = defineStore('automations', () => {
  const query = ref<AutomationsQuery>({ ...DEFAULT_AUTOMATIONS_QUERY })
  const result = shallowRef<CachedResult<Page<Automation>> | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** Accounts met in automation documents: the filter offers them even when the accounts call fails. */
  const seenAccounts = shallowRef(new Map<string, AccountSummary>())
  const pages = new Map<string, CachedResult<Page<Automation>>>()
  /** Automations whose delete waits behind its Undo: off the list until it is sent or taken back. */
  const hidden = ref(new Set<string>())
  let request = 0

  const page = computed(() => result.value?.value ?? null)
  const docs = computed(() => page.value?.docs ?? [])
  const stale = computed(() => result.value?.stale ?? false)
  const planRefused = computed(() => error.value?.kind === 'plan')

  function remember(docs: readonly Automation[]) {
    let changed = false
    const map = seenAccounts.value
    for (const automation of docs) {
      if (automation.account && !map.has(automation.account.id)) {
        map.set(automation.account.id, automation.account)
        changed = true
      }
    }
    if (changed) seenAccounts.value = new Map(map)
  }

  async function load(next: AutomationsQuery) {
    query.value = next
    const key = queryKey(next)
    const id = ++request
    const known = pages.get(key)
    // A page seen in this session is shown again at once, as being checked.
    if (known) result.value = asChecking(known)
    loading.value = true
    const listRequest = {
      page: next.page,
      limit: next.limit,
      ...(next.accountIds.length > 0 ? { accountIds: next.accountIds } : {}),
      ...(next.search.trim() ? { search: next.search.trim() } : {}),
    }
    try {
      // A page seen in this session is already on screen; otherwise the replica's copy is, until the answer.
      const outcome = await renderThenRefresh({
        peek: () => (known ? Promise.resolve(null) : peek({ what: 'automations', request: listRequest })),
        refresh: () => mediadeck().automations.list(listRequest),
        current: () => id === request,
        show: (copy) => {
          result.value = copy
          remember(copy.value.docs)
        },
      })
      if (id !== request) return
      if (outcome.ok) {
        pages.set(key, outcome.result)
        result.value = outcome.result
        error.value = null
        remember(outcome.result.value.docs)
        return
      }
      // A page seen before stays on screen, marked as possibly out of date; an unseen one gives way to the error.
      const last = known ?? outcome.copy
      result.value = last ? asStale(last) : null
      error.value = errorBeside({ ...outcome, copy: last })
    } finally {
      if (id === request) loading.value = false
    }
  }

  function reload() {
    return load(query.value)
  }

  function find(id: string): Automation | undefined {
    return docs.value.find((automation) => automation.id === id || automation._id === id)
  }

  /** The automation as the service now holds it, in every page seen that lists it. */
  function replace(automation: Automation) {
    const swap = (cached: CachedResult<Page<Automation>>) => ({
      ...cached,
      value: {
        ...cached.value,
        docs: cached.value.docs.map((doc) => (doc.id === automation.id ? automation : doc)),
      },
    })
    for (const [key, cached] of pages) pages.set(key, swap(cached))
    if (result.value) result.value = swap(result.value)
  }

  /**
   * Sends new rules for one automation, made on `base`: main lays what differs over the rules as the service
   * holds them then. The list shows what the service answers. Throws what failed.
   */
  async function save(
    id: string,
    config: Record<string, unknown>,
    base: Record<string, unknown>,
  ): Promise<Automation> {
    const saved = await mediadeck().automations.update({ id, config, base })
    replace(saved)
    return saved
  }

  /** Each automation's change under way, so the next one waits for it. */
  const changing = new Map<string, Promise<unknown>>()
  /**
   * Changes one automation in turn: each waits for the one before and is built, by `change`, on the rules as
   * the service last confirmed them, not on the copy the click was made on. Two switches flipped while the
   * first save was still under way used to send the second with the first switch as it was before, reverting it.
   */
  function change(
    id: string,
    base: Record<string, unknown>,
    change: (config: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<Automation> {
    const before = changing.get(id) ?? Promise.resolve()
    const next = before
      .catch(() => undefined)
      .then(async () => {
        const confirmed = (confirmedConfig.get(id) ?? base) as Record<string, unknown>
        const saved = await save(id, change(confirmed), confirmed)
        confirmedConfig.set(id, saved.config)
        return saved
      })
    changing.set(id, next)
    const forget = () => {
      if (changing.get(id) !== next) return
      changing.delete(id)
      confirmedConfig.delete(id)
    }
    next.then(forget, forget)
    return next
  }
  /** What the last save of a change in turn answered, while more changes of that automation wait. */
  const confirmedConfig = new Map<string, unknown>()

  function hide(id: string, on: boolean) {
    const next = new Set(hidden.value)
    if (on) next.add(id)
    else next.delete(id)
    hidden.value = next
  }

  /** After a create or a delete the pages seen are out of date: forget them and load the current one. */
  function invalidate() {
    pages.clear()
    return reload()
  }

  /** One automation by id, for one opened by link on a page not shown; null when it cannot be had. */
  function fetchOne(id: string): Promise<Automation | null> {
    return mediadeck()
      .automations.get({ id })
      .catch(() => null)
  }

  /** The saved rule sets; none when they cannot be read (a template only spares typing). */
  function templates(): Promise<Template[]> {
    return mediadeck()
      .templates.list()
      .catch(() => [])
  }

  const saveTemplate = (request: CallRequest<'templates:save'>) => mediadeck().templates.save(request)
  /** What an account has that an automation can watch (its posts, its reels). Throws what failed. */
  const contents = (accountId: string) => mediadeck().automations.contents({ accountId })
  const create = (request: CallRequest<'automations:create'>) => mediadeck().automations.create(request)
  const setAccountDefaults = (request: CallRequest<'automations:set-account-defaults'>) =>
    mediadeck().automations.setAccountDefaults(request)

  /** Deletes one automation, then the pages seen are out of date. Throws what failed. */
  async function remove(id: string) {
    await mediadeck().automations.delete({ id })
    await invalidate()
  }

  function reset() {
    pages.clear()
    hidden.value = new Set()
    result.value = null
    error.value = null
    seenAccounts.value = new Map()
  }

  return {
    query,
    result,
    page,
    docs,
    stale,
    loading,
    error,
    planRefused,
    seenAccounts,
    hidden,
    load,
    reload,
    find,
    replace,
    save,
    change,
    hide,
    invalidate,
    fetchOne,
    templates,
    saveTemplate,
    contents,
    create,
    setAccountDefaults,
    remove,
    reset,
  }
})
