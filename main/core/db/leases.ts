// Leases: a resource (an upload item, a draft the outbox is sending) belongs to one process while that process
// keeps renewing its lease. The app, the browser mode and any number of CLI runs share one database; a lease
// is how one of them knows an unfinished item is another's live work (leave it) or was abandoned (a killed
// run, a laptop that slept past the expiry: take it over). Every write about a leased resource checks the lease
// in the same transaction (`holds`), so a process that lost its lease stops without writing.
import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import type { AppDatabase, ChangeTimers } from './database'
import { sqlOf } from './handle'
import { z } from 'zod'
import { columnsOf, declareTable, integer, parseRow } from './rows'

export const LEASE_TTL_MS = 60_000
export const LEASE_RENEW_MS = 10_000

export interface Leases {
  /** This process's name in the table. */
  readonly owner: string
  /** Takes the lease when it is free, expired or ours; true when we hold it now. */
  acquire(resource: string): boolean
  /** Whether we hold an unexpired lease on it: check it in the transaction of every write about it. */
  holds(resource: string): boolean
  /** Who holds it now (an unexpired lease), or undefined. */
  holder(resource: string): string | undefined
  /** Whether another owner holds an unexpired lease of a resource starting with `prefix` (`upload:`). */
  othersHold(prefix: string): boolean
  /** Extends every lease we hold; returns the resources we had been renewing but no longer hold. */
  renew(): string[]
  release(resource: string): void
  /**
   * Releases every lease of ours whose resource starts with `prefix` (`upload:`), those taken by another
   * Leases object of this owner included: a clean close, so the next run resumes the work at once.
   */
  releaseAll(prefix: string): void
  /** Renews every `intervalMs` (10 s) until stopped; `onLost` hears of leases another process took over. */
  startRenewing(
    onLost: (resources: string[]) => void,
    options?: { intervalMs?: number; timers?: ChangeTimers },
  ): () => void
}

export function processOwner(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`
}

/**
 * Whether `owner` (a processOwner() name) is a process of this machine that no longer runs: a run killed with
 * SIGKILL (or crashed) cannot release its leases, and waiting out their expiry would hold a cron `sync` or a
 * restarted app back for a minute. A process of another machine (a shared data folder) is taken for alive.
 */
export function deadOwner(owner: string): boolean {
  const [host, pidText] = owner.split('/')
  const pid = Number(pidText)
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

export function createLeases(
  database: AppDatabase,
  options: {
    owner?: string
    now?: () => number
    ttlMs?: number
    /** Whether a holder is a process known to be gone (default: deadOwner). */
    isDead?: (owner: string) => boolean
  } = {},
): Leases {
  const db = sqlOf(database)
  const owner = options.owner ?? processOwner()
  const now = options.now ?? Date.now
  const ttl = options.ttlMs ?? LEASE_TTL_MS
  const isDead = options.isDead ?? deadOwner
  /** What we believe we hold, so that renew() can tell which were lost. */
  const held = new Set<string>()

  const take = db.prepare(`
    INSERT INTO leases (resource, owner, expires_at) VALUES (:resource, :owner, :expires)
    ON CONFLICT (resource) DO UPDATE SET owner = :owner, expires_at = :expires
    WHERE leases.owner = :owner OR leases.expires_at <= :now`)
  const current = db.prepare('SELECT owner, expires_at FROM leases WHERE resource = ?')
  const extend = db.prepare(
    'UPDATE leases SET expires_at = ? WHERE resource = ? AND owner = ? AND expires_at > ?',
  )
  const drop = db.prepare('DELETE FROM leases WHERE resource = ? AND owner = ?')
  const dropAll = db.prepare('DELETE FROM leases WHERE owner = ? AND substr(resource, 1, length(?)) = ?')
  const takeOver = db.prepare('UPDATE leases SET owner = ?, expires_at = ? WHERE resource = ? AND owner = ?')
  const another = db.prepare(`SELECT resource FROM leases
    WHERE owner <> ? AND expires_at > ? AND substr(resource, 1, length(?)) = ? LIMIT 1`)

  const holderColumns = columnsOf(leasesTable, 'owner', 'expires_at')
  const holderOf = (resource: string) => {
    const row = parseRow('leases', holderColumns, current.get(resource))
    return row && row.expires_at > now() ? row.owner : undefined
  }

  // A lease lost in a power cut costs nothing (every process of the machine is gone, and a dead process's
  // lease is taken over), so its writes skip the fsync that a send's two durable commits pay for.
  const quick = { durability: 'crash' } as const

  const leases: Leases = {
    owner,
    acquire(resource) {
      const at = now()
      const changed = database.transaction(() => {
        const taken = take.run({ resource, owner, expires: at + ttl, now: at }).changes
        if (taken > 0) return taken
        // Held by a process of this machine that was killed: its lease would only run out.
        const row = parseRow('leases', holderColumns, current.get(resource))
        return row && isDead(row.owner) ? takeOver.run(owner, at + ttl, resource, row.owner).changes : 0
      }, quick)
      if (changed > 0) held.add(resource)
      else held.delete(resource)
      return changed > 0
    },
    holds: (resource) => holderOf(resource) === owner,
    holder: holderOf,
    othersHold: (prefix) => another.get(owner, now(), prefix, prefix) !== undefined,
    renew() {
      const at = now()
      const lost: string[] = []
      database.transaction(() => {
        for (const resource of held) {
          if (extend.run(at + ttl, resource, owner, at).changes === 0) lost.push(resource)
        }
      }, quick)
      for (const resource of lost) held.delete(resource)
      return lost
    },
    release(resource) {
      held.delete(resource)
      database.transaction(() => drop.run(resource, owner), quick)
    },
    releaseAll(prefix) {
      for (const resource of held) if (resource.startsWith(prefix)) held.delete(resource)
      database.transaction(() => dropAll.run(owner, prefix, prefix), quick)
    },
    startRenewing(onLost, renewOptions = {}) {
      const timers: ChangeTimers = renewOptions.timers ?? {
        setInterval: (callback, ms) => setInterval(callback, ms).unref(),
        clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
      }
      const handle = timers.setInterval(() => {
        const lost = leases.renew()
        if (lost.length > 0) onLost(lost)
      }, renewOptions.intervalMs ?? LEASE_RENEW_MS)
      return () => timers.clearInterval(handle)
    },
  }
  return leases
}

/** A lease: the `leases` table's row, declared once (../db/rows.ts). */
export const leasesTable = declareTable({
  table: 'leases',
  key: ['resource'],
  what: 'a lease',
  columns: z.object({ resource: z.string(), owner: z.string(), expires_at: integer }),
})

/**
 * Drops leases of work that was deleted (a deleted profile's drafts, replies and uploads), whoever holds them:
 * a holder's next write finds its lease gone and stops, and nothing waits for them to run out.
 */
export function dropLeases(database: AppDatabase, resources: readonly string[]): void {
  const drop = sqlOf(database).prepare('DELETE FROM leases WHERE resource = ?')
  for (const resource of resources) drop.run(resource)
}
