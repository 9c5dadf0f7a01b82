// The drafts domain's operations over the store: what the handlers, the CLI and the outbox share.
// Status moves here follow common/drafts.ts: draft -> queued (validated) -> sending -> scheduled | failed |
// needs-attention; the person can take a queued, failed or needs-attention post back to draft.
import { randomUUID } from 'node:crypto'
import { checkMembers, type CampaignStore } from '../campaigns/campaign-store'
import type { Draft, DraftPost, DraftStatus, DraftTarget, LocalMedia } from '../../../common/drafts'
import { DraftValidationAppError, notFound, wrongState } from './draft-errors'
import { mergeFieldErrors, postsForTargets, severalTargets } from './draft-targets'
import { changedElsewhere, type DraftStore, type StoredDraft } from './draft-store'
import { MIN_LEAD_MS, validateForQueue } from './validation'

export interface DraftsServiceDeps {
  store: DraftStore
  now: () => Date
  /** The active profile: the service sees only its drafts, and new drafts are written for it. */
  profileId: () => string
  newId?: () => string
  /**
   * Where a draft of several accounts, once split, is recorded as a campaign (main/core/campaigns/). Without
   * it (the CLI's `drafts add`) the posts are queued as single posts, as before campaigns.
   */
  campaigns?: Pick<CampaignStore, 'create'>
}

export interface SaveDraftInput {
  id?: string
  /** The revision the edit was based on; a save based on an older one is refused (draft-store.ts). */
  revision?: number
  post: DraftPost
  localMedia: LocalMedia[]
  /** Several accounts (see Draft.targets); one or none is a draft of `post.accountId` alone. */
  targets?: DraftTarget[]
}

export type ResolveAction =
  { action: 'send-now' } | { action: 'reschedule'; scheduleAt: string } | { action: 'keep-draft' }

export interface DraftsService {
  list(): StoredDraft[]
  get(id: string): StoredDraft
  save(input: SaveDraftInput): StoredDraft
  /**
   * Saves and queues as one transaction (the composer's "Schedule"): refused, nothing is saved either, and
   * the page hears of nothing; queued, the page hears of the draft once.
   */
  saveAndQueue(input: SaveDraftInput): StoredDraft
  remove(id: string): void
  /**
   * Validates and queues; throws DraftValidationAppError listing every bad field. A draft of several accounts
   * is split into one queued draft per account, and the first (this id) is returned.
   */
  queue(id: string): StoredDraft
  /** Takes a queued (or failed) post back to draft: "queue" is local; "scheduled" means on the service. */
  unqueue(id: string): StoredDraft
  resolve(id: string, action: ResolveAction): StoredDraft
}

const at = (d: Draft) => d.post.scheduleAt || d.updatedAt
/** ISO times compare as plain strings: no locale collation for each of the ~130,000 comparisons of 10,000. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function byTime(a: StoredDraft, b: StoredDraft): number {
  return compare(at(a), at(b)) || compare(a.createdAt, b.createdAt)
}

export function createDraftsService({
  store,
  now,
  profileId,
  newId = randomUUID,
  campaigns,
}: DraftsServiceDeps): DraftsService {
  function get(id: string): StoredDraft {
    const draft = store.get(id)
    // Another profile's draft is not reachable by id either: editing or queueing it here would send it
    // through the wrong account.
    if (!draft || draft.profileId !== profileId()) throw notFound(id)
    return draft
  }

  /**
   * Writes `changes` when the row as stored now still allows it (`allow`, run inside the transaction): the
   * copy in memory may lag another process's commit (the CLI's `sync` sent the post a moment ago).
   */
  const stamp = (
    draft: StoredDraft,
    changes: Partial<Draft>,
    allow: (status: DraftStatus) => void,
    baseRevision?: number,
  ): StoredDraft =>
    store.update(draft, changes, now(), { baseRevision, guard: (current) => allow(current.status) })

  function enqueue(
    draft: StoredDraft,
    allow: (status: DraftStatus) => void,
    post: DraftPost = draft.post,
    baseRevision?: number,
  ): StoredDraft {
    const targets = severalTargets(draft)
    if (targets) return queueEach(draft, postsForTargets(post, targets))
    const errors = validateForQueue({ post, localMedia: draft.localMedia }, now())
    if (errors.length > 0) throw new DraftValidationAppError(errors)
    return stamp(
      draft,
      {
        post,
        localMedia: draft.localMedia,
        targets: draft.targets,
        status: 'queued',
        error: undefined,
        attention: undefined,
      },
      allow,
      baseRevision,
    )
  }

  /** Every account's post must pass before any is queued: half a multi-account post is not what was asked. */
  function queueEach(draft: StoredDraft, posts: DraftPost[]): StoredDraft {
    const errors = mergeFieldErrors(
      posts.map((post) => validateForQueue({ post, localMedia: draft.localMedia }, now())),
    )
    const targets = severalTargets(draft) ?? []
    // The offsets are checked with the rest: a campaign refused after its posts were queued would leave them
    // queued at times the person did not see refused.
    try {
      checkMembers(targets.map((t) => ({ accountId: t.accountId, offsetMinutes: t.offsetMinutes ?? 0 })))
    } catch (error) {
      errors.push({ field: 'offsetMinutes', code: 'offset-out-of-range', message: (error as Error).message })
    }
    if (errors.length > 0) throw new DraftValidationAppError(errors)
    const at = now().toISOString()
    const [first, ...others] = posts.map((post, index): StoredDraft => {
      const { targets: _split, error: _error, attention: _attention, ...rest } = draft
      return index === 0
        ? { ...rest, post, status: 'queued', updatedAt: at }
        : {
            id: newId(),
            profileId: draft.profileId,
            status: 'queued',
            post,
            // Each draft uploads its own copy when sent: the upload key is per draft (outbox.ts).
            localMedia: draft.localMedia.map((media) => ({ ...media })),
            createdAt: at,
            updatedAt: at,
          }
    })
    const queued = [first!, ...others]
    // The posts and their campaign record commit together: a campaign refused leaves nothing queued (the
    // draft stays as it was, and the call says why), and the page hears of both at once.
    store.batch(() => {
      store.putMany(queued)
      campaigns?.create({
        profileId: draft.profileId,
        at: draft.post.scheduleAt,
        members: queued.map((one, index) => ({
          accountId: one.post.accountId,
          offsetMinutes: targets[index]?.offsetMinutes ?? 0,
          draftId: one.id,
        })),
      })
    })
    return first!
  }

  /** A post being sent or already on the service is not edited here. */
  function editable(status: DraftStatus): void {
    if (status === 'sending')
      throw wrongState('draft-sending', 'This post is being sent; edit it once that is done.')
    if (status === 'scheduled') {
      throw wrongState(
        'draft-on-service',
        'This post is already on the service; edit it in the planner there.',
      )
    }
  }

  const service: DraftsService = {
    list: () => store.listForProfile(profileId()).sort(byTime),
    get,
    saveAndQueue: (input) => store.batch(() => service.queue(service.save(input).id)),
    save({ id, revision, post, localMedia, targets: asked }) {
      const targets = severalTargets({ targets: asked }) ?? undefined
      if (!id) {
        const at = now().toISOString()
        const draft: StoredDraft = {
          id: newId(),
          profileId: profileId(),
          status: 'draft',
          post,
          localMedia,
          ...(targets ? { targets } : {}),
          createdAt: at,
          updatedAt: at,
        }
        return store.put(draft)
      }
      const draft = get(id)
      // Checked here too, before the status checks: the status seen may be the other process's change.
      if (revision !== undefined && draft.revision !== undefined && draft.revision !== revision) {
        throw changedElsewhere(id)
      }
      // The edit was decided for the status seen: a post sent or queued elsewhere since is not this edit's.
      const allow = (status: DraftStatus) => {
        editable(status)
        if (status !== draft.status) throw changedElsewhere(id)
      }
      allow(draft.status)
      if (draft.status === 'queued') {
        // Still queued after the edit (a drag to another day, a typo fixed) only if it still passes.
        return enqueue({ ...draft, localMedia, targets }, allow, post, revision)
      }
      // Editing a failed or needs-attention post is the person dealing with it: back to a plain draft.
      return stamp(
        draft,
        { post, localMedia, targets, status: 'draft', error: undefined, attention: undefined },
        allow,
        revision,
      )
    },
    remove(id) {
      get(id)
      // Decided on the row as stored now: a post the CLI sent a moment ago stays listed with its schedule.
      store.remove(id, (current) => {
        if (current.status === 'sending')
          throw wrongState('draft-sending', 'This post is being sent; wait for it to finish.')
        if (current.status === 'scheduled') {
          throw wrongState(
            'draft-on-service',
            'This post is already on the service; delete it from the calendar instead.',
          )
        }
      })
    },
    queue(id) {
      const draft = get(id)
      const allow = (status: DraftStatus) => {
        if (status === 'sending' || status === 'scheduled') {
          throw wrongState('draft-on-service', 'This post is already on its way to the service.')
        }
      }
      allow(draft.status)
      if (draft.status === 'queued') return draft
      return enqueue(draft, allow)
    },
    unqueue(id) {
      const draft = get(id)
      const allow = (status: DraftStatus) => {
        if (status === 'sending' || status === 'scheduled') {
          throw wrongState('draft-on-service', 'This post has been sent; delete it from the service instead.')
        }
      }
      allow(draft.status)
      if (draft.status === 'draft') return draft
      return stamp(draft, { status: 'draft', error: undefined, attention: undefined }, allow)
    },
    resolve(id, action) {
      const draft = get(id)
      // The outbox of another process may have settled it meanwhile (sent it again, say).
      const allow = (status: DraftStatus) => {
        if (status !== 'needs-attention' && status !== 'failed') {
          throw wrongState('draft-no-decision', 'This post does not need a decision.')
        }
      }
      allow(draft.status)
      switch (action.action) {
        case 'keep-draft':
          return stamp(draft, { status: 'draft', error: undefined, attention: undefined }, allow)
        case 'send-now': {
          // "Now" on the service means the next minute: it refuses a time already past by the time it arrives.
          const soonest = now().getTime() + MIN_LEAD_MS + 30_000
          // "Send again" after a create whose outcome stayed unknown: at its own time while that is ahead.
          const again =
            draft.attention?.reason === 'answer-lost' && Date.parse(draft.post.scheduleAt) >= soonest
          const scheduleAt = again ? draft.post.scheduleAt : new Date(soonest).toISOString()
          return enqueue(draft, allow, { ...draft.post, scheduleAt })
        }
        case 'reschedule':
          return enqueue(draft, allow, { ...draft.post, scheduleAt: action.scheduleAt })
      }
    },
  }
  return service
}
