import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { CachedResult, ScheduleFixResult, ScheduleRetryResult } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import { checking, stale as staleOf, type Freshness } from '../../common/freshness'
import type { CreateScheduleRequest, Schedule } from '../../common/service'
import {
  bucketByDay,
  dayKey,
  periodDays,
  periodRange,
  sameEntry,
  shiftAnchor,
  switchedAnchor,
  systemTimeZone,
  type CalendarEntry,
  type PlannerView,
} from '../lib/planner/calendar'
import { scheduleIdOf } from '../../common/service-vocabulary'
import { draftEntry, postEntry } from '../lib/planner/calendar-entries'
import { groupCampaigns } from '../lib/planner/campaign-cards'
import { useNow } from '../composables/use-now'
import { keepUnchanged } from '../lib/keep-unchanged'
import { mediadeck } from '../lib/mediadeck'
import { schedulesThenRefresh, settle } from './replica'
import { useAppStore } from './app'
import { useCampaignsStore } from './campaigns'
import { useDraftsStore } from './drafts'
import { useFailedList } from './failed-list'
import { usePlannerEntryMoves } from './planner-entry-moves'
import { usePostChanges } from './post-changes'

/**
 * The calendar: which period and accounts are shown, the service's posts in it, and the local drafts. Each
 * becomes an entry by lib/planner/calendar-entries.ts; moving one to another time is planner-entry-moves.ts,
 * composed here with the failed list (failed-list.ts) and main's changes (post-changes.ts).
 */
export const usePlannerStore = defineStore('planner', () => {
  const drafts = useDraftsStore()
  const campaigns = useCampaignsStore()
  const app = useAppStore()
  // The view last chosen is a setting (main's settings file): browser mode's address, and with it the page's
  // storage, changes at every start. The settings may come after the planner's first load: the remembered
  // view is taken then, unless the person chose one meanwhile.
  const view = ref<PlannerView>(app.loaded ? app.settings.plannerView : 'month')
  let chosen = false
  watch(
    () => app.loaded,
    (loaded) => {
      if (!loaded || chosen || app.settings.plannerView === view.value) return
      view.value = app.settings.plannerView
      if (request > 0) void load()
    },
  )
  const anchor = ref(new Date())
  const timeZone = ref(systemTimeZone())
  const accountIds = ref<string[]>([])
  /** The list view's search over title, text and account: kept while the person switches views. */
  const search = ref('')
  const posts = shallowRef<Schedule[]>([])
  const stale = ref(false)
  /** Posts in the period the service sent but the app could not read (left out; see the log). */
  const skipped = ref(0)
  const fetchedAt = ref<string | null>(null)
  /** How far the period's posts can be trusted (common/freshness.ts); null before any is shown. */
  const freshness = ref<Freshness | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  // The failed posts' list, answered as the planner's own (its refs and loadFailed, by their names); its reset
  // is part of the planner's.
  const { resetFailed, ...failedList } = useFailedList()
  const { failed, loadFailed } = failedList
  let request = 0
  // What a held action (see toasts.hold) already shows while it waits to be sent: entries and failed posts
  // hidden by a delete or a retry (by entry key, `failed:<id>` for a failed post), entries shown at a new time.
  const hidden = ref(new Set<string>())
  const heldMoves = ref(new Map<string, string>())
  function hide(keys: string[], on: boolean) {
    const next = new Set(hidden.value)
    for (const key of keys) {
      if (on) next.add(key)
      else next.delete(key)
    }
    hidden.value = next
  }
  function holdMove(key: string, iso: string | null) {
    const next = new Map(heldMoves.value)
    if (iso) next.set(key, iso)
    else next.delete(key)
    heldMoves.value = next
  }

  const clock = useNow()
  /** The clock to the minute: the calendar is drawn again once a minute, not at every tick. */
  const minute = computed(() => Math.floor(clock.value / 60_000) * 60_000)
  /** Today in the planner's zone: it moves on at midnight while the planner stays open (left open overnight). */
  const todayKey = computed(() => dayKey(minute.value, timeZone.value))
  const days = computed(() => {
    void todayKey.value // a new day: its mark moves
    return periodDays(view.value, anchor.value, timeZone.value)
  })
  // A period that showed the day just ended moves on to the new day's (a week to the next, the month's last
  // day to the next month); one the person went to stays.
  watch(todayKey, (now, before) => {
    const shown = days.value
    if (view.value === 'list' || !shown.some((day) => day.key === before)) return
    if (!shown.some((day) => day.key === now && day.inPeriod)) void today()
  })
  const range = computed(() => periodRange(view.value, anchor.value, timeZone.value))
  const changes = usePostChanges({
    posts,
    failed,
    range,
    accountIds,
    reload: () => void Promise.allSettled([load(), loadFailed()]),
  })

  // An entry that shows the same as before is the same object, and the same list when none changed: a change
  // of a draft outside the period leaves the calendar as drawn, whatever the number of drafts.
  const entries = computed<CalendarEntry[]>((previous) =>
    keepUnchanged(previous, currentEntries(), { key: (entry) => entry.key, same: sameEntry }),
  )
  function currentEntries(): CalendarEntry[] {
    const { from, to } = range.value
    const shownIds = new Set(posts.value.map(scheduleIdOf))
    const accountFilter = accountIds.value.length ? new Set(accountIds.value) : null
    const localDrafts = drafts.drafts
      // A scheduled draft is shown as the service's post once the service lists it.
      .filter((d) => d.post.scheduleAt && !(d.scheduleId && shownIds.has(d.scheduleId)))
      .filter((d) => d.post.scheduleAt >= from && d.post.scheduleAt <= to)
      .filter((d) => !accountFilter || !d.post.accountId || accountFilter.has(d.post.accountId))
    // The page's ticking clock: a queued post turns late, a retried one "next", while the view stays open.
    const now = minute.value
    const local = localDrafts.map((draft) => draftEntry(draft, now))
    const singles = [...posts.value.map((post) => postEntry(post, now)), ...local]
      .filter((entry) => !hidden.value.has(entry.key))
      .map((entry) => {
        const at = heldMoves.value.get(entry.key)
        return at ? { ...entry, at } : entry
      })
    // A campaign's posts become one card (campaign-cards.ts); a card hidden by a held delete goes whole.
    return groupCampaigns(singles, campaigns.campaigns, drafts.byId).filter(
      (entry) => !hidden.value.has(entry.key),
    )
  }
  const byDay = computed(() => bucketByDay(entries.value, timeZone.value))

  function show(answer: CachedResult<Schedule[]>) {
    posts.value = answer.value
    skipped.value = answer.skipped ?? 0
    stale.value = answer.stale
    fetchedAt.value = answer.fetchedAt
    freshness.value = answer.freshness
  }

  /** What the period's posts are asked for with (`load`; the start-up's early peek asks the same). */
  function periodQuery() {
    return {
      ...range.value,
      ...(accountIds.value.length ? { accountIds: accountIds.value } : {}),
    }
  }

  /**
   * The period's posts: the replica's copy at once (a month seen before, offline too), then the service's. The
   * posts shown stay until the new ones land, so switching periods or refreshing never empties the calendar.
   */
  async function load() {
    const mine = ++request
    loading.value = true
    // The posts shown stay while they are refreshed: "checking…", not current.
    if (freshness.value) freshness.value = checking(freshness.value)
    const query = periodQuery()
    try {
      const outcome = await schedulesThenRefresh(query, () => mine === request, show)
      // Offline, the period seen before stays, said to be as of when it was fetched.
      if (mine !== request) return
      error.value = settle(outcome, show)
      // Nothing replaced what is shown: it is as old as it was.
      if (!outcome.ok && !outcome.copy && freshness.value) freshness.value = staleOf(freshness.value)
    } finally {
      if (mine === request) loading.value = false
    }
  }

  /** Another profile is active: its posts, failed posts and accounts are not the previous one's. */
  function reset() {
    changes.resetChanges()
    request++
    accountIds.value = []
    posts.value = []
    stale.value = false
    skipped.value = 0
    fetchedAt.value = null
    freshness.value = null
    loading.value = false
    error.value = null
    resetFailed()
  }

  function go(step: number) {
    anchor.value = shiftAnchor(view.value, anchor.value, step, timeZone.value)
    return load()
  }
  function today() {
    anchor.value = new Date()
    return load()
  }
  function setView(next: PlannerView) {
    chosen = true
    if (next !== view.value) anchor.value = switchedAnchor(view.value, anchor.value, timeZone.value)
    view.value = next
    // Kept for the next start. A refused write (a full disk) leaves the view shown as chosen; the settings
    // go back to what the file holds.
    if (app.settings.plannerView !== next)
      void app.updateSettings({ plannerView: next }).catch(() => undefined)
    return load()
  }
  /** A day asked for (a mediadeck:// link, a notification's click): shown, and not overturned by the remembered view. */
  function showDay(day: Date, next: PlannerView = 'week') {
    chosen = true
    anchor.value = day
    view.value = next
    return load()
  }
  function setAccounts(ids: string[]) {
    accountIds.value = ids
    return load()
  }

  // The failed list covers every account (it is loaded once for a wide range); the account filter applies to
  // it as it does to the calendar.
  const failedShown = computed(() => {
    const shown = new Set(accountIds.value)
    // A retried post stays where it was, said to be retrying, until the service settles it.
    return changes
      .withRetrying(failed.value)
      .filter(
        (post) =>
          (!shown.size || shown.has(post.accountId)) && !hidden.value.has(`failed:${scheduleIdOf(post)}`),
      )
  })

  /**
   * Writes a pending post back to the service and shows the change at once: the service answers an update
   * with no body, so the calendar takes the sent post in place, then reloads the period for the service's word.
   * `base`: the copy the change was made on; main lays only what differs over the post as the service holds
   * it, so an edit made elsewhere since the copy was read is kept (main/core/posts/post-edit.ts).
   */
  async function updatePost(
    id: string,
    post: CreateScheduleRequest,
    base?: CreateScheduleRequest,
  ): Promise<void> {
    await mediadeck().schedules.update({ id, post, ...(base ? { base } : {}) })
    posts.value = posts.value.map((p) =>
      scheduleIdOf(p) === id ? { ...p, ...post, updatedAt: new Date().toISOString() } : p,
    )
    await load()
  }

  /** Deletes a post of the service, and takes it off the calendar at once. */
  async function deletePost(id: string): Promise<void> {
    await mediadeck().schedules.delete({ id })
    posts.value = posts.value.filter((p) => scheduleIdOf(p) !== id)
  }

  /**
   * A failed post edited and sent again: main updates it and retries it, or sends a replacement and deletes it
   * (main/core/posts/fix-failed-post.ts). The failed list drops it once it went; the period reloads.
   */
  async function fixPost(
    id: string,
    post: CreateScheduleRequest,
    mode: 'manual' | 'bulk' = 'manual',
  ): Promise<ScheduleFixResult> {
    const result = await mediadeck().schedules.fix({ id, post, mode })
    if (result.sent || result.outcome === 'replaced') {
      failed.value = failed.value.filter((p) => scheduleIdOf(p) !== id)
      // The fixed post is followed by main, and comes back here should the service refuse it again.
      changes.settleRetry(id)
    }
    void load()
    return result
  }

  /** Retries failed posts; answers per id so the list can say which went and why others did not. */
  async function retry(ids: string[], mode?: 'manual' | 'bulk'): Promise<ScheduleRetryResult[]> {
    const results = await mediadeck().schedules.retry({ ids, ...(mode ? { mode } : {}) })
    const ok = new Set(results.filter((r) => r.ok).map((r) => r.id))
    // Retrying until the service says otherwise: main follows each one and tells how it went.
    changes.markRetrying(ok)
    failed.value = failed.value.filter((p) => !ok.has(scheduleIdOf(p)))
    void load()
    return results
  }

  // Moving an entry to another day or hour (stores/planner-entry-moves.ts): a post of the service is written
  // back by updatePost, a draft saved.
  const { move, previewMove } = usePlannerEntryMoves({ posts, timeZone, drafts, updatePost })

  return {
    view,
    anchor,
    timeZone,
    accountIds,
    search,
    posts,
    stale,
    freshness,
    skipped,
    fetchedAt,
    loading,
    error,
    ...failedList,
    failedShown,
    isRetrying: changes.isRetrying,
    newlyFailed: changes.newlyFailed,
    dismissNewlyFailed: changes.dismissNewlyFailed,
    applyChanges: changes.applyChanges,
    subscribe: changes.subscribe,
    days,
    range,
    entries,
    byDay,
    load,
    periodQuery,
    reset,
    go,
    today,
    setView,
    showDay,
    setAccounts,
    retry,
    fixPost,
    updatePost,
    deletePost,
    previewMove,
    move,
    hide,
    holdMove,
  }
})
