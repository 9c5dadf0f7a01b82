// The JSON store of one data dir. Every mutation is followed by a commit, which resolves once the mutation is
// on disk and fsynced. A crash (kill -9 at any point) leaves a store that opens to a state holding every commit
// that resolved, whole, and never an older value of a record over a newer one.
// - `commit()` writes a whole snapshot: to a temp file, fsynced, then renamed over store.json, so a crash
//   leaves either the old or the new snapshot, never half of one.
// - `commit(changes)` names the records it changed (the hot paths: posts created one after another by an
//   outbox, uploads) and appends one line of their values to store.journal instead, so its cost is the size
//   of the change, not of the store: rewriting the whole store for each of 400 posts made sending them
//   grow with the square of their number.
// Each journal line carries a sequence number and each snapshot the last one it includes; an open reads the
// snapshot and replays the lines after it, so a crash between a snapshot and the journal's truncation
// re-applies nothing. The journal is compacted into a snapshot once it outgrows the last snapshot, which keeps
// the cost per commit amortised to the size of the change. Commits made while a write runs share the next.
import { promises as fsp } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { StoreData } from './model'
import { changeKey, journalLine, replayJournal, type RecordKey, type StoreChange } from './store-journal'

export type { StoreChange } from './store-journal'

export const STORE_FILE = 'store.json'
export const JOURNAL_FILE = 'store.journal'

export interface StoreOptions {
  /** A journal smaller than this is never compacted: a small store would be rewritten every few commits. */
  minJournalBytes?: number
  /** Past this many lines the journal is compacted whatever its size, which bounds the replay at open. */
  maxJournalLines?: number
}

export interface Store {
  data: StoreData
  /** Without changes, a whole snapshot; with them, only the named records' values (their removal if gone). */
  commit(changes?: StoreChange | readonly StoreChange[]): Promise<void>
  close(): Promise<void>
}

function emptyData(): StoreData {
  return {
    version: 1,
    storageSecret: randomBytes(32).toString('hex'),
    users: [],
    accounts: [],
    automations: [],
    files: [],
    schedules: [],
    templates: [],
    reports: [],
    comments: [],
    chats: [],
    messages: [],
  }
}

async function readText(file: string): Promise<string | null> {
  try {
    return await fsp.readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** The snapshot, and the last journal sequence it includes (0 for a store written before the journal). */
function parseSnapshot(text: string | null, file: string): { data: StoreData; seq: number } {
  if (text === null) return { data: emptyData(), seq: 0 }
  let parsed: StoreData & { journalSeq?: unknown }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch (error) {
    throw new Error(`the sandbox store ${file} is not valid JSON (${(error as Error).message})`)
  }
  if (parsed?.version !== 1) throw new Error(`unsupported sandbox store version in ${file}`)
  const seq = parsed.journalSeq ?? 0
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) {
    throw new Error(`the sandbox store ${file} has an invalid journalSeq`)
  }
  delete parsed.journalSeq
  // A store written before templates and reports existed.
  parsed.templates ??= []
  parsed.reports ??= []
  // A store written before the inbox existed.
  parsed.comments ??= []
  parsed.chats ??= []
  parsed.messages ??= []
  return { data: parsed, seq }
}

/** Makes a rename in `dir` durable before the journal it replaces is emptied (a power cut, not only a kill). */
async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return // directories cannot be opened for fsync there
  const handle = await fsp.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

interface Batch {
  /** A plain commit() asked for a whole snapshot. */
  full: boolean
  keys: Map<string, RecordKey>
  done: Promise<void>
}

export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  const minJournalBytes = options.minJournalBytes ?? 256 * 1024
  const maxJournalLines = options.maxJournalLines ?? 4096
  await fsp.mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, STORE_FILE)
  const journalFile = path.join(dataDir, JOURNAL_FILE)
  await removeLeftovers(dataDir)
  const snapshot = parseSnapshot(await readText(file), file)
  const data = snapshot.data
  const journalText = (await readText(journalFile)) ?? ''
  /** The last sequence written, to the journal or as a snapshot's. */
  let seq = replayJournal(data, journalText, snapshot.seq, journalFile)

  let journal: FileHandle | null = null
  let journalBytes = journalText.length
  let journalLines = 0
  let snapshotBytes = 0
  /** A failed append may have left part of a line: the next write is a snapshot, which empties the journal. */
  let journalDamaged = false
  let counter = 0
  let queued: Batch | null = null
  let writing: Promise<void> | null = null

  async function openJournal(): Promise<FileHandle> {
    if (journal) return journal
    journal = await fsp.open(journalFile, 'a')
    await syncDir(dataDir) // the journal's own name, once
    return journal
  }

  /** Reopened for writing rather than truncated through the append handle, which Windows would refuse. */
  async function emptyJournal(): Promise<void> {
    await journal?.close()
    journal = null
    const handle = await fsp.open(journalFile, 'w')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  async function writeSnapshot(): Promise<void> {
    const text = JSON.stringify({ ...data, journalSeq: seq })
    const tmp = `${file}.${process.pid}.${counter++}.tmp`
    const handle = await fsp.open(tmp, 'w')
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fsp.rename(tmp, file)
    snapshotBytes = text.length
    if (journalBytes > 0 || journalDamaged) {
      // Lines up to `seq` are in the snapshot now; a crash before this leaves them, skipped at open.
      await syncDir(dataDir)
      await emptyJournal()
      journalBytes = 0
      journalLines = 0
      journalDamaged = false
    }
  }

  async function append(keys: Iterable<RecordKey>): Promise<void> {
    // The sequence is spent even if the write fails: a later snapshot then covers whatever reached the disk.
    const line = journalLine(data, ++seq, keys)
    if (
      journalBytes + line.length > Math.max(snapshotBytes, minJournalBytes) ||
      journalLines >= maxJournalLines
    ) {
      // The snapshot holds these changes too.
      return writeSnapshot()
    }
    try {
      const handle = await openJournal()
      await handle.appendFile(line)
      await handle.datasync()
    } catch (error) {
      journalDamaged = true
      throw error
    }
    journalBytes += line.length
    journalLines++
  }

  function write(batch: Batch): Promise<void> {
    if (batch.full || journalDamaged) return writeSnapshot()
    if (batch.keys.size === 0) return Promise.resolve()
    return append(batch.keys.values())
  }

  function commit(changes?: StoreChange | readonly StoreChange[]): Promise<void> {
    // A batch queued behind the running write takes this commit too.
    const batch = queued ?? (queued = nextBatch())
    if (changes === undefined) batch.full = true
    else
      for (const change of Array.isArray(changes) ? changes : [changes as StoreChange]) {
        const key = changeKey(change)
        batch.keys.set(`${key.collection}/${key.id}`, key)
      }
    return batch.done
  }

  function nextBatch(): Batch {
    const batch: Batch = { full: false, keys: new Map(), done: Promise.resolve() }
    const previous = writing ?? Promise.resolve()
    batch.done = previous
      .catch(() => undefined)
      .then(() => {
        if (queued === batch) queued = null
        writing = batch.done
        return write(batch)
      })
      .finally(() => {
        if (writing === batch.done) writing = null
      })
    return batch
  }

  async function settled(): Promise<void> {
    while (queued ?? writing) await (queued?.done ?? writing)!.catch(() => undefined)
  }

  // The store opens on a whole snapshot and an empty journal: a torn tail is dropped before anything follows it.
  await commit()
  return {
    data,
    commit,
    async close() {
      await settled()
      // A clean stop leaves the whole store in store.json, as older versions and tools read it.
      if (journalBytes > 0 || journalDamaged) await commit().catch(() => undefined)
      await settled()
      await journal?.close()
      journal = null
    },
  }
}

/** A crash can leave snapshot temp files and partial uploads; neither is ever read, so they go. */
async function removeLeftovers(dataDir: string): Promise<void> {
  const names = await fsp.readdir(dataDir).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((n) => n.startsWith(`${STORE_FILE}.`) && n.endsWith('.tmp'))
      .map((n) => fsp.rm(path.join(dataDir, n), { force: true })),
  )
  await fsp.rm(path.join(dataDir, 'tmp'), { recursive: true, force: true })
}
