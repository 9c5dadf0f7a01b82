// A post of the service changed from the planner (a move, Alt+arrow, an edit in the composer) is changed over
// the post as the service holds it now, not over the page's copy: the copy may be older (edited on the service's
// website meanwhile, or shown from the replica while its refresh hangs), and the service replaces what it is
// sent whole (common/schedule-merge.ts), so the copy sent back silently undid that edit. Only what differs
// between the copy the page started from and what it sends is laid over the fresh read, and a post no longer
// waiting to go out is not changed at all.
import { isEditableStatus } from '../../../common/campaigns'
import { AppError } from '../../../common/errors'
import { errorReason } from '../../../common/messages/index'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import type { CreateScheduleRequest } from '../../../common/service'
import { changesOver } from '../changes-over'
import type { ServiceClient } from '../service-client'

export type PostEditClient = Pick<ServiceClient, 'getSchedule' | 'updateSchedule'>

/** Writes `edited` (made on `base`) over the post as the service holds it now; answers the body sent. */
export async function editOverFresh(
  client: PostEditClient,
  id: string,
  edited: CreateScheduleRequest,
  base: CreateScheduleRequest,
): Promise<CreateScheduleRequest> {
  const fresh = await client.getSchedule(id)
  if (!isEditableStatus(fresh.status)) {
    throw new AppError({
      kind: 'validation',
      ...errorReason('post-moved-on', { status: fresh.status }),
      message: `This post is no longer waiting to go out (${fresh.status}); it was not changed.`,
    })
  }
  const current = fresh as unknown as Record<string, unknown>
  const body = changesOver(
    current,
    base as unknown as Record<string, unknown>,
    edited as unknown as Record<string, unknown>,
    // A member the composer left out was cleared by the person (a WhatsApp channel): it goes.
    // A post's lists (its media in order, its accounts) are not sets: the person's list is sent whole.
    { dropLeftOut: true, mergeLists: false },
  )
  // Without the members only the service sets (its id, status, account summary): the service takes the rest.
  const sent = mergeScheduleEdit({}, body) as unknown as CreateScheduleRequest
  await client.updateSchedule(id, sent)
  return sent
}
