// What main says of a profile's inbox copy (common/freshness.ts): checking while a read of it runs (a background
// run or the person's Refresh, which may overlap, so they are counted), stale when the last read could not be
// made, else fresh as of the last read. The page is told when a read starts (`inbox:state`, checking): a
// background read used to leave the page showing the copy as current until it ended.
import { freshnessOf, type Freshness } from '../../common/freshness'

export interface InboxReads {
  /** A read of `profileId` starts, and the page is told; call what it answers when the read ends. */
  start(profileId: string): () => void
  /** Main's word on the profile's copy, read last at `fetchedAt`; `failed`: the last read could not be made. */
  freshness(profileId: string, fetchedAt: string | null, failed: boolean): Freshness
}

/** `started`: a read began, and the freshness with it: the page is told (main/host/inbox.ts). */
export function createInboxReads(started: () => void): InboxReads {
  const reading = new Map<string, number>()
  return {
    start(profileId) {
      reading.set(profileId, (reading.get(profileId) ?? 0) + 1)
      started()
      let ended = false
      return () => {
        if (ended) return
        ended = true
        const left = (reading.get(profileId) ?? 1) - 1
        if (left > 0) reading.set(profileId, left)
        else reading.delete(profileId)
      }
    },
    freshness: (profileId, fetchedAt, failed) =>
      freshnessOf(fetchedAt, { reading: (reading.get(profileId) ?? 0) > 0, failed }),
  }
}
