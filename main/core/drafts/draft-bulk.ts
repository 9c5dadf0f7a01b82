// One action on many drafts (common/draft-calls.ts) as one transaction: the planner's selection scheduled,
// taken back, moved or deleted, and the page hears of it once, after the commit (draft-store.ts). Each draft
// is decided on its row as stored now, inside that transaction, in a savepoint of its own: one refused (changed
// elsewhere since the page saw it, sent by the CLI meanwhile, incomplete) is answered with its reason and
// leaves nothing half-done, and the others go ahead. A failure that is not about the draft (a full disk) fails
// the whole call and changes nothing.
import type { DraftBulkResult } from '../../../common/draft-calls'
import { AppError } from '../../../common/errors'
import { changedElsewhere, type DraftStore, type StoredDraft } from './draft-store'
import type { DraftsService } from './drafts-service'

export interface BulkDraft {
  id: string
  /** The revision the page acted on; absent: the draft as it is now. */
  revision?: number
}

/** What happens to one draft: the draft as stored after it, or null when it was deleted. */
type Act = (draft: StoredDraft) => StoredDraft | null

export interface DraftBulk {
  schedule(drafts: readonly BulkDraft[]): DraftBulkResult
  unschedule(drafts: readonly BulkDraft[]): DraftBulkResult
  remove(drafts: readonly BulkDraft[]): DraftBulkResult
  move(drafts: ReadonlyArray<BulkDraft & { scheduleAt: string }>): DraftBulkResult
}

/** A refusal about this draft (its state, its fields, its revision, it being gone) rather than the store's. */
const aboutTheDraft = (error: AppError) => error.kind === 'validation' || error.kind === 'not-found'

export function createDraftBulk(store: Pick<DraftStore, 'batch'>, service: DraftsService): DraftBulk {
  /** A refused draft as stored now, for the page to show at once; none when it is gone. */
  const storedNow = (id: string): StoredDraft | undefined => {
    try {
      return service.get(id)
    } catch {
      return undefined
    }
  }
  function each<T extends BulkDraft>(
    drafts: readonly T[],
    act: (draft: StoredDraft, asked: T) => StoredDraft | null,
  ) {
    const result: DraftBulkResult = { changed: [], removed: [], refused: [] }
    store.batch(() => {
      for (const asked of drafts) {
        try {
          const done = store.batch(() => {
            const current = service.get(asked.id)
            if (asked.revision !== undefined && current.revision !== asked.revision)
              throw changedElsewhere(asked.id)
            return act(current, asked)
          })
          if (done) result.changed.push(done)
          else result.removed.push(asked.id)
        } catch (error) {
          const refusal = AppError.from(error)
          if (!aboutTheDraft(refusal)) throw error
          const current = storedNow(asked.id)
          result.refused.push({ id: asked.id, error: refusal.toJSON(), ...(current ? { current } : {}) })
        }
      }
    })
    return result
  }

  const simply =
    (act: Act) =>
    (drafts: readonly BulkDraft[]): DraftBulkResult =>
      each(drafts, act)

  return {
    schedule: simply((draft) => service.queue(draft.id)),
    unschedule: simply((draft) => service.unqueue(draft.id)),
    remove: simply((draft) => {
      service.remove(draft.id)
      return null
    }),
    move: (drafts) =>
      each(drafts, (draft, { scheduleAt }) =>
        service.save({
          id: draft.id,
          revision: draft.revision,
          post: { ...draft.post, scheduleAt },
          localMedia: draft.localMedia,
          ...(draft.targets ? { targets: draft.targets } : {}),
        }),
      ),
  }
}
