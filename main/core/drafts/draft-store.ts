// Over 400 lines on purpose: memory, the disk copy, the coalesced writes and the rollback on a failed write are
// one closure's state; apart, each would need the others' internals to keep "shown means on disk".
// The drafts and the outbox ledger, in memory with a durable copy on disk (atomic-json-file.ts).
// Edits land in memory at once and reach the disk coalesced: while one write runs, later changes wait and go
// out together in the next one, so typing never queues a write per keystroke. Whoever needs durability before
// acting or answering (a call that saves, the outbox before it sends a create) awaits flush(). A write that
// fails (a full disk, a read-only folder) rolls the memory back to what the disk holds and fails every flush
// waiting on it, so nothing is ever shown or reported as saved that a restart would not find.
import { z } from 'zod'
import { DRAFT_STATUSES } from '../../../common/drafts'
import type { Draft } from '../../../common/drafts'
import { scheduleAdditionalInfoSchema, scheduleMediaSchema } from '../../../common/service'
import { diskWriteError } from '../disk-errors'
import { atomicJsonFile } from './atomic-json-file'
import type { JsonFileSystem } from './atomic-json-file'
import { CURRENT_SCHEMA_VERSION, MigrationError, migrate } from './migrations'
import type { MigrationContext } from './migrations'

/** A create that was sent and whose answer has not been seen yet: the post may exist on the service. */
export interface SendMarker {
  startedAt: string
  accountId: string
  scheduleAt: string
  title: string
  description: string
}

export interface StoreNotice {
  kind: 'recovered-from-backup' | 'unreadable' | 'migrated' | 'records-set-aside'
  message: string
  /** Where the unusable file was moved (or the set-aside records kept), so nothing is deleted. */
  keptAt?: string
  /** Records that could not be read on this open and were set aside, each alone. */
  setAside?: number
}

/**
 * A record of the file that cannot be used (an unknown status, a missing member), kept in the document's
 * `setAside` list instead of its own: one bad record never hides the others, and it is not lost either. A
 * record moves there once, so it is counted once.
 */
export interface SetAsideRecord {
  /** Where it came from: a draft of `drafts`, or the send marker of `sends` under `key`. */
  from: 'drafts' | 'sends'
  key?: string
  problem: string
  at: string
  record: unknown
}

/** A draft as main keeps it; its profileId is checked on load (see the schema below). */
export type StoredDraft = Draft

export interface DraftStore {
  readonly path: string
  /** What happened on open: a recovery or migration the person should hear about; null when all was well. */
  readonly notice: StoreNotice | null
  list(): StoredDraft[]
  /** The drafts written for one profile: the only ones its calls, its outbox and its events may see. */
  listForProfile(profileId: string): StoredDraft[]
  get(id: string): StoredDraft | undefined
  put(draft: StoredDraft): void
  /** Puts `draft` with `changes` applied, stamped `updatedAt: at`, and returns what was stored. */
  update(draft: StoredDraft, changes: Partial<Draft>, at: Date): StoredDraft
  /** Adds or replaces several at once: one change event, one write. */
  putMany(drafts: StoredDraft[]): void
  remove(id: string): boolean
  marker(id: string): SendMarker | undefined
  setMarker(id: string, marker: SendMarker | undefined): void
  lastSyncAt(): string | null
  setLastSyncAt(at: string): void
  /** Resolves once everything changed so far is on disk. */
  flush(): Promise<void>
  /**
   * Takes in what another process (the CLI beside the app) wrote to the file since we last read or wrote it:
   * drafts we do not have, and newer versions of ones we do. Also done before every write, so neither process
   * overwrites the other's drafts. Resolves true when something changed.
   */
  refresh(): Promise<boolean>
  onChange(listener: (drafts: StoredDraft[]) => void): () => void
}

const storedDraftSchema = z.looseObject({
  id: z.string().min(1),
  profileId: z.string().min(1),
  status: z.enum(DRAFT_STATUSES),
  post: z.looseObject({
    title: z.string(),
    description: z.string(),
    type: z.string(),
    medias: z.array(scheduleMediaSchema),
    meta: z.object({ title: z.string(), description: z.string(), url: z.string() }),
    additionalInfo: scheduleAdditionalInfoSchema,
    replies: z.array(z.unknown()),
    topic: z.string(),
    accountId: z.string(),
    scheduleAt: z.string(),
  }),
  localMedia: z.array(
    z.looseObject({
      id: z.string(),
      path: z.string(),
      name: z.string(),
      size: z.number(),
      mimetype: z.string(),
      alt: z.string(),
      type: z.string(),
      thumbnail: z.string(),
      uploadedUrl: z.string().optional(),
    }),
  ),
  targets: z.array(z.looseObject({ accountId: z.string(), description: z.string().optional() })).optional(),
  scheduleId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

const sendMarkerSchema = z.object({
  startedAt: z.string(),
  accountId: z.string(),
  scheduleAt: z.string(),
  title: z.string(),
  description: z.string(),
})

/**
 * The document's frame. Its records are checked one by one below, so a bad one is set aside alone; only a
 * frame that is not a drafts document at all (not an object, no version, `drafts` not a list) makes the whole
 * file unusable and sends the reader to the backup.
 */
const documentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  drafts: z.array(z.unknown()),
  sends: z.unknown().optional(),
  // Only when the last sync ran: a damaged value costs one early sync, nothing else.
  lastSyncAt: z.string().nullable().catch(null),
  setAside: z.unknown().optional(),
})

interface DraftsDocument {
  schemaVersion: number
  drafts: StoredDraft[]
  sends: Record<string, SendMarker>
  lastSyncAt: string | null
  setAside: unknown[]
}

function emptyDocument(): DraftsDocument {
  return { schemaVersion: CURRENT_SCHEMA_VERSION, drafts: [], sends: {}, lastSyncAt: null, setAside: [] }
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return `${issue?.path.join('.') || '(root)'}: ${issue?.message}`
}

interface ParsedDocument {
  doc: DraftsDocument
  from: number
  /** Records found unusable in this read; already appended to `doc.setAside`. */
  setAsideNow: SetAsideRecord[]
}

/** Migrates and validates; returns why the value cannot be used at all, or the document. */
function parseDocument(raw: unknown, context: MigrationContext): ParsedDocument | { problem: string } {
  let migrated: { doc: Record<string, unknown>; from: number }
  try {
    migrated = migrate(raw, undefined, undefined, context)
  } catch (error) {
    if (error instanceof MigrationError) return { problem: error.message }
    throw error
  }
  const frame = documentSchema.safeParse(migrated.doc)
  if (!frame.success) return { problem: `unexpected content at ${describeIssue(frame.error)}` }
  const at = new Date().toISOString()
  const setAsideNow: SetAsideRecord[] = []
  const drafts: StoredDraft[] = []
  frame.data.drafts.forEach((record, index) => {
    const parsed = storedDraftSchema.safeParse(record)
    // Loose members (from a newer minor field) are kept as they are; the schema checked what we rely on.
    if (parsed.success) drafts.push(parsed.data as unknown as StoredDraft)
    else {
      const problem = `drafts.${index}.${describeIssue(parsed.error)}`
      setAsideNow.push({ from: 'drafts', problem, at, record })
    }
  })
  // No prototype: a draft id such as "__proto__" is a key like any other, not a way to reshape the object.
  const sends: Record<string, SendMarker> = Object.create(null) as Record<string, SendMarker>
  const rawSends = frame.data.sends
  if (typeof rawSends === 'object' && rawSends !== null && !Array.isArray(rawSends)) {
    for (const [key, record] of Object.entries(rawSends)) {
      const parsed = sendMarkerSchema.safeParse(record)
      if (parsed.success) sends[key] = parsed.data
      else {
        const problem = `sends.${key}.${describeIssue(parsed.error)}`
        setAsideNow.push({ from: 'sends', key, problem, at, record })
      }
    }
  } else if (rawSends !== undefined) {
    setAsideNow.push({ from: 'sends', problem: 'the send ledger is not an object', at, record: rawSends })
  }
  const earlier = frame.data.setAside
  const setAside = Array.isArray(earlier) ? [...earlier] : earlier === undefined ? [] : [earlier]
  setAside.push(...setAsideNow)
  return {
    doc: {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      drafts,
      sends,
      lastSyncAt: frame.data.lastSyncAt,
      setAside,
    },
    from: migrated.from,
    setAsideNow,
  }
}

export class DraftStoreError extends Error {}

/** The drafts file's name in the data folder; the app and the CLI share it. */
export const DRAFTS_FILE = 'drafts.json'

export interface OpenDraftStoreOptions {
  /** The profile active now: an older file's drafts, written before drafts had a profile, become its drafts. */
  profileId?: string
  /** The file system; tests pass one that fails like a full or read-only disk. */
  fs?: JsonFileSystem
}

export async function openDraftStore(path: string, options: OpenDraftStoreOptions = {}): Promise<DraftStore> {
  const context: MigrationContext = options.profileId ? { profileId: options.profileId } : {}
  const file = atomicJsonFile(path, options.fs)
  const outcome = await file.read((value) => {
    const parsed = parseDocument(value, context)
    return 'problem' in parsed ? parsed.problem : null
  })

  let doc = emptyDocument()
  let notice: StoreNotice | null = null
  let needsWrite = false
  if (outcome.source === 'main' || outcome.source === 'backup') {
    const parsed = parseDocument(outcome.value, context) as ParsedDocument
    doc = parsed.doc
    const setAside = parsed.setAsideNow.length
    if (setAside > 0) needsWrite = true
    if (outcome.source === 'backup') {
      // Keep the bad main file aside; otherwise the next write would rotate it over the good backup.
      const keptAt = await file.quarantine('main')
      notice = {
        kind: 'recovered-from-backup',
        message:
          `The drafts file could not be used (${outcome.problem}); the previous copy was restored.` +
          (setAside > 0 ? ` ${setAsideSentence(setAside, path)}` : ''),
        ...(keptAt ? { keptAt } : {}),
        ...(setAside > 0 ? { setAside } : {}),
      }
      needsWrite = true
    } else if (setAside > 0) {
      const message = `${setAsideSentence(setAside, path)} First problem: ${parsed.setAsideNow[0]!.problem}.`
      notice = { kind: 'records-set-aside', message, keptAt: path, setAside }
    } else if (parsed.from !== CURRENT_SCHEMA_VERSION) {
      notice = { kind: 'migrated', message: `Drafts were updated from schema ${parsed.from}.` }
      needsWrite = true
    }
  } else if (outcome.source === 'unreadable') {
    // Neither copy is usable. A document from a newer app version must stay untouched: refuse to open.
    if (/newer Mediadeck/.test(outcome.problem)) throw new DraftStoreError(outcome.problem)
    const keptAt = (await file.quarantine('main')) ?? (await file.quarantine('backup')) ?? undefined
    if (keptAt) await file.quarantine('backup')
    notice = {
      kind: 'unreadable',
      message: `The drafts file and its backup could not be read (${outcome.problem}); they were kept aside.`,
      ...(keptAt ? { keptAt } : {}),
    }
  }

  let drafts = new Map<string, StoredDraft>(doc.drafts.map((d) => [d.id, d]))
  let sends = new Map(Object.entries(doc.sends))
  let lastSync = doc.lastSyncAt
  const setAside = [...doc.setAside]
  const listeners = new Set<(drafts: StoredDraft[]) => void>()

  // What the disk holds, as far as this process knows: the state a failed write rolls back to.
  let persisted = { drafts: new Map(drafts), sends: new Map(sends), lastSync }
  // Every change bumps `version`; a write that succeeds makes its snapshot's version persisted, one that fails
  // rolls back every change up to `failedThrough`. flush() waits for its version and learns which happened.
  // Callers change and flush in the same turn, so the failure of their write always finds them waiting.
  let version = 0
  let persistedVersion = 0
  let failedThrough = -1
  let failure: unknown = null

  let dirty = false
  let writing: Promise<void> | null = null
  // Merging cannot tell "deleted here" from "created there" without this: ids removed since our last write.
  const removed = new Set<string>()
  let known = await file.signature()

  function notify(): void {
    const list = [...drafts.values()]
    for (const listener of listeners) listener(list)
  }

  async function mergeFromDisk(): Promise<boolean> {
    const signature = await file.signature()
    if (signature === known || signature === null) return false
    const raw = await file.readCurrent((value) => {
      const parsed = parseDocument(value, context)
      return 'problem' in parsed ? parsed.problem : null
    })
    known = signature
    if (raw === null) return false
    const disk = (parseDocument(raw, context) as ParsedDocument).doc
    let changedAny = false
    for (const theirs of disk.drafts) {
      const ours = drafts.get(theirs.id)
      const take = ours ? theirs.updatedAt > ours.updatedAt : !removed.has(theirs.id)
      if (!take) continue
      drafts.set(theirs.id, theirs)
      // Their send marker travels with their version of the draft.
      const marker = disk.sends[theirs.id]
      if (marker) sends.set(theirs.id, marker)
      else sends.delete(theirs.id)
      // What they wrote is on the disk already: a failed write of ours must not roll it away.
      persisted.drafts.set(theirs.id, theirs)
      if (marker) persisted.sends.set(theirs.id, marker)
      else persisted.sends.delete(theirs.id)
      changedAny = true
    }
    if (disk.lastSyncAt && (!lastSync || disk.lastSyncAt > lastSync)) lastSync = disk.lastSyncAt
    // Records they set aside stay set aside in what we write (each once).
    const ours = new Set(setAside.map((entry) => JSON.stringify(entry)))
    for (const entry of disk.setAside) if (!ours.has(JSON.stringify(entry))) setAside.push(entry)
    return changedAny
  }

  function snapshot(): DraftsDocument {
    return {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      drafts: [...drafts.values()],
      sends: Object.fromEntries(sends),
      lastSyncAt: lastSync,
      setAside,
    }
  }

  function rollBack(error: unknown): void {
    drafts = new Map(persisted.drafts)
    sends = new Map(persisted.sends)
    lastSync = persisted.lastSync
    removed.clear()
    // A failure between the write's two renames changed the file: read it again before the next merge.
    known = null
    failedThrough = version
    failure = error
    // Memory is what the disk holds again: a later flush with no new change has nothing to wait for.
    persistedVersion = version
    dirty = false
    notify()
  }

  function schedule(): Promise<void> {
    dirty = true
    if (!writing) {
      writing = (async () => {
        try {
          while (dirty) {
            try {
              if (await mergeFromDisk()) notify()
              // Cleared only now: edits made while merging are in this snapshot and need no second write.
              dirty = false
              const writtenVersion = version
              await file.write(snapshot())
              persisted = { drafts: new Map(drafts), sends: new Map(sends), lastSync }
              persistedVersion = writtenVersion
              known = await file.signature()
              removed.clear()
            } catch (error) {
              const reported = diskWriteError(error, 'the drafts', path)
              rollBack(reported)
              throw reported
            }
          }
        } finally {
          writing = null
        }
      })()
    }
    return writing
  }

  function changed(): void {
    version += 1
    void schedule().catch(() => {
      // Reported to the flush() of whoever made the change; the memory is back to what the disk holds.
    })
    notify()
  }

  if (needsWrite) {
    // The recovery or migration is written back when it can be; on a full disk the drafts still open (the
    // memory holds what was read) and the next change writes it all.
    await schedule().catch(() => {})
  }

  return {
    path,
    notice,
    list: () => [...drafts.values()],
    listForProfile: (profileId) => [...drafts.values()].filter((draft) => draft.profileId === profileId),
    get: (id) => drafts.get(id),
    put(draft) {
      drafts.set(draft.id, draft)
      changed()
    },
    update(draft, changes, at) {
      const next: StoredDraft = { ...draft, ...changes, updatedAt: at.toISOString() }
      // Undefined members are dropped so the stored JSON and the IPC copy stay the same shape.
      for (const key of ['error', 'attention', 'scheduleId', 'targets'] as const) {
        if (next[key] === undefined) delete next[key]
      }
      drafts.set(next.id, next)
      changed()
      return next
    },
    putMany(list) {
      for (const draft of list) drafts.set(draft.id, draft)
      if (list.length > 0) changed()
    },
    remove(id) {
      const had = drafts.delete(id)
      sends.delete(id)
      removed.add(id)
      if (had) changed()
      return had
    },
    marker: (id) => sends.get(id),
    setMarker(id, marker) {
      if (marker) sends.set(id, marker)
      else sends.delete(id)
      version += 1
      void schedule().catch(() => {})
    },
    lastSyncAt: () => lastSync,
    setLastSyncAt(at) {
      lastSync = at
      version += 1
      void schedule().catch(() => {})
    },
    async flush() {
      const target = version
      while (persistedVersion < target) {
        await (writing ?? schedule()).catch(() => {})
        // Only a failure that rolled back this caller's changes is theirs to hear about.
        if (failedThrough >= target) throw failure
      }
    },
    async refresh() {
      const changedAny = await mergeFromDisk()
      if (changedAny) notify()
      return changedAny
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function setAsideSentence(count: number, path: string): string {
  const records = count === 1 ? '1 record' : `${count} records`
  return (
    `${records} of the drafts file could not be read and ${count === 1 ? 'was' : 'were'} set aside ` +
    `(kept in ${path} under "setAside"); every other draft is here.`
  )
}
