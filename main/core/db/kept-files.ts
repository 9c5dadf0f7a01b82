// The copies the data layer leaves beside the database, kept for manual recovery, and how long each is kept
// (README, "Where your data is"): the newest 3 migration backups (`mediadeck.db.backup-v<n>-<time>`), the newest 3
// damaged files (`<file>.damaged-<time>`, with their -wal and -shm), and an old state file renamed `*.pre-db`
// for 90 days after its import (legacy-import.ts). Without a limit, every migration and every damaged file set
// aside would stay in the data folder for good.
import { readdirSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export const KEEP_BACKUPS = 3
export const KEEP_DAMAGED = 3
export const KEEP_PRE_DB_DAYS = 90

/** A backup being written (`<backup>.partial-<pid>`): VACUUM INTO writes it, renamed only once complete. */
export const PARTIAL_SUFFIX = '.partial'
/** A partial backup older than this was left by a run that was killed, not one still writing. */
const STALE_PARTIAL_MS = 60 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

function names(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function remove(path: string): void {
  rmSync(path, { force: true })
}

/**
 * Keeps the newest `keep` of the files `<file><marker><time>` (their stamps sort as time), removing the others
 * with whatever follows the stamp (`-wal`, `-shm`).
 */
export function pruneStamped(file: string, marker: string, keep: number): void {
  const dir = dirname(file)
  const prefix = basename(file) + marker
  const stampOf = (name: string) => /^\d{4}-\d{2}-\d{2}T[\d-]+Z/.exec(name.slice(prefix.length))?.[0]
  const entries = names(dir).filter((name) => name.startsWith(prefix) && stampOf(name) !== undefined)
  const stamps = [...new Set(entries.map((name) => stampOf(name)!))].sort().reverse()
  const old = new Set(stamps.slice(keep))
  for (const name of entries) if (old.has(stampOf(name)!)) remove(join(dir, name))
}

/** Prunes the database's migration backups and damaged files; removes backups a killed run left half written. */
export function pruneDatabaseCopies(file: string, now: Date): void {
  const dir = dirname(file)
  const backups = basename(file) + '.backup-v'
  for (const name of names(dir)) {
    if (!name.startsWith(backups) || !name.includes(PARTIAL_SUFFIX)) continue
    const path = join(dir, name)
    try {
      if (now.getTime() - statSync(path).mtimeMs > STALE_PARTIAL_MS) remove(path)
    } catch {
      // Gone already (another process pruned it).
    }
  }
  // `backup-v<version>-<time>`: the newest by time, whatever the version.
  const stampOf = (name: string) => /^\d+-(\d{4}-\d{2}-\d{2}T[\d-]+Z)$/.exec(name.slice(backups.length))?.[1]
  const complete = names(dir).filter((name) => name.startsWith(backups) && stampOf(name) !== undefined)
  complete.sort((a, b) => stampOf(b)!.localeCompare(stampOf(a)!))
  for (const name of complete.slice(KEEP_BACKUPS)) remove(join(dir, name))
  pruneStamped(file, '.damaged-', KEEP_DAMAGED)
}

/** Whether a `*.pre-db` copy imported at `importedAt` has been kept its 90 days. */
export function preDbExpired(importedAt: string, now: Date): boolean {
  const at = Date.parse(importedAt)
  return Number.isFinite(at) && now.getTime() - at > KEEP_PRE_DB_DAYS * DAY_MS
}
