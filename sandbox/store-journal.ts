// The line format of the store's journal (store.journal, JSON lines beside store.json): each line is one
// write of record-level changes, `{"seq":N,"ops":[{"put":"schedules","record":{…}},{"del":"files","id":"…"}]}`.
// A `put` holds the record's whole value when the line was written, so replaying a line sets each record to a
// value at least as new as any snapshot written before it.
import type { StoreData } from './model'

/** The collections whose records are named by `_id`, which a journal line may change. */
export const KEYED_COLLECTIONS = [
  'accounts',
  'automations',
  'files',
  'schedules',
  'templates',
  'reports',
  'comments',
  'chats',
  'messages',
] as const
export type KeyedCollection = (typeof KEYED_COLLECTIONS)[number]

type RecordOf<C extends KeyedCollection> = StoreData[C][number]

/** What a commit changed: a record written (created or edited in place) or removed. */
export type StoreChange =
  | { [C in KeyedCollection]: { upsert: { collection: C; record: RecordOf<C> } } }[KeyedCollection]
  | { remove: { collection: KeyedCollection; id: string } }

export interface RecordKey {
  collection: KeyedCollection
  id: string
}

type JournalOp = { put: KeyedCollection; record: { _id: string } } | { del: KeyedCollection; id: string }

export function changeKey(change: StoreChange): RecordKey {
  return 'upsert' in change
    ? { collection: change.upsert.collection, id: change.upsert.record._id }
    : { collection: change.remove.collection, id: change.remove.id }
}

function records(data: StoreData, collection: KeyedCollection): { _id: string }[] {
  return data[collection]
}

/**
 * One journal line (with its newline) of the records' values now: a record no longer there is written as its
 * removal, so a commit that raced with a delete cannot bring the record back at the next open.
 */
export function journalLine(data: StoreData, seq: number, keys: Iterable<RecordKey>): string {
  const ops: JournalOp[] = []
  for (const { collection, id } of keys) {
    // New records are pushed at the end: searching from there finds a create at once.
    const record = records(data, collection).findLast((r) => r._id === id)
    ops.push(record ? { put: collection, record } : { del: collection, id })
  }
  return `${JSON.stringify({ seq, ops })}\n`
}

function isCollection(value: unknown): value is KeyedCollection {
  return (KEYED_COLLECTIONS as readonly unknown[]).includes(value)
}

function parseOp(value: unknown): JournalOp | null {
  if (value === null || typeof value !== 'object') return null
  const op = value as Record<string, unknown>
  if ('put' in op) {
    const record = op.record as { _id?: unknown } | null
    return isCollection(op.put) &&
      record !== null &&
      typeof record === 'object' &&
      typeof record._id === 'string'
      ? (op as JournalOp)
      : null
  }
  return isCollection(op.del) && typeof op.id === 'string' ? (op as JournalOp) : null
}

function apply(data: StoreData, op: JournalOp): void {
  if ('put' in op) {
    const list = records(data, op.put)
    const at = list.findIndex((r) => r._id === op.record._id)
    if (at === -1) list.push(op.record)
    else list[at] = op.record
  } else {
    const list = records(data, op.del)
    const at = list.findIndex((r) => r._id === op.id)
    if (at !== -1) list.splice(at, 1)
  }
}

/**
 * Applies to `data` (the snapshot, which includes every line up to `snapshotSeq`) the journal's lines after
 * `snapshotSeq`, and answers the last sequence now included. An unterminated last line is a write a crash
 * cut short, whose commit never resolved: it is ignored. Any other bad line is an error naming the file.
 */
export function replayJournal(data: StoreData, text: string, snapshotSeq: number, file: string): number {
  const lines = text.split('\n')
  lines.pop() // '' after the last newline, or the torn tail of a cut-short write
  let last = 0
  lines.forEach((line, index) => {
    const where = `the sandbox journal ${file}, line ${index + 1}`
    let entry: { seq?: unknown; ops?: unknown }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch (error) {
      throw new Error(`${where} is not valid JSON (${(error as Error).message})`)
    }
    const seq = entry?.seq
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= last) {
      throw new Error(`${where} has no sequence number after ${last}`)
    }
    if (!Array.isArray(entry.ops)) throw new Error(`${where} has no list of changes`)
    const ops = entry.ops.map(parseOp)
    if (ops.includes(null)) throw new Error(`${where} has a change of an unknown shape`)
    last = seq
    if (seq > snapshotSeq) for (const op of ops) apply(data, op!)
  })
  return Math.max(last, snapshotSeq)
}
