// A settings or profiles file that cannot be used is set aside (`<file>.damaged-<time>`), reported, and
// replaced with defaults; never silently emptied, as conf's `clearInvalidConfig: true` did. The person keeps
// the old file to recover a profile from, and hears that it happened (a dialog in the app, a log line).
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { KEEP_DAMAGED, pruneStamped } from '../db/kept-files'

export interface DamagedFileNotice {
  message: string
  /** Where the unusable file was moved. */
  keptAt: string
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-')

/** Moves `file` aside; returns the notice saying so. */
export function setAsideDamaged(file: string, problem: string, now = new Date()): DamagedFileNotice {
  const keptAt = `${file}.damaged-${stamp(now)}`
  renameSync(file, keptAt)
  // The newest few are enough to recover from; a file damaged again and again must not fill the folder.
  pruneStamped(file, '.damaged-', KEEP_DAMAGED)
  return {
    keptAt,
    message: `The settings file could not be read (${problem}). It was set aside as ${keptAt} and the settings and profiles start from their defaults; the old file is kept to recover from.`,
  }
}

/** Sets `file` aside when it exists but is not a JSON object; null when it is readable or absent. */
export function setAsideIfUnreadable(file: string, now = new Date()): DamagedFileNotice | null {
  if (!existsSync(file)) return null
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return null // Unreadable for a passing reason (permissions): conf reports it on use, nothing is moved.
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return setAsideDamaged(file, error instanceof Error ? error.message : String(error), now)
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return null
  return setAsideDamaged(file, 'it does not hold an object', now)
}
