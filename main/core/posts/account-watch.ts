// Watches the accounts of the posts due in the next 24 hours, so a disconnected account is said before its
// posts fail at their time: the service takes a post for a disconnected account and fails it silently when it
// is due (Buffer, Mixpost and Postiz users report the same). The service sends no events (reference section
// 6), so the watch reads: the accounts (their `isConnected`, fresh) and the pending posts of the next 24 hours,
// once an hour and again 15 minutes before each post's time, which is the last moment a reconnection helps.
// The clock and the reader are injected: tests step through the rhythm without waiting. What was checked and
// told is kept in the database (account-watch-store.ts), so a restart does not tell the person twice.
import {
  WATCH_HORIZON_MS,
  WATCH_RECHECK_BEFORE_MS,
  type AccountAlert,
  type AccountWatchState,
  type WatchedPost,
} from '../../../common/account-watch'
import { AppError } from '../../../common/errors'
import type { Account, Schedule } from '../../../common/service'
import type { AccountWatchStore } from './account-watch-store'
import type { SchedulerClock } from '../scheduler/background-scheduler'
import { coalescedRun } from '../coalesced-run'

/** The watch's clock and timers: tests step them. */
export type FollowerClock = SchedulerClock

export interface AccountWatchOptions {
  /** The active profile: each keeps its own memory. Read at every check (the profile may have switched). */
  scope(): string
  /** Fresh from the service: every account, and the pending posts due between `from` and `to`. */
  read(from: Date, to: Date): Promise<{ accounts: Account[]; posts: Schedule[] }>
  store: AccountWatchStore
  /** A disconnected account has due posts the person was not told about yet; `alert` names all of them. */
  notify(alert: AccountAlert): void
  /** What the watch found changed (the planner's banner follows it). */
  onChange(state: AccountWatchState): void
  clock?: FollowerClock
  /** Time between two checks when no post is near (default one hour). */
  intervalMs?: number
  /** Wait after a check that could not read the service (default five minutes). */
  retryMs?: number
  /** Least time between a check and one asked for by poke() (default one minute). */
  minGapMs?: number
  onError?(error: unknown): void
}

export interface AccountWatch {
  state(): AccountWatchState
  /** Checks now (the profile switched, a post was scheduled); resolves when that check is over. */
  check(): Promise<void>
  /** Something may have changed (a post was sent): checks soon, at most once a minute for such reasons. */
  poke(): void
  /** The time of the next check (ms since epoch), or null when stopped. */
  nextCheckAt(): number | null
  stop(): void
}

const realClock: FollowerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

function watchedPost(post: Schedule): WatchedPost {
  return {
    id: post._id,
    title: post.title,
    description: post.description.slice(0, 200),
    scheduleAt: post.scheduleAt,
  }
}

/** The due posts grouped by their disconnected account, soonest first. */
export function alertsOf(accounts: readonly Account[], due: readonly Schedule[]): AccountAlert[] {
  const byId = new Map(accounts.map((account) => [account._id, account]))
  const alerts = new Map<string, AccountAlert>()
  for (const post of due) {
    const account = byId.get(post.accountId)
    // An account the list does not hold is not judged: only the service's own answer says disconnected.
    if (!account || account.isConnected) continue
    let alert = alerts.get(account._id)
    if (!alert) {
      alert = { accountId: account._id, accountName: account.name, accountType: account.type, posts: [] }
      alerts.set(account._id, alert)
    }
    alert.posts.push(watchedPost(post))
  }
  const at = (post: WatchedPost) => Date.parse(post.scheduleAt)
  for (const alert of alerts.values()) alert.posts.sort((a, b) => at(a) - at(b))
  return [...alerts.values()].sort((a, b) => at(a.posts[0]!) - at(b.posts[0]!))
}

export function createAccountWatch(o: AccountWatchOptions): AccountWatch {
  const clock = o.clock ?? realClock
  const interval = o.intervalMs ?? 60 * 60_000
  const retry = o.retryMs ?? 5 * 60_000
  const minGap = o.minGapMs ?? 60_000
  let lastCheckAt = -Infinity
  const empty: AccountWatchState = { alerts: [], checkedAt: null }
  let state: AccountWatchState = empty
  /** The profile `state` is of: another profile's alerts are never shown, not even as out of date. */
  let stateScope: string | null = null
  let timer: unknown
  let next: number | null = null
  let stopped = false

  function schedule(at: number): void {
    if (stopped) return
    if (timer !== undefined) clock.clearTimeout(timer)
    next = at
    timer = clock.setTimeout(
      () => {
        timer = undefined
        next = null
        void check()
      },
      Math.max(0, at - clock.now()),
    )
  }

  function publish(nextState: AccountWatchState): void {
    const changed = JSON.stringify(nextState) !== JSON.stringify(state)
    state = nextState
    if (changed) o.onChange(state)
  }

  /** The state of the active profile: nothing known yet when the last one was another's. */
  function current(): AccountWatchState {
    return stateScope === o.scope() ? state : empty
  }

  async function once(): Promise<void> {
    const now = clock.now()
    lastCheckAt = now
    const scope = o.scope()
    // The profile switched: the previous one's alerts leave the banner before anything is read.
    if (stateScope !== scope) {
      stateScope = scope
      publish(empty)
    }
    let answer: { accounts: Account[]; posts: Schedule[] }
    try {
      answer = await o.read(new Date(now), new Date(now + WATCH_HORIZON_MS))
    } catch (error) {
      if (o.scope() !== scope) return
      o.onError?.(error)
      // The last answer's alerts stay: said as possibly out of date, not dropped.
      publish({ ...state, error: AppError.from(error).toJSON() })
      schedule(now + retry)
      return
    }
    if (stopped) return
    // An answer for the profile switched away from while it was read: the switch's own check follows.
    if (o.scope() !== scope) return
    const due = answer.posts.filter((post) => {
      const at = Date.parse(post.scheduleAt)
      return post.status === 'pending' && at >= now && at <= now + WATCH_HORIZON_MS
    })
    const alerts = alertsOf(answer.accounts, due)
    try {
      remember(scope, now, due, answer.accounts, alerts)
    } catch (error) {
      // The database refused: the banner still shows, at worst a notification comes again after a restart.
      o.onError?.(error)
    }
    const connected = Object.fromEntries(answer.accounts.map((account) => [account._id, account.isConnected]))
    publish({ alerts, checkedAt: new Date(now).toISOString(), connected })
    schedule(nextAfter(scope, now, due))
  }

  /** Records the check and tells the person of each disconnected account with posts not told yet. */
  function remember(
    scope: string,
    now: number,
    due: readonly Schedule[],
    accounts: readonly Account[],
    alerts: readonly AccountAlert[],
  ): void {
    const near = new Set(
      due
        .filter((post) => Date.parse(post.scheduleAt) - now <= WATCH_RECHECK_BEFORE_MS)
        .map((post) => post._id),
    )
    o.store.saw(
      scope,
      due.map((post) => ({ id: post._id, accountId: post.accountId, dueAt: Date.parse(post.scheduleAt) })),
      now,
      near,
    )
    for (const account of accounts) if (account.isConnected) o.store.clearNotified(scope, account._id)
    for (const alert of alerts) {
      const ids = alert.posts.map((post) => post.id)
      const told = o.store.notified(scope, ids)
      const fresh = ids.filter((id) => !told.has(id))
      if (fresh.length === 0) continue
      o.notify(alert)
      o.store.markNotified(scope, fresh, now)
    }
    o.store.forgetBefore(now - WATCH_HORIZON_MS)
  }

  /** The next hourly check, or sooner the first time a post enters its last 15 minutes unchecked. */
  function nextAfter(scope: string, now: number, due: readonly Schedule[]): number {
    let at = now + interval
    for (const post of due) {
      const recheck = Date.parse(post.scheduleAt) - WATCH_RECHECK_BEFORE_MS
      if (recheck > now && recheck < at && !o.store.wasRechecked(scope, post._id)) at = recheck
    }
    return at
  }

  // A check asked for while one reads runs once more after it: the answer in flight may predate the reason.
  const checks = coalescedRun(once, () => stopped)
  const check = (): Promise<void> => checks.run()

  void check()
  return {
    state: current,
    check,
    poke() {
      if (stopped) return
      if (checks.again()) return
      const at = Math.max(clock.now(), lastCheckAt + minGap)
      if (next === null || at < next) schedule(at)
    },
    nextCheckAt: () => (stopped ? null : next),
    stop() {
      stopped = true
      next = null
      if (timer !== undefined) clock.clearTimeout(timer)
      timer = undefined
    },
  }
}
