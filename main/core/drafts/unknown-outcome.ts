// A create whose answer was never seen (a reset, a timeout, a 5xx, a process killed mid-request) may still be
// carried out: the service works through a request it has accepted even after the client gave up, and a slow
// line hands it over late (a create seen arriving 65 s after it was sent). One lookup that finds nothing is
// therefore no proof that nothing was created. The rule, for every create the outbox sends (posts now,
// replies and messages with it): look right away, then again about 2, 5 and 10 minutes after the send, past
// any deadline of the request on the service's side; found, the create is adopted; still nothing after the
// last look, the person decides (send again, or keep it as a draft). Nothing is ever created again on its own.
// docs/design.md ("An unknown outcome") says the same for the person.
import type { AppErrorData } from '../../../common/errors'

/** Failures that come before a request leaves (nothing reached the service): the connection was never made. */
const NEVER_LEFT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

/**
 * Whether a create's failure leaves its outcome unknown: the request may have reached the service and no
 * answer of the service's own was seen (a reset or a timeout after it left, a gateway's 504, an answer too
 * damaged to read). A 500, 502 or 503 is the service's answer that it failed; a refused connection never left.
 */
export function answerUnseen(failure: Pick<AppErrorData, 'kind' | 'code' | 'status'>): boolean {
  if (failure.kind === 'network' || failure.kind === 'timeout') return !neverLeft(failure)

  if (failure.kind === 'server') {
    return failure.status === undefined || failure.status === 504 || failure.status < 300
  }
  return false
}

/** Whether the request failed before it left: no connection was ever made, so nothing can have been created. */
export function neverLeft(failure: Pick<AppErrorData, 'code'>): boolean {
  return typeof failure.code === 'string' && NEVER_LEFT.has(failure.code)
}

/** When to look, counted from the send: at once, then about +2, +5 and +10 minutes. */
export const OUTCOME_LOOKS_MS: readonly number[] = [0, 2 * 60_000, 5 * 60_000, 10 * 60_000]

/** What is known of a create sent without an answer seen. */
export interface PendingCreate {
  /** When the create left. */
  startedAt: string
  /** When it was last looked for, if it was. */
  lookedAt?: string
}

export type OutcomeStep =
  /** A look is due now; `last` when nothing found by it leaves the decision to the person. */
  | { kind: 'look'; last: boolean }
  /** Not yet: the next look is at `nextLookAt`. */
  | { kind: 'wait'; nextLookAt: string }

/** What to do about a pending create at `now`. */
export function outcomeStep(pending: PendingCreate, now: Date): OutcomeStep {
  const sent = Date.parse(pending.startedAt)
  const looked = pending.lookedAt ? Date.parse(pending.lookedAt) : Number.NEGATIVE_INFINITY
  // A clock set back below the send counts as the send itself: the first look, never a skipped one.
  const elapsed = Math.max(0, now.getTime() - sent)
  let reached = 0
  for (let i = 0; i < OUTCOME_LOOKS_MS.length; i++) if (OUTCOME_LOOKS_MS[i]! <= elapsed) reached = i
  const last = reached === OUTCOME_LOOKS_MS.length - 1
  if (looked < sent + OUTCOME_LOOKS_MS[reached]!) return { kind: 'look', last }
  const next = OUTCOME_LOOKS_MS[reached + 1]
  // The last look was made and found nothing: the caller has handed the decision over already.
  if (next === undefined) return { kind: 'look', last: true }
  return { kind: 'wait', nextLookAt: new Date(sent + next).toISOString() }
}

export type Outcome<T> =
  | { kind: 'found'; found: T }
  /** Nothing yet; looked now (record `lookedAt`), or not due: look again at `nextLookAt`. */
  | { kind: 'wait'; lookedAt?: string; nextLookAt: string }
  /** The last look found nothing either: the person decides; never send it again unasked. */
  | { kind: 'unknown' }

/**
 * Looks for the create when a look is due (`lookup` resolves with what the create produced, or null; it throws
 * when the service cannot be asked, and nothing is recorded then).
 */
export async function settleCreate<T>(
  pending: PendingCreate,
  now: () => Date,
  lookup: () => Promise<T | null>,
): Promise<Outcome<T>> {
  const step = outcomeStep(pending, now())
  if (step.kind === 'wait') return step
  const found = await lookup()
  if (found !== null) return { kind: 'found', found }
  if (step.last) return { kind: 'unknown' }
  const lookedAt = now()
  const next = outcomeStep({ ...pending, lookedAt: lookedAt.toISOString() }, lookedAt)
  return {
    kind: 'wait',
    lookedAt: lookedAt.toISOString(),
    nextLookAt: next.kind === 'wait' ? next.nextLookAt : lookedAt.toISOString(),
  }
}
