import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { AppError, isUnreachable, type AppErrorData } from '../../common/errors'
import type { CallRequest, EventPayloads } from '../../common/contract'
import type {
  AccountComparison,
  InsightsView,
  PostAgainDraft,
  PostsPage,
  PostsSort,
} from '../../common/insights-calls'
import { MAX_POSTS_PAGE } from '../../common/insights-limits'
import { mediadeck } from '../lib/mediadeck'
import { afterNextPaint } from '../lib/next-frame'

/** The periods the view switches between, in days back from now. */
export const INSIGHTS_PERIODS = [7, 30, 90, 365] as const
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number]

const DAY_MS = 86_400_000
/** The posts table's rows when a period opens: more than its card shows; "show more" adds POSTS_MORE. */
export const POSTS_FIRST = 50
export const POSTS_MORE = 200
/** The table's order when it opens: the newest post first. */
const DEFAULT_POSTS_SORT: PostsSort = { key: 'publishedAt', descending: true }

/**
 * The answer, with the heat map, best slots and posts' columns of the view shown kept when they are the same:
 * the first two come from the account's whole history, so a period switch gives them again unchanged, and the
 * same objects spare the page drawing their 168 cells and the posts' 50 rows again before the period's chart.
 */
function keepingSame(shown: InsightsView | null, answer: InsightsView): InsightsView {
  if (!shown || shown.accountId !== answer.accountId || shown.timeZone !== answer.timeZone) return answer
  const kept = <T>(a: T, b: T) => (JSON.stringify(a) === JSON.stringify(b) ? a : b)
  return {
    ...answer,
    heat: kept(shown.heat, answer.heat),
    best: kept(shown.best, answer.best),
    columns: kept(shown.columns, answer.columns),
    engagementMembers: kept(shown.engagementMembers, answer.engagementMembers),
  }
}

/**
 * One account's insights (docs/insights.md): drawn from the data folder's copy at once (`insights:view`, no
 * network), so the view opens offline with the figures last read and their age; then refreshed
 * (`insights:refresh`, only what may have changed), and drawn again after it and after each background run
 * that read the account.
 */
export const useInsightsStore = defineStore('insights', () => {
  const accountId = ref<string | null>(null)
  const period = ref<InsightsPeriod>(30)
  const view = shallowRef<InsightsView | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** Refreshes under way (one per account asked for). */
  const running = ref(0)
  const refreshing = computed(() => running.value > 0)
  /** Why the last refresh stopped short; the copy is shown as it is. */
  const refreshError = ref<AppErrorData | null>(null)
  /** The service could not be reached on the last refresh: the figures are the copy's. */
  const offline = ref(false)
  /** The background refresh has more of this account to read: the figures are still arriving. */
  const catchingUp = ref(false)
  /** The accounts side by side over the same period, once asked for (compareAccounts). */
  const comparison = shallowRef<AccountComparison[] | null>(null)
  const compareError = ref<AppErrorData | null>(null)
  /** The period's posts as the table shows them: a page of main's, in the order chosen (loadPosts). */
  const posts = shallowRef<PostsPage | null>(null)
  const postsSort = ref<PostsSort>({ ...DEFAULT_POSTS_SORT })
  const postsLimit = ref(POSTS_FIRST)
  const postsError = ref<AppErrorData | null>(null)
  /** The account and period the page is of: another one starts again from the first rows. */
  let postsOf = ''
  let request = 0
  let postsRequest = 0
  let compareRequest = 0
  let compared: Array<{ id: string; network: string }> = []

  async function load(timeZone: string, now = Date.now()): Promise<void> {
    const id = accountId.value
    if (!id) return
    const mine = ++request
    loading.value = true
    try {
      const answer = await mediadeck().insights.view({
        accountId: id,
        since: now - period.value * DAY_MS,
        timeZone,
      })
      if (mine !== request) return
      view.value = keepingSame(view.value, answer)
      error.value = null
      // The table's rows after the figures, once the frame with the chart is painted: their answer, drawn in
      // the same frame, held the chart back.
      afterNextPaint(() => void loadPosts())
    } catch (caught) {
      if (mine === request) error.value = AppError.from(caught).toJSON()
    } finally {
      if (mine === request) loading.value = false
    }
  }

  /**
   * The rows of the posts table for the view shown: its period's first `postsLimit` posts in `postsSort`'s
   * order. Another account or period starts again from the first rows; a refresh keeps what was shown.
   */
  async function loadPosts(): Promise<void> {
    const v = view.value
    if (!v || v.accountId !== accountId.value) return
    const of = `${v.accountId}:${period.value}`
    // The rows shown stay until the new page replaces them: a period's newest posts are mostly the next one's,
    // and Vue keeps those rows as they are rather than drawing the table anew.
    if (of !== postsOf) {
      postsOf = of
      postsLimit.value = POSTS_FIRST
    }
    const mine = ++postsRequest
    try {
      const answer = await mediadeck().insights.posts({
        accountId: v.accountId,
        ...(v.since === null ? {} : { since: v.since }),
        ...(v.until === null ? {} : { until: v.until }),
        sort: { ...postsSort.value },
        limit: postsLimit.value,
      })
      if (mine !== postsRequest) return
      posts.value = answer
      postsError.value = null
    } catch (caught) {
      if (mine === postsRequest) postsError.value = AppError.from(caught).toJSON()
    }
  }
  /** Sorts the table by a column (again to reverse it; a figure starts from the largest, words from A). */
  function sortPosts(key: string) {
    const now = postsSort.value
    postsSort.value =
      now.key === key
        ? { key, descending: !now.descending }
        : { key, descending: key !== 'title' && key !== 'type' }
    return loadPosts()
  }
  /** "Show more" while its rows are on their way: the same ask, so a double click adds one step, not two. */
  let moreAsked: Promise<void> | undefined
  /** More rows of the table, as the person asks for them, up to the most one page of main's holds. */
  function morePosts(): Promise<void> {
    moreAsked ??= (async () => {
      postsLimit.value = Math.min(postsLimit.value + POSTS_MORE, MAX_POSTS_PAGE)
      await loadPosts()
    })().finally(() => (moreAsked = undefined))
    return moreAsked
  }

  /**
   * Asks main to read what may have changed (one run of the profile's background refresh, within its budget),
   * then draws again; what later runs read arrives as `insights:changed` (changed() below).
   */
  async function refresh(network: string, timeZone: string): Promise<void> {
    const id = accountId.value
    if (!id) return
    // Another account's refresh may still be under way: this one goes too, and each answer lands on its own.
    running.value += 1
    try {
      const [outcome] = await mediadeck().insights.refresh({ accounts: [{ id, network }] })
      if (id !== accountId.value) return
      refreshError.value = outcome?.error ?? null
      offline.value = Boolean(outcome?.error && isUnreachable(outcome.error))
      catchingUp.value = Boolean(outcome?.budgetSpent && !outcome.error)
      await load(timeZone)
    } catch (caught) {
      if (id === accountId.value) refreshError.value = AppError.from(caught).toJSON()
    } finally {
      running.value -= 1
    }
  }

  /**
   * The accounts side by side over the period shown, from the copy (no network): an account whose figures were
   * never read shows no posts, and reading them is the refresh's (`refreshMany`).
   */
  async function compare(accounts: ReadonlyArray<{ id: string; network: string }>, now = Date.now()) {
    if (accounts.length === 0) return
    const mine = ++compareRequest
    compared = accounts.map((a) => ({ id: a.id, network: a.network }))
    try {
      const answer = await mediadeck().insights.compare({
        accounts: compared,
        since: now - period.value * DAY_MS,
      })
      if (mine !== compareRequest) return
      comparison.value = answer
      compareError.value = null
    } catch (caught) {
      if (mine === compareRequest) compareError.value = AppError.from(caught).toJSON()
    }
  }

  /** Reads what may have changed for every account compared (one background run), then compares again. */
  async function refreshMany(accounts: ReadonlyArray<{ id: string; network: string }>) {
    if (accounts.length === 0) return
    running.value += 1
    try {
      await mediadeck().insights.refresh({
        accounts: accounts.map((a) => ({ id: a.id, network: a.network })),
      })
    } catch {
      // Said by the account's own refresh; the comparison stays the copy's.
    } finally {
      running.value -= 1
    }
    await compare(accounts)
  }

  /** A published post's content for a new draft ("post again"): from the service, or the copy's part offline. */
  function postAgain(accountId: string, contentId: string): Promise<PostAgainDraft> {
    return mediadeck().insights.postAgain({ accountId, contentId })
  }

  /** The period shown as CSV (main's, with the planner export's formula guard): what the view downloads. */
  async function exportCsv(): Promise<{ filename: string; content: string } | null> {
    const v = view.value
    if (!v || v.accountId !== accountId.value) return null
    return mediadeck().insights.export({
      accountId: v.accountId,
      ...(v.since === null ? {} : { since: v.since }),
      ...(v.until === null ? {} : { until: v.until }),
    })
  }

  /**
   * A background run read figures: the account shown among them is drawn again. A run started or ended on it
   * (`checking`): drawn again for main's word on its freshness, checking while the run reads.
   */
  function changed(change: EventPayloads['insights:changed'], timeZone: string) {
    const id = accountId.value
    if (!id) return
    if ('checking' in change) {
      if (change.checking.includes(id)) void load(timeZone)
      return
    }
    if (!change.more) catchingUp.value = false
    if (comparison.value && compared.some((a) => change.accountIds.includes(a.id))) void compare(compared)
    if (change.accountIds.includes(id)) {
      offline.value = false
      refreshError.value = null
      void load(timeZone)
    }
  }

  /** Follows the background runs while the view is open, on the view's clock; answers the stop. */
  function subscribe(timeZone: () => string): () => void {
    return mediadeck().insights.onChanged((change) => changed(change, timeZone()))
  }

  /**
   * The chosen accounts' best slots of the coming week for the composer, read from the data folder's copy;
   * `taken` are the times the planner already shows on them.
   */
  const bestSlots = (request: CallRequest<'insights:best-slots'>) => mediadeck().insights.bestSlots(request)

  function select(id: string | null) {
    if (id === accountId.value) return
    accountId.value = id
    view.value = null
    // A page of the account before, still on its way, is dropped.
    postsRequest++
    postsOf = ''
    posts.value = null
    // The account before's failure is not this one's.
    postsError.value = null
    refreshError.value = null
    offline.value = false
    catchingUp.value = false
  }

  /** Another profile: nothing of the previous one stays, and an answer for it still on its way is dropped. */
  function reset() {
    request++
    postsRequest++
    postsOf = ''
    accountId.value = null
    view.value = null
    posts.value = null
    postsError.value = null
    // Another profile's accounts: a column of one network's figures may mean nothing to them.
    postsSort.value = { ...DEFAULT_POSTS_SORT }
    error.value = null
    refreshError.value = null
    offline.value = false
    catchingUp.value = false
    loading.value = false
    compareRequest++
    compared = []
    comparison.value = null
    compareError.value = null
  }

  return {
    posts,
    postsSort,
    postsError,
    loadPosts,
    sortPosts,
    morePosts,
    comparison,
    compareError,
    compare,
    refreshMany,
    postAgain,
    exportCsv,
    accountId,
    period,
    view,
    loading,
    error,
    refreshing,
    refreshError,
    offline,
    catchingUp,
    load,
    refresh,
    changed,
    subscribe,
    bestSlots,
    select,
    reset,
  }
})
