// Render from the replica, then refresh. Main keeps the last answer of each list the service gave (the replica,
// in the data folder's database) and answers it without the network (`replica:peek`); a view shows that copy
// at once and then the service's answer. A cold start offline so shows the last state instead of empty lists,
// and a start online shows the page before the service has answered.
import type {
  CachedResult,
  ReplicaMark,
  ReplicaPeek,
  ReplicaPeekAnswer,
  ReplicaPeekRequest,
  ReplicaWhat,
} from '../../common/contract'
import { AppError, isUnreachable, type AppErrorData } from '../../common/errors'
import { HOST_STOPPED_CODE } from '../../common/app-state'
import { checking, confirmed, NO_COPY_CODE, stale } from '../../common/freshness'
import type { Schedule } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'

/** Peeks asked for at start-up, before the view that wants them is mounted (`prime`), by request. */
const primed = new Map<string, Promise<ReplicaPeekAnswer>>()
const keyOf = (request: ReplicaPeekRequest) => JSON.stringify(request)

/**
 * Asks for a copy now, for a view that will ask for it soon: at start-up, the first screen's copies are asked
 * for before the app is mounted and its view's code loaded, so they are there when the view asks (`peek`
 * takes the answer, once). Until `forgetPrimed`, which start-up calls once the first view has asked.
 */
export function prime(request: ReplicaPeekRequest): void {
  const key = keyOf(request)
  if (!primed.has(key)) primed.set(key, mediadeck().replica.peek(request))
}

/** Drops the copies asked for early and not taken: a later peek asks main again, for its newest copy. */
export function forgetPrimed(): void {
  primed.clear()
}

/**
 * The replica's copy of a list, or null when main has none. Never throws: the copy only spares a wait, so a
 * failure to read it (an older host, a closed database) is the same as no copy.
 */
export async function peek<W extends ReplicaWhat>(
  request: Extract<ReplicaPeekRequest, { what: W }>,
): Promise<ReplicaPeek<W>> {
  const early = primed.get(keyOf(request))
  primed.delete(keyOf(request))
  try {
    if (early) return ((await early) as ReplicaPeek<W>) ?? null
    // The answer is the list `what` names (common/contract.ts, ReplicaPeekAnswer).
    return ((await mediadeck().replica.peek(request)) as ReplicaPeek<W>) ?? null
  } catch {
    return null
  }
}

export type Refreshed<T> =
  | { ok: true; result: CachedResult<T> }
  /** The refresh failed; `copy` is the replica's copy when there is one (already shown, now to mark stale). */
  | { ok: false; error: AppErrorData; copy: CachedResult<T> | null }

/** A copy shown while it is refreshed: "checking…", as of its last confirmation, never fresh (common/freshness.ts). */
export function asChecking<T>(copy: CachedResult<T>): CachedResult<T> {
  return { ...copy, stale: false, freshness: checking(copy.freshness) }
}

/** A copy the refresh could not replace: stale, as of its last confirmation. */
export function asStale<T>(copy: CachedResult<T>): CachedResult<T> {
  return { ...copy, stale: true, freshness: stale(copy.freshness) }
}

/**
 * Asks the replica and the service together. The copy is shown (`show`, with the freshness main gave it:
 * checking while it is refreshed, stale when offline) only if the service has not answered first and the
 * request is still the newest (`current`); the service's answer replaces it in place, so a list is never
 * cleared while it loads. What the refresh came to is returned for the store to keep: the answer, or the error
 * and the copy to mark stale.
 */
export async function renderThenRefresh<T>(options: {
  peek: () => Promise<CachedResult<T> | null>
  refresh: () => Promise<CachedResult<T>>
  current: () => boolean
  show: (copy: CachedResult<T>) => void
}): Promise<Refreshed<T>> {
  let landed = false
  const copy = options.peek().then((found) => {
    if (found && !landed && options.current()) options.show({ ...found, stale: false })
    return found
  })
  try {
    const result = await options.refresh()
    landed = true
    return { ok: true, result }
  } catch (caught) {
    landed = true
    return { ok: false, error: AppError.from(caught).toJSON(), copy: await copy }
  }
}

/**
 * The error a view shows beside the stale copy: none when the service was only out of reach, which the
 * offline notice already says; a refusal (keys, plan) is still shown, over the last state. Out of reach with
 * no copy at all, it says so (NO_COPY_CODE): nothing was read here yet, and will be once the service answers.
 */
export function errorBeside(failed: { error: AppErrorData; copy: unknown }): AppErrorData | null {
  if (!isUnreachable(failed.error) || failed.error.code === HOST_STOPPED_CODE) return failed.error
  return failed.copy ? null : { ...failed.error, code: NO_COPY_CODE }
}

/** Scheduled posts for a query (a period, the failed posts' days): the replica's copy at once, then the service's. */
export function schedulesThenRefresh(
  query: Extract<ReplicaPeekRequest, { what: 'schedules' }>['request'],
  current: () => boolean,
  show: (copy: CachedResult<Schedule[]>) => void,
): Promise<Refreshed<Schedule[]>> {
  return renderThenRefresh({
    peek: () => peek({ what: 'schedules', request: query }),
    refresh: () => mediadeck().schedules.list(query),
    current,
    show,
  })
}

/**
 * What a store keeps of a refresh: the service's answer, or else the replica's copy marked stale (as of when it
 * was fetched) with the error to show beside it. Returns the error for the store's own `error` (null when
 * there is nothing more to say than the offline notice).
 */
export function settle<T>(
  outcome: Refreshed<T>,
  show: (result: CachedResult<T>) => void,
): AppErrorData | null {
  if (outcome.ok) {
    show(outcome.result)
    return null
  }
  if (outcome.copy) show(asStale(outcome.copy))
  return errorBeside(outcome)
}

/**
 * The storage figures and a page of files answer a bare value, marked `stale` and `fetchedAt` when main took
 * it from the replica because the service could not be reached: as a CachedResult, fetched now when fresh.
 */
export async function fresh<T extends object>(
  fetch: () => Promise<T & ReplicaMark>,
  now: () => Date,
): Promise<CachedResult<T>> {
  const { stale: wasStale, fetchedAt, freshness, ...value } = await fetch()
  const at = fetchedAt ?? now().toISOString()
  // A bare value is what the service just answered; a copy carries its own freshness.
  return {
    value: value as T,
    stale: wasStale === true,
    fetchedAt: at,
    freshness: freshness ?? (wasStale ? stale(at) : confirmed(at)),
  }
}
