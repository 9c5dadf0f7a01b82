import type { DraftBulkResult, DraftRefusal } from '../../common/draft-calls'
import { MAX_BULK_DRAFTS, type Draft } from '../../common/drafts'
import { moveToDay } from '../lib/planner/calendar'
import { useDraftsStore, type BulkAction } from './drafts'
import { usePlannerStore } from './planner'

/** What one action on a selection did, for its one toast: how many posts, for how many accounts, and refusals. */
export interface BulkOutcome {
  action: BulkAction
  /** Posts acted on: a draft written for several accounts counts one post per account. */
  posts: number
  accounts: number
  /** Each draft not acted on, with its title as the person knows it and main's reason. */
  refused: Array<DraftRefusal & { title: string }>
}

/** The posts and accounts a draft stands for (several when it names several accounts). */
function accountsOf(draft: Draft): string[] {
  return draft.targets?.length ? draft.targets.map((t) => t.accountId) : [draft.post.accountId]
}

/**
 * The planner's actions on many drafts at once (the list view's selection, "Schedule all" after an import):
 * one call to main for each (common/draft-calls.ts), more only past MAX_BULK_DRAFTS, and one outcome to say.
 */
export function usePlannerBulk() {
  const drafts = useDraftsStore()
  const planner = usePlannerStore()

  function summarise(action: BulkAction, asked: readonly Draft[], results: DraftBulkResult[]): BulkOutcome {
    const refused = results.flatMap((r) => r.refused)
    const no = new Set(refused.map((r) => r.id))
    const done = asked.filter((d) => !no.has(d.id))
    const byId = new Map(asked.map((d) => [d.id, d]))
    return {
      action,
      posts: done.reduce((sum, d) => sum + accountsOf(d).length, 0),
      accounts: new Set(done.flatMap(accountsOf).filter(Boolean)).size,
      refused: refused.map((r) => ({ ...r, title: titleOf(byId.get(r.id)) })),
    }
  }

  /**
   * Schedules, takes back, deletes or moves (to `day`, a yyyy-mm-dd in the planner's zone, each at its own
   * time of day) the drafts of `ids`, as held now: their revisions go with them, so main refuses any changed
   * elsewhere since.
   */
  async function act(action: BulkAction, ids: readonly string[], day?: string): Promise<BulkOutcome> {
    let asked = ids.flatMap((id) => drafts.byId.get(id) ?? [])
    const times = new Map<string, string>()
    if (action === 'move') {
      for (const draft of asked) {
        const from = draft.post.scheduleAt || new Date().toISOString()
        const next = day ? moveToDay(from, day, planner.timeZone) : null
        if (next) times.set(draft.id, next.iso)
      }
      // No day, or not one: nothing to move (the form asks for a date before it sends).
      asked = asked.filter((d) => times.has(d.id))
    }
    const results: DraftBulkResult[] = []
    for (let at = 0; at < asked.length; at += MAX_BULK_DRAFTS) {
      const chunk = asked.slice(at, at + MAX_BULK_DRAFTS).map((d) => d.id)
      results.push(await drafts.bulk(action, chunk, times))
    }
    return summarise(action, asked, results)
  }

  return { act }
}

function titleOf(draft: Draft | undefined): string {
  return draft ? draft.post.title || draft.post.description : ''
}
