// A draft written for several accounts becomes one draft per account when it is queued: each post is then
// sent, tracked and retried on its own, and `drafts list` stays one line a post.
import { memberTime } from '../../../common/campaigns'
import type { Draft, DraftFieldError, DraftPost, DraftTarget } from '../../../common/drafts'

/** The accounts of a draft written for more than one; null for a draft of one account. */
export function severalTargets(draft: Pick<Draft, 'targets'>): DraftTarget[] | null {
  return draft.targets && draft.targets.length > 1 ? draft.targets : null
}

/**
 * The post each account gets: its account, its own text, title and network options where it has them, and
 * its time moved by its offset (a post with no time yet keeps none).
 */
export function postsForTargets(post: DraftPost, targets: readonly DraftTarget[]): DraftPost[] {
  return targets.map((target) => ({
    ...post,
    accountId: target.accountId,
    title: target.title ?? post.title,
    description: target.description ?? post.description,
    additionalInfo: target.additionalInfo ?? post.additionalInfo,
    scheduleAt:
      post.scheduleAt && target.offsetMinutes
        ? memberTime(post.scheduleAt, target.offsetMinutes)
        : post.scheduleAt,
  }))
}

/** The refusals of several posts as one list: a rule broken by every account is said once. */
export function mergeFieldErrors(lists: readonly DraftFieldError[][]): DraftFieldError[] {
  const seen = new Set<string>()
  return lists.flat().filter((error) => {
    const key = `${error.field}\u0000${error.code ?? ''}\u0000${error.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
