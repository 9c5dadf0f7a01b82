// The upload queue's memory across crashes: an append-only JSON-lines file, one record per state change that
// matters (never progress), replayed at start. No record rewrites the queue; the file is compacted only when
// it is opened, by writing the replayed state to a temporary file and renaming it over the old one.
//
// Durability policy: every record is handed to the kernel with one write() on an O_APPEND descriptor before
// the engine moves on, so a crash of the process loses nothing. fdatasync is paid only where losing a record
// to an OS crash or power cut would do harm: `add` (the user's queued work), `init` (a pending file exists on
// the service and must be checked on restart) and `done` (a finished file must never be uploaded again). The
// engine waits for the `init` sync only before complete, and for the `done` sync not at all: the `init` record
// already lets a restart find the finished file on the service (see upload-engine.ts).
// Failures, cancels and removals are not synced: losing one to a power cut restarts or resurfaces an item,
// which costs a repeat upload of something not finished, never a duplicate of something finished.
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { fdatasync, write } from 'node:fs'
import { dirname } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { AppError, ERROR_KINDS } from '../../../common/errors'
import type { AppErrorData } from '../../../common/errors'
import type { UploadState } from '../../../common/uploads'

const writeAsync = promisify(write)
const fdatasyncAsync = promisify(fdatasync)

// Every record is checked field by field at replay: the file is ours, but a disk, an editor or another
// version of the app can put anything in it, and one unusable line must cost that line, not the queue.
const errorDataSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string(),
  status: z.number().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  retryAfterMs: z.number().optional(),
  field: z.string().optional(),
  neededBytes: z.number().optional(),
  freeBytes: z.number().optional(),
})

const finite = z.number().finite()
const id = z.string().min(1)

const persistedItemSchema = z.object({
  id,
  path: z.string().min(1),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mtimeMs: finite,
  /** Change time and inode: not restorable by utimes, so they tell a rewrite that put the mtime back. */
  ctimeMs: finite.optional(),
  ino: finite.optional(),
  mimetype: z.string(),
  mimeWarning: z.string().optional(),
  batchId: z.string(),
  createdAt: z.string(),
  /** The caller's name for this upload (a draft's media item): asking again returns this item. */
  idempotencyKey: z.string().min(1).optional(),
})

const recordSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('add'), item: persistedItemSchema }),
  // Written before the init request: if the answer is lost, the service may hold a pending file this client
  // started but cannot name; name, size and time are what let a later run find and delete it.
  z.object({
    t: z.literal('intent'),
    id,
    nonce: id,
    name: z.string(),
    size: z.number().int().nonnegative(),
    at: z.string().refine((s) => Number.isFinite(Date.parse(s)), 'not a date'),
  }),
  z.object({
    t: z.literal('init'),
    id,
    fileId: id,
    key: z.string(),
    url: z.string(),
    nonce: id.optional(),
    /** No init was made: the file's bytes were already stored, and this is that stored file. */
    reused: z.literal(true).optional(),
  }),
  // The intent is settled without an init answer: the service refused, or its file was found and deleted.
  z.object({ t: z.literal('intent-end'), nonce: id }),
  z.object({
    t: z.literal('identity'),
    id,
    size: z.number().int().nonnegative(),
    mtimeMs: finite,
    ctimeMs: finite.optional(),
    ino: finite.optional(),
  }),
  z.object({
    t: z.literal('state'),
    id,
    state: z.enum(['queued', 'done', 'failed', 'cancelled']),
    error: errorDataSchema.optional(),
    at: z.string().optional(),
  }),
  z.object({ t: z.literal('remove'), id }),
])

export type PersistedItem = z.infer<typeof persistedItemSchema>
export type JournalRecord = z.infer<typeof recordSchema>
export type InitIntent = Extract<JournalRecord, { t: 'intent' }>

export interface RestoredItem extends PersistedItem {
  /** The last state recorded; anything not final means the item was interrupted. */
  state: UploadState
  fileId?: string
  key?: string
  url?: string
  reused?: true
  error?: AppErrorData
  finishedAt?: string
}

/** A line replay could not use: kept aside (see openJournal), counted and logged, never fatal. */
export interface SkippedLine {
  /** 1-based, as an editor shows it. */
  line: number
  reason: string
  text: string
}

export interface Replayed {
  items: Map<string, RestoredItem>
  /** Inits that went out and whose answer was never recorded, by nonce. */
  intents: Map<string, InitIntent>
  skipped: SkippedLine[]
}

export interface Journal {
  /** Appends records in order; resolves once the kernel has them (and the disk, when `sync`). */
  append(records: JournalRecord[], options?: { sync?: boolean }): Promise<void>
  /** Resolves once every record whose append has resolved is on the disk. */
  sync(): Promise<void>
  close(): Promise<void>
}

export function replay(lines: string[]): Replayed {
  const items = new Map<string, RestoredItem>()
  const intents = new Map<string, InitIntent>()
  const skipped: SkippedLine[] = []
  // Records about an item removed earlier are the tail of a cancel racing the removal: expected, not damage.
  const removed = new Set<string>()
  lines.forEach((line, index) => {
    if (!line.trim()) return
    const skip = (reason: string): void => {
      skipped.push({ line: index + 1, reason, text: line })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      // Normally only the last line, torn by a crash in the middle of a write.
      return skip('not JSON (a torn write?)')
    }
    const checked = recordSchema.safeParse(parsed)
    if (!checked.success) return skip(`not a journal record: ${describeIssues(checked.error)}`)
    const record = checked.data
    if (record.t === 'intent') {
      intents.set(record.nonce, record)
      return
    }
    if (record.t === 'intent-end') {
      intents.delete(record.nonce)
      return
    }
    if (record.t === 'add') {
      if (items.has(record.item.id)) return skip(`adds upload ${record.item.id} a second time`)
      removed.delete(record.item.id)
      items.set(record.item.id, { ...record.item, state: 'queued' })
      return
    }
    if (record.t === 'init' && record.nonce) intents.delete(record.nonce)
    const item = items.get(record.id)
    if (!item) {
      if (!removed.has(record.id)) skip(`refers to upload ${record.id}, which the journal never added`)
      return
    }
    switch (record.t) {
      case 'init':
        Object.assign(item, {
          fileId: record.fileId,
          key: record.key,
          url: record.url,
          reused: record.reused,
        })
        break
      case 'identity':
        item.size = record.size
        item.mtimeMs = record.mtimeMs
        item.ctimeMs = record.ctimeMs
        item.ino = record.ino
        break
      case 'state':
        item.state = record.state
        item.error = record.error
        item.finishedAt = record.at
        if (record.state === 'queued') {
          // Queued again: nothing of the earlier attempt (file, finish time) applies any more.
          item.fileId = item.key = item.url = item.finishedAt = item.error = item.reused = undefined
        }
        break
      case 'remove':
        items.delete(record.id)
        removed.add(record.id)
        break
    }
  })
  return { items, intents, skipped }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`)
    .join('; ')
}

/** The records that rebuild `items` and the open intents exactly; what compaction writes. */
export function snapshotRecords(
  items: Iterable<RestoredItem>,
  intents: Iterable<InitIntent> = [],
): JournalRecord[] {
  const records: JournalRecord[] = [...intents]
  for (const item of items) {
    const { state, fileId, key, url, reused, error, finishedAt, ...persisted } = item
    records.push({ t: 'add', item: dropUndefined(persisted) })
    if (fileId && key !== undefined && url !== undefined)
      records.push({ t: 'init', id: item.id, fileId, key, url, ...(reused ? { reused } : {}) })
    if (state === 'done' || state === 'failed' || state === 'cancelled') {
      records.push({ t: 'state', id: item.id, state, error, at: finishedAt })
    }
  }
  return records
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/**
 * Opens (creating if needed) the journal at `path` and returns what it holds. Synchronous on purpose: it runs
 * once when the engine is created, so the queue is known before the first call on the engine.
 */
export interface OpenedJournal extends Replayed {
  journal: Journal
}

export interface OpenJournalOptions {
  /** Where a line that cannot be used is reported; default console.warn. */
  warn?: (message: string) => void
}

export function openJournal(path: string, options: OpenJournalOptions = {}): OpenedJournal {
  try {
    return openJournalFile(path, options.warn ?? ((message) => console.warn(message)))
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as { code?: string }).code
    throw new AppError(
      {
        kind: 'file',
        code,
        message: `upload journal ${path}: ${error instanceof Error ? error.message : String(error)}`,
      },
      { cause: error },
    )
  }
}

function openJournalFile(path: string, warn: (message: string) => void): OpenedJournal {
  mkdirSync(dirname(path), { recursive: true })
  const text = existsSync(path) ? readFileSync(path, 'utf8') : ''
  const lines = text ? text.split('\n') : []
  const { items, intents, skipped } = replay(lines)
  let keptAside = true
  if (skipped.length > 0) {
    // Compaction drops what replay could not use; a copy next to the journal keeps it for whoever looks.
    const aside = `${path}.rejected`
    try {
      appendFileSync(aside, skipped.map((s) => `${s.text}\n`).join(''))
    } catch {
      keptAside = false
    }
    const where = keptAside ? `; the lines are kept in ${aside}` : ''
    warn(
      `upload journal ${path}: skipped ${skipped.length} unusable line(s)${where}: ` +
        skipped
          .slice(0, 10)
          .map((s) => `line ${s.line}: ${s.reason}`)
          .join('; ') +
        (skipped.length > 10 ? `; and ${skipped.length - 10} more` : ''),
    )
  }
  const recordCount = lines.filter((l) => l.trim()).length
  const compacted = snapshotRecords(items.values(), intents.values())
  const compact = keptAside && recordCount > compacted.length
  if (compact) {
    const tmp = `${path}.tmp`
    const fd = openSync(tmp, 'w')
    try {
      writeSync(fd, compacted.map((r) => JSON.stringify(r) + '\n').join(''))
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
    syncDirectory(dirname(path))
  }
  const fd = openSync(path, 'a')
  // A torn last line left in place must not swallow the next record.
  if (!compact && text && !text.endsWith('\n')) writeSync(fd, '\n')
  let tail: Promise<void> = Promise.resolve()
  let closed = false

  // Group commit: one fdatasync covers every record written before it starts, so uploads finishing together
  // share a sync instead of queueing one each (500 small files would otherwise pay 1000 syncs in a row).
  let syncing: Promise<void> | null = null
  let nextSync: Promise<void> | null = null
  const requestSync = (): Promise<void> => {
    nextSync ??= (async () => {
      await syncing?.catch(() => undefined)
      nextSync = null // records written from here on need the sync after this one
      syncing = fdatasyncAsync(fd)
      try {
        await syncing
      } finally {
        syncing = null
      }
    })()
    return nextSync
  }

  const journal: Journal = {
    append(records, options) {
      if (closed) return Promise.reject(new Error('journal is closed'))
      const text = records.map((r) => JSON.stringify(r) + '\n').join('')
      const written = tail.then(async () => {
        const buffer = Buffer.from(text)
        let offset = 0
        while (offset < buffer.length) {
          const { bytesWritten } = await writeAsync(fd, buffer, offset, buffer.length - offset)
          offset += bytesWritten
        }
      })
      // A failed write must not wedge the chain for the records after it.
      tail = written.catch(() => undefined)
      return options?.sync ? written.then(requestSync) : written
    },
    sync() {
      if (closed) return Promise.reject(new Error('journal is closed'))
      return requestSync()
    },
    async close() {
      if (closed) return
      closed = true
      await tail
      await syncing?.catch(() => undefined)
      fsyncSync(fd)
      closeSync(fd)
    },
  }
  return { journal, items, intents, skipped }
}

function syncDirectory(dir: string): void {
  // The rename is durable only once the directory entry is; not every platform can open a directory.
  try {
    const fd = openSync(dir, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    /* best effort (Windows cannot fsync a directory) */
  }
}
