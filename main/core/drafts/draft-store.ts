// The drafts and the outbox ledger, in memory with a durable copy on disk (atomic-json-file.ts).
// Edits land in memory at once and reach the disk coalesced: while one write runs, later changes wait and go
// out together in the next one, so typing never queues a write per keystroke. Whoever needs durability before
// acting (the outbox before it sends a create) awaits flush().
import { z } from 'zod'
import { DRAFT_STATUSES } from '../../../common/drafts'
import type { Draft } from '../../../common/drafts'
import { scheduleAdditionalInfoSchema, scheduleMediaSchema } from '../../../common/service'
import { atomicJsonFile } from './atomic-json-file'
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
  kind: 'recovered-from-backup' | 'unreadable' | 'migrated'
  message: string
  /** Where the unusable file was moved, so nothing is deleted. */
  keptAt?: string
}

/** A draft as main keeps it; its profileId is checked on load (see the schema below). */
export type StoredDraft = Draft

export interface DraftStore {
  readonly path: string
  /** What happened on open: a recovery or migration the person should hear about; null when all was well. */
  readonly notice: StoreNotice | null
  list(): StoredDraft[]
  get(id: string): StoredDraft | undefined
  put(draft: StoredDraft): void
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
  scheduleId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

const documentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  drafts: z.array(storedDraftSchema),
  sends: z.record(
    z.string(),
    z.object({
      startedAt: z.string(),
      accountId: z.string(),
      scheduleAt: z.string(),
      title: z.string(),
      description: z.string(),
    }),
  ),
  lastSyncAt: z.string().nullable(),
})
interface DraftsDocument {
  schemaVersion: number
  drafts: StoredDraft[]
  sends: Record<string, SendMarker>
  lastSyncAt: string | null
}

function emptyDocument(): DraftsDocument {
  return { schemaVersion: CURRENT_SCHEMA_VERSION, drafts: [], sends: {}, lastSyncAt: null }
}

/** Migrates and validates; returns why the value cannot be used, or the document. */
function parseDocument(
  raw: unknown,
  context: MigrationContext,
): { doc: DraftsDocument; from: number } | { problem: string } {
  try {
    const { doc, from } = migrate(raw, undefined, undefined, context)
    const parsed = documentSchema.safeParse(doc)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return { problem: `unexpected content at ${issue?.path.join('.') || '(root)'}: ${issue?.message}` }
    }
    // Loose members (from a newer minor field) are kept as they are; the schema checked what we rely on.
    return { doc: parsed.data as unknown as DraftsDocument, from }
  } catch (error) {
    if (error instanceof MigrationError) return { problem: error.message }
    throw error
  }
}

export class DraftStoreError extends Error {}

/** The drafts file's name in the data folder; the app and the CLI share it. */
export const DRAFTS_FILE = 'drafts.json'

export interface OpenDraftStoreOptions {
  /** The profile active now: an older file's drafts, written before drafts had a profile, become its drafts. */
  profileId?: string
}

export async function openDraftStore(path: string, options: OpenDraftStoreOptions = {}): Promise<DraftStore> {
  const context: MigrationContext = options.profileId ? { profileId: options.profileId } : {}
  const file = atomicJsonFile(path)
  const outcome = await file.read((value) => {
    const parsed = parseDocument(value, context)
    return 'problem' in parsed ? parsed.problem : null
  })

  let doc = emptyDocument()
  let notice: StoreNotice | null = null
  let needsWrite = false
  if (outcome.source === 'main' || outcome.source === 'backup') {
    const parsed = parseDocument(outcome.value, context) as { doc: DraftsDocument; from: number }
    doc = parsed.doc
    if (outcome.source === 'backup') {
      // Keep the bad main file aside; otherwise the next write would rotate it over the good backup.
      const keptAt = await file.quarantine('main')
      notice = {
        kind: 'recovered-from-backup',
        message: `The drafts file could not be used (${outcome.problem}); the previous copy was restored.`,
        ...(keptAt ? { keptAt } : {}),
      }
      needsWrite = true
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

  const drafts = new Map<string, StoredDraft>(doc.drafts.map((d) => [d.id, d]))
  const sends = new Map(Object.entries(doc.sends))
  let lastSync = doc.lastSyncAt
  const listeners = new Set<(drafts: StoredDraft[]) => void>()

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
    const disk = (parseDocument(raw, context) as { doc: DraftsDocument }).doc
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
      changedAny = true
    }
    if (disk.lastSyncAt && (!lastSync || disk.lastSyncAt > lastSync)) lastSync = disk.lastSyncAt
    return changedAny
  }

  function snapshot(): DraftsDocument {
    return {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      drafts: [...drafts.values()],
      sends: Object.fromEntries(sends),
      lastSyncAt: lastSync,
    }
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
              await file.write(snapshot())
              known = await file.signature()
              removed.clear()
            } catch (error) {
              dirty = true
              throw error
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
    void schedule().catch(() => {
      // Reported by the next flush(); the in-memory copy is intact meanwhile.
    })
    notify()
  }

  if (needsWrite) await schedule()

  return {
    path,
    notice,
    list: () => [...drafts.values()],
    get: (id) => drafts.get(id),
    put(draft) {
      drafts.set(draft.id, draft)
      changed()
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
      void schedule().catch(() => {})
    },
    lastSyncAt: () => lastSync,
    setLastSyncAt(at) {
      lastSync = at
      void schedule().catch(() => {})
    },
    async flush() {
      while (writing || dirty) await (writing ?? schedule())
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
