// The drafts file from before the database (drafts.json, with its `.bak`), read once and moved into it
// through importLegacyFile (main/core/db/legacy-import.ts), its rows written by draft-store.ts (the drafts
// tables' one writer). Every schema the file ever had is read (migrations.ts), a torn main file falls back to its backup, and a record that cannot be used is set
// aside alone in `drafts_set_aside`, never dropped. A file from a newer Mediadeck is refused, untouched.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { CURRENT_SCHEMA_VERSION, MigrationError, migrate } from './migrations'
import type { MigrationContext } from './migrations'
import type { AppDatabase } from '../db/database'
import { importLegacyFile, PRE_DB_SUFFIX } from '../db/legacy-import'
import type { SendMarker, StoreNotice, StoredDraft } from './draft-store-types'
import { sendMarkerSchema, storedDraftSchema } from './draft-rows'

/** The old drafts file's name in the data folder; the app and the CLI shared it. */
export const DRAFTS_FILE = 'drafts.json'

export class DraftStoreError extends Error {}

/** A record of the old file that cannot be used, kept as it was in `drafts_set_aside`. */
export interface SetAsideRecord {
  from: 'drafts' | 'sends' | 'file'
  key?: string
  problem: string
  at: string
  record: unknown
}

/** The document's frame; its records are checked one by one, so a bad one is set aside alone. */
const documentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  drafts: z.array(z.unknown()),
  sends: z.unknown().optional(),
  lastSyncAt: z.string().nullable().catch(null),
  setAside: z.unknown().optional(),
})

export interface LegacyDrafts {
  drafts: StoredDraft[]
  sends: Map<string, SendMarker>
  lastSyncAt: string | null
  /** Records set aside by the old store before, and now. */
  setAside: SetAsideRecord[]
  /** What the person should hear of: a recovery from the backup, records set aside, an unreadable file. */
  notice: StoreNotice | null
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return `${issue?.path.join('.') || '(root)'}: ${issue?.message}`
}

/** Migrates and validates one parsed file; returns why it cannot be used at all, or its content. */
function parseDocument(raw: unknown, context: MigrationContext): Omit<LegacyDrafts, 'notice'> | string {
  let migrated: { doc: Record<string, unknown> }
  try {
    migrated = migrate(raw, undefined, undefined, context)
  } catch (error) {
    if (error instanceof MigrationError) return error.message
    throw error
  }
  const frame = documentSchema.safeParse(migrated.doc)
  if (!frame.success) return `unexpected content at ${describeIssue(frame.error)}`
  const at = new Date().toISOString()
  const earlier = frame.data.setAside
  const setAside: SetAsideRecord[] = (
    Array.isArray(earlier) ? earlier : earlier === undefined ? [] : [earlier]
  ).map((record) => ({ from: 'drafts', problem: 'set aside before', at, record }))
  const drafts: StoredDraft[] = []
  frame.data.drafts.forEach((record, index) => {
    const parsed = storedDraftSchema.safeParse(record)
    if (parsed.success) drafts.push(parsed.data as unknown as StoredDraft)
    else
      setAside.push({ from: 'drafts', problem: `drafts.${index}.${describeIssue(parsed.error)}`, at, record })
  })
  const sends = new Map<string, SendMarker>()
  const rawSends = frame.data.sends
  if (typeof rawSends === 'object' && rawSends !== null && !Array.isArray(rawSends)) {
    for (const [key, record] of Object.entries(rawSends)) {
      const parsed = sendMarkerSchema.safeParse(record)
      if (parsed.success) sends.set(key, parsed.data)
      else
        setAside.push({
          from: 'sends',
          key,
          problem: `sends.${key}.${describeIssue(parsed.error)}`,
          at,
          record,
        })
    }
  } else if (rawSends !== undefined) {
    setAside.push({ from: 'sends', problem: 'the send ledger is not an object', at, record: rawSends })
  }
  return { drafts, sends, lastSyncAt: frame.data.lastSyncAt, setAside }
}

type FileRead =
  { missing: true } | { problem: string; text?: string } | { content: Omit<LegacyDrafts, 'notice'> }

function readOne(file: string, context: MigrationContext): FileRead {
  if (!existsSync(file)) return { missing: true }
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    return { problem: `cannot read ${file}: ${(error as Error).message}` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { problem: `${file} is not valid JSON (${(error as Error).message})`, text }
  }
  const parsed = parseDocument(value, context)
  return typeof parsed === 'string' ? { problem: `${file}: ${parsed}`, text } : { content: parsed }
}

/**
 * Reads `file` (drafts.json, or its `.pre-db` copy when a damaged database is rebuilt), falling back to
 * `backup` when it is torn or unusable. Neither usable: their text is set aside whole, so nothing is lost.
 */
export function readLegacyDrafts(file: string, backup: string, context: MigrationContext): LegacyDrafts {
  const main = readOne(file, context)
  if ('content' in main) {
    const count = main.content.setAside.filter((entry) => entry.problem !== 'set aside before').length
    return {
      ...main.content,
      notice:
        count > 0
          ? {
              kind: 'records-set-aside',
              message: `${setAsideSentence(count)} First problem: ${main.content.setAside.find((e) => e.problem !== 'set aside before')!.problem}.`,
              setAside: count,
            }
          : null,
    }
  }
  const second = readOne(backup, context)
  const problem = 'missing' in main ? `${file} is missing` : main.problem
  if ('content' in second) {
    const setAside = [...second.content.setAside]
    if ('text' in main && main.text !== undefined) {
      setAside.push({ from: 'file', problem, at: new Date().toISOString(), record: main.text })
    }
    return {
      ...second.content,
      setAside,
      notice: {
        kind: 'recovered-from-backup',
        message: `The drafts file could not be used (${problem}); the previous copy was restored.`,
      },
    }
  }
  const problems = [main, second].flatMap((r) => ('problem' in r ? [r.problem] : []))
  // A file from a newer app must stay untouched: refuse, as the file store did.
  if (problems.some((p) => /newer Mediadeck/.test(p))) throw new DraftStoreError(problems.join('; '))
  const at = new Date().toISOString()
  const setAside = [main, second].flatMap((r): SetAsideRecord[] =>
    'text' in r && r.text !== undefined ? [{ from: 'file', problem: r.problem, at, record: r.text }] : [],
  )
  return {
    drafts: [],
    sends: new Map(),
    lastSyncAt: null,
    setAside,
    notice: {
      kind: 'unreadable',
      message: `The drafts file and its backup could not be read (${problems.join('; ')}); their text was kept aside in the database.`,
      setAside: setAside.length,
    },
  }
}

function setAsideSentence(count: number): string {
  const records = count === 1 ? '1 record' : `${count} records`
  return `${records} of the drafts file could not be read and ${count === 1 ? 'was' : 'were'} set aside (kept in the database); every other draft is here.`
}

/**
 * Imports the folder's old drafts file once (its backup, when the main file was lost), its rows written by
 * `write` (the drafts store's): the notice the person should hear of, or null.
 */
export function importDraftsFile(
  database: AppDatabase,
  dataDir: string,
  context: MigrationContext,
  write: (legacy: LegacyDrafts) => number,
): StoreNotice | null {
  const file = join(dataDir, DRAFTS_FILE)
  const backup = `${file}.bak`
  // The main file gone in the old store's crash window leaves its backup: that is the file to import (or
  // its .pre-db copy, into a database that replaced a damaged one).
  const here = (path: string) => existsSync(path) || existsSync(path + PRE_DB_SUFFIX)
  const path = here(file) || !here(backup) ? file : backup
  let legacy: LegacyDrafts | undefined
  const result = importLegacyFile(database, {
    name: 'drafts.json',
    path,
    read: (source) => (legacy = readLegacyDrafts(source, backup, context)),
    write,
  })
  return result.status === 'imported' ? (legacy?.notice ?? null) : null
}
