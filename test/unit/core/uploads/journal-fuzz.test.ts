// The upload journal against whatever a disk, an editor or a crash can leave in it: random bytes, torn
// records, records of the wrong shape, any JSON. Opening it never throws, every usable record is replayed as
// if the damage were not there, and every unusable line is counted (and kept aside).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { replay } from '../../../../main/core/uploads/journal'
import type { JournalRecord } from '../../../../main/core/uploads/journal'
import { createUploadEngine } from '../../../../main/core/uploads/upload-engine'
import type { UploadEngineOptions } from '../../../../main/core/uploads/upload-engine'

const ids = fc.constantFrom('a', 'b', 'c')
const nonces = fc.constantFrom('n1', 'n2', 'n3')
const iso = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString())

const record: fc.Arbitrary<JournalRecord> = fc.oneof(
  fc.record({
    t: fc.constant('add' as const),
    item: fc.record({
      id: ids,
      path: ids.map((id) => `/nowhere/${id}.bin`),
      name: ids.map((id) => `${id}.bin`),
      size: fc.integer({ min: 1, max: 1e9 }),
      mtimeMs: fc.double({ min: 0, max: 2e12, noNaN: true }),
      mimetype: fc.constant('application/octet-stream'),
      batchId: fc.constant('batch'),
      createdAt: iso,
    }),
  }),
  fc.record(
    {
      t: fc.constant('init' as const),
      id: ids,
      fileId: fc.string({ minLength: 1, maxLength: 8 }),
      key: fc.string(),
      url: fc.string(),
      nonce: nonces,
    },
    { requiredKeys: ['t', 'id', 'fileId', 'key', 'url'] },
  ),
  fc.record({
    t: fc.constant('identity' as const),
    id: ids,
    size: fc.integer({ min: 0, max: 1e9 }),
    mtimeMs: fc.double({ min: 0, max: 2e12, noNaN: true }),
  }),
  fc.record(
    {
      t: fc.constant('state' as const),
      id: ids,
      state: fc.constantFrom('queued' as const, 'done' as const, 'failed' as const, 'cancelled' as const),
      error: fc.record({ kind: fc.constantFrom('server' as const, 'file' as const), message: fc.string() }),
      at: iso,
    },
    { requiredKeys: ['t', 'id', 'state'] },
  ),
  fc.record({ t: fc.constant('remove' as const), id: ids }),
  fc.record({
    t: fc.constant('intent' as const),
    id: ids,
    nonce: nonces,
    name: ids.map((id) => `${id}.bin`),
    size: fc.integer({ min: 0, max: 1e9 }),
    at: iso,
  }),
  fc.record({ t: fc.constant('intent-end' as const), nonce: nonces }),
)

/** A record made unusable: its identifying field replaced by something of the wrong type or empty. */
const misshapen = fc.tuple(record, fc.constantFrom<unknown>(null, 42, '', [], {}, true)).map(([r, bad]) => {
  const copy = structuredClone(r) as unknown as Record<string, unknown>
  if (r.t === 'add') (copy.item as Record<string, unknown>).id = bad
  else if (r.t === 'intent-end') copy.nonce = bad
  else copy.id = bad
  return JSON.stringify(copy)
})

/** A record cut short, as a crash in the middle of its write leaves it (never valid JSON). */
const torn = fc.tuple(record, fc.double({ min: 0.01, max: 0.99, noNaN: true })).map(([r, at]) => {
  const text = JSON.stringify(r)
  return text.slice(0, Math.max(1, Math.floor(text.length * at)))
})

const randomBytes = fc
  .uint8Array({ minLength: 1, maxLength: 64 })
  .map((bytes) => Buffer.from(bytes).toString('utf8'))

const KNOWN = new Set(['add', 'init', 'identity', 'state', 'remove', 'intent', 'intent-end'])
const anyJson = fc
  .jsonValue()
  .filter(
    (v) =>
      typeof v !== 'object' || v === null || Array.isArray(v) || !KNOWN.has(String((v as { t?: unknown }).t)),
  )
  .map((v) => JSON.stringify(v))

/** One line that no replay can use; never blank (a blank line is not a record at all). */
const garbage = fc
  .oneof(misshapen, torn, randomBytes, anyJson)
  .map((line) => line.replace(/\n/g, ' '))
  .filter((line) => line.trim() !== '')

/** The usable lines with the unusable ones spread among them. */
const journalText = fc
  .tuple(
    fc.array(record, { maxLength: 30 }),
    fc.array(fc.tuple(garbage, fc.nat()), { maxLength: 15 }),
    fc.boolean(),
  )
  .map(([records, junk, trailingNewline]) => {
    const valid = records.map((r) => JSON.stringify(r))
    const lines = [...valid]
    for (const [line, at] of junk) lines.splice(at % (lines.length + 1), 0, line)
    return { valid, junk: junk.map(([line]) => line), text: lines.join('\n') + (trailingNewline ? '\n' : '') }
  })

describe('upload journal fuzz', () => {
  it('replays the usable records as if the unusable lines were not there, and counts each of those', () => {
    fc.assert(
      fc.property(journalText, ({ valid, junk, text }) => {
        const clean = replay(valid)
        const mixed = replay(text.split('\n'))
        expect(mixed.items).toEqual(clean.items)
        expect(mixed.intents).toEqual(clean.intents)
        expect(mixed.skipped).toHaveLength(clean.skipped.length + junk.length)
        expect(mixed.skipped.filter((s) => junk.includes(s.text))).toHaveLength(junk.length)
      }),
      { numRuns: 400 },
    )
  })

  it('an engine opens on any such file and closes, offline, without throwing', async () => {
    const offline = (): Promise<never> =>
      Promise.reject(new AppError({ kind: 'offline', message: 'no connection' }))
    const client: UploadEngineOptions['client'] = {
      storageStatistic: offline,
      initFile: offline,
      completeFile: offline,
      deleteFile: offline,
      getFile: offline,
      listFiles: offline,
    }
    await fc.assert(
      fc.asyncProperty(journalText, async ({ valid, text }) => {
        const dir = mkdtempSync(join(tmpdir(), 'journal-fuzz-engine-'))
        try {
          const path = join(dir, 'uploads.jsonl')
          writeFileSync(path, text)
          // Kept however old the records' times are: dropping old history is not what this checks.
          const engine = createUploadEngine({
            client,
            journalPath: path,
            warn: () => undefined,
            historyDays: 1e6,
          })
          expect(engine.list().map((i) => i.id)).toEqual([...replay(valid).items.keys()])
          await engine.whenIdle()
          await engine.close()
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      }),
      { numRuns: 40 },
    )
  })
})
