// A campaign edited as one (common/campaigns.ts): the shared members (type, media, link) and each account's
// variant (text, network options, offset) are written to every post that may still change: a local draft
// (draft, queued, failed) through the drafts service, a post of the service still pending or failed through
// an update of it. A post being published or published is left as it is and said to be locked. One post that
// cannot be changed does not stop the others: each account gets its own outcome.
import { scheduleIdOf } from '../../../common/service-vocabulary'
import {
  isEditableStatus,
  memberTime,
  type Campaign,
  type CampaignEditOutcome,
  type CampaignMember,
  type CampaignVariant,
} from '../../../common/campaigns'
import type { Draft, DraftPost } from '../../../common/drafts'
import { AppError } from '../../../common/errors'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import {
  emptyScheduleRequest,
  type CreateScheduleRequest,
  type Schedule,
  type ScheduleMedia,
} from '../../../common/service'
import type { DraftsService } from '../drafts/drafts-service'
import type { ServiceClient } from '../service-client'
import type { CampaignStore } from './campaign-store'

export type CampaignClient = Pick<ServiceClient, 'getSchedule' | 'updateSchedule' | 'deleteSchedule'>

export interface CampaignDeps {
  campaigns: CampaignStore
  drafts: DraftsService
  /** A draft by id as stored, whatever its status (the service's `get` is for the active profile's only). */
  draftOf(id: string): Draft | undefined
  /** The service, or null offline: posts already sent are then reported as not changed. */
  client: CampaignClient | null
}

/** What is shared by every post of a campaign. */
export interface CampaignShared {
  type: string
  medias: ScheduleMedia[]
  meta: CreateScheduleRequest['meta']
}

export interface CampaignEditRequest {
  id: string
  /** The campaign's new time (UTC ISO). */
  at: string
  shared: CampaignShared
  /** One per account; an account not in the campaign yet gets a new post. */
  variants: CampaignVariant[]
}

/** Where one account's post of a campaign is now. */
export type MemberPost =
  { kind: 'draft'; draft: Draft } | { kind: 'service'; post: Schedule } | { kind: 'missing' }

export async function resolveMember(deps: CampaignDeps, member: CampaignMember): Promise<MemberPost> {
  const draft = member.draftId ? deps.draftOf(member.draftId) : undefined
  // A draft the outbox has sent stands for the service's post: that one is the truth.
  if (draft && draft.status !== 'scheduled') return { kind: 'draft', draft }
  const scheduleId = member.scheduleId ?? draft?.scheduleId
  if (!scheduleId) return { kind: 'missing' }
  if (!deps.client) throw offline()
  try {
    return { kind: 'service', post: await deps.client.getSchedule(scheduleId) }
  } catch (error) {
    if (AppError.from(error).status === 404) return { kind: 'missing' }
    throw error
  }
}

function offline(): AppError {
  return new AppError({
    kind: 'offline',
    message: 'The service cannot be reached: the posts already sent were not changed.',
  })
}

function locked(status: string): AppError {
  return new AppError({
    kind: 'validation',
    code: 'campaign-post-locked',
    message: `This post is ${status === 'success' ? 'published' : 'being published'}; it cannot be changed or removed.`,
  })
}

/** The post one account gets: its current post with the shared members and its variant laid over it. */
function postFor(base: DraftPost, request: CampaignEditRequest, variant: CampaignVariant): DraftPost {
  return {
    ...base,
    type: request.shared.type,
    medias: request.shared.medias,
    meta: request.shared.meta,
    title: variant.title,
    description: variant.description,
    additionalInfo: { ...base.additionalInfo, ...variant.additionalInfo } as DraftPost['additionalInfo'],
    accountId: variant.accountId,
    scheduleAt: memberTime(request.at, variant.offsetMinutes),
  }
}

async function editOne(
  deps: CampaignDeps,
  request: CampaignEditRequest,
  variant: CampaignVariant,
  current: MemberPost,
  base: DraftPost,
): Promise<{ outcome: CampaignEditOutcome['outcome']; member: Partial<CampaignMember> }> {
  if (current.kind === 'draft') {
    const { draft } = current
    if (draft.status === 'sending') return { outcome: 'locked', member: { draftId: draft.id } }
    const wasFailed = draft.status === 'failed' || draft.status === 'needs-attention'
    const saved = deps.drafts.save({
      id: draft.id,
      ...(draft.revision !== undefined ? { revision: draft.revision } : {}),
      post: postFor(draft.post, request, variant),
      localMedia: draft.localMedia,
    })
    // A failed draft edited is the person dealing with it: it goes back in the queue with the campaign.
    if (wasFailed) deps.drafts.queue(saved.id)
    return { outcome: 'updated', member: { draftId: draft.id } }
  }
  if (current.kind === 'service') {
    const { post } = current
    const id = scheduleIdOf(post)
    if (!isEditableStatus(post.status)) return { outcome: 'locked', member: { scheduleId: id } }
    const edit = postFor(
      mergeScheduleEdit(base, post as unknown as DraftPost),
      request,
      variant,
    ) as CreateScheduleRequest
    // The whole record with the edit over it: the service replaces what it is sent (common/schedule-merge.ts).
    await deps.client!.updateSchedule(id, mergeScheduleEdit(post, edit))
    return { outcome: 'updated', member: { scheduleId: id } }
  }
  // No post any more (deleted elsewhere), or an account added: a new post, queued like the others.
  const created = deps.drafts.save({ post: postFor(base, request, variant), localMedia: [] })
  deps.drafts.queue(created.id)
  return { outcome: 'added', member: { draftId: created.id } }
}

export async function editCampaign(
  deps: CampaignDeps,
  request: CampaignEditRequest,
): Promise<{ campaign: Campaign | null; outcomes: CampaignEditOutcome[] }> {
  const campaign = deps.campaigns.get(request.id)
  if (!campaign) {
    throw new AppError({ kind: 'not-found', message: `There is no campaign ${request.id}.` })
  }
  const resolved = new Map<string, MemberPost>()
  for (const member of campaign.members) resolved.set(member.accountId, await resolveMember(deps, member))
  // A new account's post starts from the campaign's first post, so the members no editor shows (topic,
  // replies) are the campaign's too.
  const first = [...resolved.values()].find((m) => m.kind !== 'missing')
  const base: DraftPost =
    first?.kind === 'draft'
      ? first.draft.post
      : first?.kind === 'service'
        ? mergeScheduleEdit({ ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }, first.post as never)
        : { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }

  const outcomes: CampaignEditOutcome[] = []
  const members: CampaignMember[] = []
  for (const variant of request.variants) {
    const existing = campaign.members.find((m) => m.accountId === variant.accountId)
    const current = resolved.get(variant.accountId) ?? { kind: 'missing' as const }
    try {
      const { outcome, member } = await editOne(deps, request, variant, current, base)
      outcomes.push({ accountId: variant.accountId, outcome })
      members.push({
        ...existing,
        accountId: variant.accountId,
        offsetMinutes: variant.offsetMinutes,
        ...member,
      })
    } catch (error) {
      outcomes.push({ accountId: variant.accountId, outcome: 'failed', error: AppError.from(error).toJSON() })
      members.push(existing ?? { accountId: variant.accountId, offsetMinutes: variant.offsetMinutes })
    }
  }
  // Accounts the request did not name keep their post: removing one is its own call, behind Undo.
  for (const member of campaign.members) {
    if (!members.some((m) => m.accountId === member.accountId)) members.push(member)
  }
  const next = deps.campaigns.update(campaign.id, {
    at: request.at,
    members: members.filter((m) => m.draftId || m.scheduleId),
  })
  return { campaign: next ?? null, outcomes }
}

/**
 * Takes one account out of a campaign and deletes its post, still pending or failed (or a local draft); a
 * published or publishing post is refused, as it cannot be taken back.
 */
export async function removeCampaignAccount(
  deps: CampaignDeps,
  id: string,
  accountId: string,
): Promise<Campaign | null> {
  const campaign = deps.campaigns.get(id)
  const member = campaign?.members.find((m) => m.accountId === accountId)
  if (!campaign || !member) {
    throw new AppError({ kind: 'not-found', message: `The campaign ${id} has no account ${accountId}.` })
  }
  const current = await resolveMember(deps, member)
  if (current.kind === 'draft') {
    if (current.draft.status === 'sending') throw locked('process')
    deps.drafts.remove(current.draft.id)
  } else if (current.kind === 'service') {
    if (!isEditableStatus(current.post.status)) throw locked(current.post.status)
    await deps.client!.deleteSchedule(scheduleIdOf(current.post))
  }
  return deps.campaigns.removeMember(id, accountId) ?? null
}
