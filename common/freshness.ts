// How far a copy of the service's data can be trusted, one definition for main (which produces it with every
// copy it answers) and every view (which shows it): the planner's posts, the failed list, automations, the
// reports, the storage figures and files, the accounts.
//
// - fresh: the service confirmed this copy at `confirmedAt` and nothing since says otherwise;
// - checking: a copy shown while it is being refreshed; never shown as fresh (issue 34: the planner showed a
//   post from the replica as current while its refresh hung for a minute, and a move overwrote an edit);
// - stale: the service could not confirm it (offline, or the keys were refused); `confirmedAt` is when it last
//   did, so its age is real, never the time it was read from the disk.
//
// The age is not stored: it grows while the copy is shown, so a view computes it from `confirmedAt` against a
// clock that ticks (`ageOf`).

export type FreshnessState = 'fresh' | 'checking' | 'stale'

/**
 * The code of a refresh's error when the service was out of reach and nothing of it was ever kept here (a
 * profile never reached, offline): no copy yet, read once the service can be reached. A network problem over
 * an empty view read as if the data were gone.
 */
export const NO_COPY_CODE = 'no-copy-yet'

export interface Freshness {
  state: FreshnessState
  /** When the service last confirmed the copy (ISO 8601); null when it never has (nothing is shown yet). */
  confirmedAt: string | null
}

/** A copy the service just answered. */
export function confirmed(at: string | Date): Freshness {
  return { state: 'fresh', confirmedAt: typeof at === 'string' ? at : at.toISOString() }
}

/** The copy is being refreshed: shown for what it is until the answer comes, as of its last confirmation. */
export function checking(from: Freshness | null | undefined): Freshness {
  return { state: 'checking', confirmedAt: from?.confirmedAt ?? null }
}

/** The refresh did not come (or cannot): the copy stays, as of its last confirmation. */
export function stale(from: Freshness | string | null | undefined): Freshness {
  const confirmedAt = typeof from === 'string' ? from : (from?.confirmedAt ?? null)
  return { state: 'stale', confirmedAt }
}

/**
 * What a view says of a copy, given the connection: nothing can confirm a copy while the service is out of
 * reach, so a fresh one is shown stale then (as of when it was confirmed); checking stays checking, since a
 * refresh in flight decides.
 */
export function asShown(freshness: Freshness, offline: boolean): Freshness {
  return offline && freshness.state === 'fresh' ? stale(freshness) : freshness
}

/**
 * What main says of a copy it keeps and reads on its own (the inbox, the insights' figures): checking while a
 * read of it runs (a background run or the person's Refresh), stale when the last read could not make it,
 * else fresh as of its last confirmation. Main knows all three; a page that guessed from its own flags missed
 * the background's reads, and showed a copy being refreshed as current.
 */
export function freshnessOf(confirmedAt: string | null, o: { reading: boolean; failed: boolean }): Freshness {
  if (o.reading) return { state: 'checking', confirmedAt }
  return o.failed ? stale(confirmedAt) : { state: 'fresh', confirmedAt }
}

/** How old the copy is at `now` (ms, never negative); null when it was never confirmed or the time is unreadable. */
export function ageOf(freshness: Freshness, now: number): number | null {
  if (!freshness.confirmedAt) return null
  const at = Date.parse(freshness.confirmedAt)
  return Number.isNaN(at) ? null : Math.max(0, now - at)
}
