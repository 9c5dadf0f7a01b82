// The upload queue's file from before the database: a JSON-lines journal (uploads/*.jsonl, cli-uploads.jsonl),
// one record per state change. It is read once, when it is imported (./upload-journal-import.ts): `replay`
// rebuilds the queue it describes (a line it cannot use costs that line, never the queue), and the upload
// store writes that queue as rows.
import { z } from 'zod'
import { ERROR_KINDS } from '../../../common/errors'
import type { InitIntent, RestoredItem } from './upload-queue-types'

// Every record is checked field by field at replay: the file was ours, but a disk, an editor or another
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
  ctimeMs: finite.optional(),
  ino: finite.optional(),
  mimetype: z.string(),
  mimeWarning: z.string().optional(),
  batchId: z.string(),
  createdAt: z.string(),
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

/** A line of the old file, as checked at replay. */
export type JournalRecord = z.infer<typeof recordSchema>

/** A line replay could not use: kept aside in `<journal>.rejected`, counted and logged, never fatal. */
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
      const { id, nonce, name, size, at } = record
      intents.set(nonce, { id, nonce, name, size, at })
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
