// The active profile's campaigns reach the page as `campaigns:changed` changes (common/list-changes.ts), never
// as the whole list: the campaigns a commit changed and the ids it removed, numbered, at most one event every
// 50 ms (main/core/list-publisher.ts). What changed is told by each campaign's signature (./campaign-store.ts)
// against the last look; a look follows each commit of this process that wrote campaigns (onCampaignsWritten)
// and each commit of another process (the database's watch: a second host, the CLI beside the app), so both
// arrive the same way. Main keeps the signatures only, never the campaigns.
import type { Campaign } from '../../../common/campaigns'
import type { ListChanges, ListSnapshot } from '../../../common/list-changes'
import type { AppDatabase, ChangeTimers } from '../db/database'
import {
  createListPublisher,
  trackRevisions,
  type PublisherTimers,
  type RevisionTracker,
} from '../list-publisher'
import { onCampaignsWritten, type CampaignStore } from './campaign-store'

/** How often the database is asked whether another process committed (as the drafts and snippets are). */
export const CAMPAIGNS_WATCH_MS = 1_000

export interface CampaignChanges {
  /** Whether anything changed since the last look: what did goes out (now or at the end of the interval). */
  look(): void
  /** The page's list whole, with the number of the last change it includes; starts the looking. */
  snapshot(): ListSnapshot<Campaign>
  close(): void
}

export function createCampaignChanges(deps: {
  database: AppDatabase
  campaigns: CampaignStore
  profileId(): string
  send(change: ListChanges<Campaign>): void
  /** The clock of the change events; tests step it. */
  timers?: PublisherTimers
  /** The watch's timer (tests hold it still). */
  watchTimers?: ChangeTimers
}): CampaignChanges {
  const publisher = createListPublisher<Campaign>({
    send: deps.send,
    ...(deps.timers ? { timers: deps.timers } : {}),
  })
  /** Whose campaigns the signatures are of: another profile's list is no change of this one. */
  let tracked: { profileId: string; revisions: RevisionTracker } | undefined
  const stops: Array<() => void> = []

  function look(): void {
    const profileId = deps.profileId()
    if (tracked?.profileId !== profileId) {
      const first = tracked === undefined
      tracked = { profileId, revisions: trackRevisions(() => deps.campaigns.signatures(profileId)) }
      // The first look records what the page's list is read with.
      tracked.revisions.since()
      // Another profile is active: what the page holds is no list of its (it resets on the switch anyway).
      if (!first) publisher.reload()
      return
    }
    const { changed, removed } = tracked.revisions.since()
    const found = changed.flatMap((id) => deps.campaigns.get(id) ?? [])
    const present = new Set(found.map((campaign) => campaign.id))
    // One removed between the look and its read is gone too.
    publisher.add(found, [...removed, ...changed.filter((id) => !present.has(id))])
  }

  /** Started by the first list: a host no page ever asked has nothing to tell. */
  function start(): void {
    if (stops.length > 0) return
    stops.push(
      onCampaignsWritten(deps.database, look),
      deps.database.watch(look, {
        intervalMs: CAMPAIGNS_WATCH_MS,
        ...(deps.watchTimers ? { timers: deps.watchTimers } : {}),
      }),
    )
  }

  return {
    look,
    snapshot() {
      start()
      // What changed before the read goes out first: the list read next includes it, and the number says so.
      look()
      const seq = publisher.flush()
      return { items: deps.campaigns.listForProfile(tracked!.profileId), seq }
    },
    close() {
      for (const stop of stops.splice(0)) stop()
      publisher.close()
    },
  }
}
