// The Instagram grid's one change (docs/insights.md): two upcoming posts trade their times. The page saw each
// post as it was (its time and `updatedAt`); the service may have moved on since (edited in the app of another
// person, published, deleted), so both are read again first and the swap is refused when either is not what the
// page saw. Each post is written back whole (the fresh record with the new time laid over it,
// common/schedule-merge.ts), so a member the grid does not show is kept. The service has no transaction: when
// the second PUT fails, both are read again (the write may have landed all the same) and the first is put back
// only when the second is not at its new time; the failure is what the caller sees.
import { AppError } from '../../../common/errors'
import type { GridSwapResult } from '../../../common/insights-calls'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import type { CreateScheduleRequest, Schedule } from '../../../common/service'
import { emptyScheduleRequest } from '../../../common/service-vocabulary'

/** A post as the page saw it: what must still hold for the swap to go ahead. */
export interface SeenPost {
  id: string
  scheduleAt: string
  updatedAt?: string | undefined
}

export interface GridSwapClient {
  getSchedule(id: string): Promise<Schedule>
  updateSchedule(id: string, body: CreateScheduleRequest): Promise<void>
}

/** Refused before anything was written: the post is no longer the one the page showed. */
export function movedOn(id: string, why: string): AppError {
  return new AppError({
    kind: 'validation',
    code: 'grid-moved-on',
    message: `post ${id} changed on the service since it was shown (${why}); nothing was moved`,
  })
}

function check(seen: SeenPost, fresh: Schedule): void {
  if (fresh.status !== 'pending') throw movedOn(seen.id, `it is ${fresh.status} now`)
  if (Date.parse(fresh.scheduleAt) !== Date.parse(seen.scheduleAt)) throw movedOn(seen.id, 'its time moved')
  if ((fresh.updatedAt ?? '') !== (seen.updatedAt ?? '')) throw movedOn(seen.id, 'it was edited')
}

/** The whole post to PUT: the fresh record, with defaults for members an older record lacks, at `scheduleAt`. */
function bodyOf(fresh: Schedule, scheduleAt: string): CreateScheduleRequest {
  const whole = mergeScheduleEdit(emptyScheduleRequest(), fresh as unknown as CreateScheduleRequest)
  return mergeScheduleEdit(whole, { scheduleAt }) as CreateScheduleRequest
}

const sameTime = (x: string, y: string) => Date.parse(x) === Date.parse(y)

function undoFailed(error: unknown, a: Schedule, b: Schedule, why: string): AppError {
  return new AppError({
    kind: AppError.from(error).kind,
    code: 'grid-undo-failed',
    message: `post ${b._id} may not have moved, and post ${a._id} was not put back at ${a.scheduleAt} (${why})`,
  })
}

/**
 * The second write failed, but a failure can be ambiguous: a timeout or a dropped connection may come after
 * the service applied the write. Undoing the first then would put both posts at one time, so the second post
 * is read again first: at the first's old time, the swap is done after all (returns); still where it was, or
 * gone elsewhere, the first is put back over its own fresh record (its members as they are now) and the
 * failure is thrown. When the second cannot be read, nothing is written, since either write could make the
 * collision: the person is asked to look.
 */
async function afterSecondFailed(
  client: GridSwapClient,
  freshA: Schedule,
  freshB: Schedule,
  error: unknown,
): Promise<void> {
  let nowB: Schedule
  let nowA: Schedule
  try {
    ;[nowB, nowA] = await Promise.all([client.getSchedule(freshB._id), client.getSchedule(freshA._id)])
  } catch {
    throw undoFailed(error, freshA, freshB, 'they could not be read again')
  }
  if (nowB.status === 'pending' && sameTime(nowB.scheduleAt, freshA.scheduleAt)) return
  // Someone else moved the first post meanwhile: it no longer stands where this swap put it.
  if (!sameTime(nowA.scheduleAt, freshB.scheduleAt) || nowA.status !== 'pending') throw error
  try {
    await client.updateSchedule(freshA._id, bodyOf(nowA, freshA.scheduleAt))
  } catch {
    throw undoFailed(error, freshA, freshB, 'the write back failed')
  }
  throw error
}

export async function swapScheduleTimes(
  client: GridSwapClient,
  a: SeenPost,
  b: SeenPost,
): Promise<GridSwapResult> {
  if (a.id === b.id) throw new AppError({ kind: 'validation', message: 'a post cannot swap with itself' })
  const [freshA, freshB] = await Promise.all([client.getSchedule(a.id), client.getSchedule(b.id)])
  check(a, freshA)
  check(b, freshB)
  if (freshA.accountId !== freshB.accountId)
    throw new AppError({ kind: 'validation', message: 'the two posts are on different accounts' })
  await client.updateSchedule(a.id, bodyOf(freshA, freshB.scheduleAt))
  try {
    await client.updateSchedule(b.id, bodyOf(freshB, freshA.scheduleAt))
  } catch (error) {
    await afterSecondFailed(client, freshA, freshB, error)
  }
  return {
    posts: [
      { id: a.id, scheduleAt: freshB.scheduleAt },
      { id: b.id, scheduleAt: freshA.scheduleAt },
    ],
  }
}
