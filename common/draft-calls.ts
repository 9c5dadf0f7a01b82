// The drafts' bulk calls (the planner's list view acts on a selection, "Schedule all" on an import), spread
// into common/contract.ts's table so they are validated before a handler runs. Each is one call and one
// transaction in main (main/core/drafts/draft-bulk.ts): a draft refused there (changed elsewhere since the page
// saw it, sent meanwhile, incomplete) is answered with its reason, and the others go ahead.
import { z } from 'zod'
import { MAX_BULK_DRAFTS, type Draft } from './drafts'
import type { AppErrorData } from './errors'

const id = z.string().min(1).max(200)
const isoDate = z.iso.datetime({ offset: true })
/** The revision the page acted on: a draft changed since (another window, the CLI) is refused, not acted on. */
const revision = z.number().int().nonnegative().optional()

const unique = (items: ReadonlyArray<{ id: string }>) =>
  new Set(items.map((item) => item.id)).size === items.length
const oneEach = { message: 'Each draft is listed once.' }

const drafts = z
  .array(z.object({ id, revision }).strict())
  .min(1)
  .max(MAX_BULK_DRAFTS)
  .refine(unique, oneEach)

export const draftBulkCallSchemas = {
  /** Validates and queues each; a draft of several accounts is split as `drafts:schedule` splits it. */
  'drafts:schedule-many': z.object({ drafts }).strict(),
  /** Takes each queued, failed or needs-attention post back to a draft. */
  'drafts:unschedule-many': z.object({ drafts }).strict(),
  /** Deletes each (sent when the Undo window of the page's delete ends). */
  'drafts:delete-many': z.object({ drafts }).strict(),
  /** Gives each its new time (the page computes it in the planner's zone); a queued one stays queued if valid. */
  'drafts:move-many': z
    .object({
      drafts: z
        .array(z.object({ id, revision, scheduleAt: isoDate }).strict())
        .min(1)
        .max(MAX_BULK_DRAFTS)
        .refine(unique, oneEach),
    })
    .strict(),
} as const

/** A draft a bulk call did not act on, and why (an AppError's data; a validation refusal lists its fields). */
export interface DraftRefusal {
  id: string
  error: AppErrorData
  /**
   * The draft as stored now, when it is still there: the page shows it at once, beside the refusal that names
   * it, instead of its old copy until the change reaches it (a draft the CLI edited or sent meanwhile).
   */
  current?: Draft
}

/** What one bulk call did: the drafts as stored now, the ids deleted, and each refusal. */
export interface DraftBulkResult {
  changed: Draft[]
  removed: string[]
  refused: DraftRefusal[]
}

export interface DraftBulkCallResponses {
  'drafts:schedule-many': DraftBulkResult
  'drafts:unschedule-many': DraftBulkResult
  'drafts:delete-many': DraftBulkResult
  'drafts:move-many': DraftBulkResult
}
