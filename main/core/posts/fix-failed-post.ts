// A failed post sent again with the person's changes. The edit goes to the service as an update of the post
// (PUT /public/schedule/{id}) and the post is then retried, since the service keeps an updated failed post in
// `error` until a retry. A service that cannot update it (404: gone; 405: no update there; 409: the post is
// locked) gets a replacement post instead, and the failed one is deleted, so the person is never left with two.
// Each resend counts against the account's retry budget (../retry-budget.ts).
import { AppError, type AppErrorData } from '../../../common/errors'
import { errorReason } from '../../../common/messages/index'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import type { CreateScheduleRequest } from '../../../common/service'
import type { RetryBudget, RetryKind } from '../retry-budget'
import type { ServiceClient } from '../service-client'

export type FixClient = Pick<
  ServiceClient,
  'getSchedule' | 'updateSchedule' | 'createSchedule' | 'deleteSchedule' | 'retrySchedule'
>

export interface FixResult {
  /** The post that now stands for the failed one: the same id when updated, the replacement's otherwise. */
  id: string
  /** Updated in place and retried, or sent as a new post with the failed one deleted. */
  outcome: 'updated' | 'replaced'
  /** Whether it was sent again: false when the budget held a bulk resend back or the retry was refused. */
  sent: boolean
  /** A manual resend past the account's budget: it went, and the person is told the account is at risk. */
  warned: boolean
  /** Why it was not sent again (the post is updated all the same), or why the failed post could not be deleted. */
  error?: AppErrorData
}

/** HTTP answers to the update after which a replacement is sent instead. */
const REPLACE_ON = new Set([404, 405, 409])

/** The refusal of an automatic or bulk retry past the account's budget, with when it frees up. */
export function budgetRefusal(resetsAt: Date | null): AppError {
  const at = resetsAt?.toISOString()
  return new AppError({
    kind: 'rate-limited',
    ...errorReason('retry-budget'),
    ...(at ? { retryAt: at } : {}),
    message: `This account was retried too often this hour; try again${at ? ` after ${at}` : ' later'}.`,
  })
}

export async function fixFailedPost(
  deps: { client: FixClient; budget: RetryBudget },
  id: string,
  edit: CreateScheduleRequest,
  kind: Exclude<RetryKind, 'auto'> = 'manual',
): Promise<FixResult> {
  const { client, budget } = deps
  const original = await client.getSchedule(id)
  // The post stays on its account: the editor of a failed post does not move it.
  const accountId = original.accountId
  const body = mergeScheduleEdit(original, { ...edit, accountId })
  let replace = false
  try {
    await client.updateSchedule(id, { ...body, accountId })
  } catch (error) {
    const status = AppError.from(error).status
    if (status === undefined || !REPLACE_ON.has(status)) throw error
    replace = true
  }

  const take = budget.take(accountId, kind)
  if (!take.allowed) {
    // Held back by the budget: updated, not sent; a replacement is not created until it may go.
    return {
      id,
      outcome: replace ? 'replaced' : 'updated',
      sent: false,
      warned: false,
      error: budgetRefusal(budget.status(accountId).resetsAt).toJSON(),
    }
  }

  if (!replace) {
    try {
      await client.retrySchedule(id)
      return { id, outcome: 'updated', sent: true, warned: take.warned }
    } catch (error) {
      return {
        id,
        outcome: 'updated',
        sent: false,
        warned: take.warned,
        error: AppError.from(error).toJSON(),
      }
    }
  }

  const created = await client.createSchedule({ ...body, accountId })
  try {
    await client.deleteSchedule(id)
  } catch (error) {
    // Gone already is what was wanted; anything else is said, the replacement stands.
    const failure = AppError.from(error)
    if (failure.kind !== 'not-found') {
      return {
        id: created.scheduleId,
        outcome: 'replaced',
        sent: true,
        warned: take.warned,
        error: failure.toJSON(),
      }
    }
  }
  return { id: created.scheduleId, outcome: 'replaced', sent: true, warned: take.warned }
}
