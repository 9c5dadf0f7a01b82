// Campaigns: one post composed for several accounts. The service knows only the posts; a campaign is a local
// record (main/core/campaigns/campaign-store.ts) that ties them together, so the planner can show them as one
// card and edit them as one. A post made elsewhere, or whose record is lost, is a single post again.
import type { DraftStatus } from './drafts'
import type { AppErrorData } from './errors'
import type { ScheduleStatus } from './service'

/** How far one account's post may be from the campaign's time, either way: half a day. */
export const MAX_OFFSET_MINUTES = 12 * 60

/** How many accounts one campaign may have: as many as one draft may be written for (common/drafts.ts). */
export const MAX_CAMPAIGN_MEMBERS = 20

/** One account's post in a campaign: the local draft until it is sent, the service's post once it is. */
export interface CampaignMember {
  accountId: string
  /** Minutes from the campaign's time, −720 to +720 (Instagram at 09:00, TikTok at 09:30). */
  offsetMinutes: number
  draftId?: string
  scheduleId?: string
}

export interface Campaign {
  id: string
  profileId: string
  /** The campaign's time (UTC ISO); each member goes out at this plus its offset. */
  at: string
  members: CampaignMember[]
  createdAt: string
  updatedAt: string
}

/** Whether an offset is one the campaign takes: whole minutes within ±12 h. */
export function isValidOffset(minutes: number): boolean {
  return Number.isInteger(minutes) && Math.abs(minutes) <= MAX_OFFSET_MINUTES
}

/** The member's own time: the campaign's time moved by its offset. */
export function memberTime(at: string, offsetMinutes: number): string {
  return new Date(Date.parse(at) + offsetMinutes * 60_000).toISOString()
}

/**
 * The buckets a campaign's statuses are summed into, in the order the card says them: what went wrong first,
 * so "1 failed" is never the part cut off.
 */
export const SUMMED_STATUSES = ['failed', 'publishing', 'published', 'scheduled', 'waiting', 'draft'] as const
export type SummedStatus = (typeof SUMMED_STATUSES)[number]

const BUCKET: Record<DraftStatus | ScheduleStatus, SummedStatus> = {
  draft: 'draft',
  // In this computer's outbox, not yet on the service: "waiting to send", never "scheduled" (offline it may
  // wait for hours, and the service knows nothing of it).
  queued: 'waiting',
  sending: 'publishing',
  scheduled: 'scheduled',
  pending: 'scheduled',
  process: 'publishing',
  success: 'published',
  error: 'failed',
  failed: 'failed',
  'needs-attention': 'failed',
}

export function summedStatusOf(status: DraftStatus | ScheduleStatus): SummedStatus {
  return BUCKET[status]
}

/** The statuses of a campaign's posts counted per bucket, the empty buckets left out, in SUMMED_STATUSES order. */
export function sumStatuses(
  statuses: readonly (DraftStatus | ScheduleStatus)[],
): { status: SummedStatus; count: number }[] {
  const counts = new Map<SummedStatus, number>()
  for (const status of statuses) {
    const bucket = BUCKET[status]
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
  }
  return SUMMED_STATUSES.flatMap((status) => {
    const count = counts.get(status)
    return count ? [{ status, count }] : []
  })
}

/** A post in one of these may still be changed by an edit of its campaign; the others are shown locked. */
export const EDITABLE_STATUSES: readonly (DraftStatus | ScheduleStatus)[] = [
  'draft',
  'queued',
  'failed',
  'needs-attention',
  'pending',
  'error',
]

export function isEditableStatus(status: DraftStatus | ScheduleStatus): boolean {
  return EDITABLE_STATUSES.includes(status)
}

/** One account's variant as the campaign editor sends it: what differs per account. */
export interface CampaignVariant {
  accountId: string
  title: string
  description: string
  /** The network's options for this account's post (additionalInfo), as typed. */
  additionalInfo: Record<string, unknown>
  offsetMinutes: number
}

/** What happened to each account's post on an edit of the campaign. */
export interface CampaignEditOutcome {
  accountId: string
  outcome: 'updated' | 'added' | 'locked' | 'failed'
  /** Why it failed: the rest of the campaign is changed all the same. */
  error?: AppErrorData
}
