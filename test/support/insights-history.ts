// Published posts and accounts to insert into the sandbox (RunningSandbox.insertRecords) for the insights'
// tests: one post at each of `hours` (on the sandbox's Jakarta clock) of every day from `fromDay` days back, for
// `days` days, so the sandbox's own best slot (sandbox/figures.ts BEST_SLOT) has posts enough behind it to be
// found; or one post at a given time.
import { startSandbox, type RunningSandbox } from '../../sandbox'
import { PATTERN_UTC_OFFSET_HOURS } from '../../sandbox/figures'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A connected account of the given network, as the sandbox stores it. */
export function accountRecord(id: string, type: string, name = 'Kopi Senja', username = 'kopisenja') {
  return {
    _id: id,
    generatedId: type,
    name,
    username,
    isConnected: true,
    type,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  }
}

/** A post the service published at `at` on `accountId`. */
export function publishedPost(
  id: string,
  accountId: string,
  at: number,
  o: { description?: string; type?: string } = {},
) {
  const iso = new Date(at).toISOString()
  return {
    _id: id,
    title: '',
    description: o.description ?? `Post ${id}`,
    topic: '',
    type: o.type ?? 'image',
    medias: [] as Array<{ type: string; url: string; thumbnail: string; alt: string }>,
    meta: { title: '', description: '', url: '' },
    additionalInfo: {},
    replies: [],
    status: 'success',
    scheduleAt: iso,
    accountId,
    createdAt: iso,
    updatedAt: iso,
  }
}

export interface HistoryOptions {
  accountId: string
  now: number
  /** Makes the ids unique per test; ids are 24 characters, as the service's. */
  prefix: string
  hours?: readonly number[]
  fromDay?: number
  days?: number
  type?: (day: number) => string
}

export function publishedHistory(o: HistoryOptions) {
  const offset = PATTERN_UTC_OFFSET_HOURS * HOUR
  const today = Math.floor((o.now + offset) / DAY) * DAY - offset
  const out = []
  const from = o.fromDay ?? 8
  for (let d = from; d < from + (o.days ?? 70); d++) {
    for (const hour of o.hours ?? [12, 18, 19, 20]) {
      out.push(
        publishedPost(
          `${o.prefix}${String(d).padStart(3, '0')}h${hour}`.padEnd(24, '0'),
          o.accountId,
          today - d * DAY + hour * HOUR,
          {
            description: `Kopi pagi ${d}/${hour}`,
            type: o.type?.(d) ?? 'image',
          },
        ),
      )
    }
  }
  return out
}

/**
 * A sandbox (Premium, nothing seeded) whose one user has one Instagram account with these published posts,
 * its files under `dir`.
 */
export async function startHistorySandbox(o: {
  dir: string
  keys: { accessKey: string; secretKey: string }
  accountId: string
  schedules: ReturnType<typeof publishedPost>[]
}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({
    port: 0,
    dataDir: o.dir,
    publisherIntervalMs: 0,
    config: { users: [{ ...o.keys, tier: 'premium', storageLimit: 1e9, seed: 'empty' }] },
  })
  await sandbox.insertRecords(o.keys.accessKey, {
    accounts: [accountRecord(o.accountId, 'instagram', 'Kopi Senja', 'kopisenja.id')],
    schedules: o.schedules,
  })
  return sandbox
}
