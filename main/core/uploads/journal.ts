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
import type { AppErrorData } from '../../../common/errors'
import type { UploadState } from '../../../common/uploads'

const writeAsync = promisify(write)
const fdatasyncAsync = promisify(fdatasync)

export interface PersistedItem {
  id: string
  path: string
  name: string
  size: number
  mtimeMs: number
  mimetype: string
  mimeWarning?: string
  batchId: string
  createdAt: string
}

export type JournalRecord =
  | { t: 'add'; item: PersistedItem }
  | { t: 'init'; id: string; fileId: string; key: string; url: string }
  | { t: 'identity'; id: string; size: number; mtimeMs: number }
  | {
      t: 'state'
      id: string
      state: 'queued' | 'done' | 'failed' | 'cancelled'
      error?: AppErrorData
      at?: string
    }
  | { t: 'remove'; id: string }

export interface RestoredItem extends PersistedItem {
  /** The last state recorded; anything not final means the item was interrupted. */
  state: UploadState
  fileId?: string
  key?: string
  url?: string
  error?: AppErrorData
  finishedAt?: string
}

export interface Journal {
  /** Appends records in order; resolves once the kernel has them (and the disk, when `sync`). */
  append(records: JournalRecord[], options?: { sync?: boolean }): Promise<void>
  /** Resolves once every record whose append has resolved is on the disk. */
  sync(): Promise<void>
  close(): Promise<void>
}

export function replay(lines: string[]): Map<string, RestoredItem> {
  const items = new Map<string, RestoredItem>()
  for (const line of lines) {
    if (!line.trim()) continue
    let record: JournalRecord
    try {
      record = JSON.parse(line) as JournalRecord
    } catch {
      // Only the last line can be torn (a crash in the middle of a write); skip it.
      continue
    }
    switch (record.t) {
      case 'add':
        items.set(record.item.id, { ...record.item, state: 'queued' })
        break
      case 'init': {
        const item = items.get(record.id)
        if (item) Object.assign(item, { fileId: record.fileId, key: record.key, url: record.url })
        break
      }
      case 'identity': {
        const item = items.get(record.id)
        if (item) Object.assign(item, { size: record.size, mtimeMs: record.mtimeMs })
        break
      }
      case 'state': {
        const item = items.get(record.id)
        if (!item) break
        item.state = record.state
        item.error = record.error
        item.finishedAt = record.at
        if (record.state === 'queued') {
          item.fileId = item.key = item.url = undefined
        }
        break
      }
      case 'remove':
        items.delete(record.id)
        break
    }
  }
  return items
}

/** The records that rebuild `items` exactly; what compaction writes. */
export function snapshotRecords(items: Iterable<RestoredItem>): JournalRecord[] {
  const records: JournalRecord[] = []
  for (const item of items) {
    const { state, fileId, key, url, error, finishedAt, ...persisted } = item
    records.push({ t: 'add', item: persisted })
    if (fileId && key !== undefined && url !== undefined)
      records.push({ t: 'init', id: item.id, fileId, key, url })
    if (state === 'done' || state === 'failed' || state === 'cancelled') {
      records.push({ t: 'state', id: item.id, state, error, at: finishedAt })
    }
  }
  return records
}

/**
 * Opens (creating if needed) the journal at `path` and returns what it holds. Synchronous on purpose: it runs
 * once when the engine is created, so the queue is known before the first call on the engine.
 */
export function openJournal(path: string): { journal: Journal; items: Map<string, RestoredItem> } {
  mkdirSync(dirname(path), { recursive: true })
  const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : []
  const items = replay(lines)
  const recordCount = lines.filter((l) => l.trim()).length
  const compacted = snapshotRecords(items.values())
  if (recordCount > compacted.length) {
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
  return { journal, items }
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
