import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import path from 'node:path'
import { requestSchemas } from '../../../../common/contract'
import { AppError } from '../../../../common/errors'
import { MAX_IMPORT_CHARS, MAX_IMPORT_ROWS } from '../../../../common/drafts'
import type { Draft } from '../../../../common/drafts'
import { createScheduleRequestSchema } from '../../../../common/service'
import { openStoreAt } from '../../../support/draft-store'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { CSV_COLUMNS, exportDrafts } from '../../../../main/core/drafts/import-export'
import { importDrafts as importRows } from '../../../../main/core/drafts/round-trip'
import type { RoundTripDeps, RoundTripStore } from '../../../../main/core/drafts/round-trip'
import { NOW, localImage, sampleDraft, samplePost, tempDir } from './helpers'

let store: DraftStore
let cleanup: () => Promise<void>
let file: string
let ids = 0
const newId = () => `new-${++ids}`

/** The import with no service to ask: every row of these files is a new local draft. */
function importDrafts(
  target: Partial<RoundTripStore> & Pick<RoundTripStore, 'putMany'>,
  format: 'csv' | 'json',
  content: string,
  options: Omit<RoundTripDeps, 'store' | 'client'>,
  client: RoundTripDeps['client'] = null,
) {
  const store = {
    listForProfile: () => [],
    get: () => undefined,
    update: () => undefined as never,
    batch: <T>(fn: () => T) => fn(),
    ...target,
  }
  return importRows({ ...options, store, client }, format, content)
}

/** A service of another account: none of the file's posts are on it, and it lists no accounts. */
const elsewhere: RoundTripDeps['client'] = {
  getSchedule: () => Promise.reject(new AppError({ kind: 'not-found', message: 'no such schedule' })),
  updateSchedule: () => Promise.reject(new Error('not called')),
  listSchedules: () => Promise.reject(new Error('not called')),
  listAccounts: async () => ({
    docs: [],
    totalDocs: 0,
    limit: 100,
    totalPages: 0,
    page: 1,
    pagingCounter: 1,
    hasPrevPage: false,
    hasNextPage: false,
    prevPage: null,
    nextPage: null,
  }),
}

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  file = path.join(t.dir, 'drafts.json')
  store = await openStoreAt(file)
  ids = 0
})
afterEach(() => cleanup())

const rich: Draft = sampleDraft({
  id: 'rich',
  status: 'scheduled',
  scheduleId: 'sch-1',
  post: samplePost({
    title: 'Title, with "quotes"',
    description: 'Line one\nLine two; with a semicolon, and =1+1',
    type: 'album',
    topic: 'Batik',
    medias: [{ alt: 'alt', type: 'image', thumbnail: '', url: 'https://storage.example/a.png' }],
    meta: { title: 'm', description: 'md', url: 'https://example.com' },
    scheduleAt: '2026-03-29T00:30:00.000Z',
    additionalInfo: {
      isAiGenerated: true,
      isDraft: false,
      isAutoAddMusic: true,
      collaborators: ['replizofficial'],
      music: { id: '7', artist: 'Valent', name: 'Untukmu', thumbnail: '', volume: { video: 40, music: 80 } },
      products: [{ id: '5', name: 'Apply', thumbnail: '', currency: 'IDR', price: 100000 }],
      tags: ['meow meow', 'nya; nya'],
      mentions: ['azickri.ai'],
      link: 'https://repliz.com',
      targetCountries: ['ID', 'EN'],
    },
    replies: [{ title: '', description: 'first reply', topic: '', type: 'text', medias: [] }],
  }),
  localMedia: [localImage()],
})
const plain = sampleDraft({ id: 'plain', post: samplePost({ accountId: '', scheduleAt: '' }) })

describe('CSV', () => {
  it('round-trips every member of the post and the local media', async () => {
    const { filename, content } = exportDrafts([rich, plain], 'csv', NOW)
    expect(filename).toBe('mediadeck-drafts-2026-07-15.csv')
    expect(content.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','))
    const result = await importDrafts(
      store,
      'csv',
      content,
      { now: () => NOW, profileId: 'sandbox', newId },
      elsewhere,
    )
    expect(result.errors).toEqual([])
    expect(result.imported.map((d) => d.post)).toEqual([rich.post, plain.post])
    expect(result.imported[0]!.localMedia.map(({ id: _id, ...m }) => m)).toEqual(
      rich.localMedia.map(({ id: _id, ...m }) => m),
    )
    // Posts found neither on the service nor here are new local drafts, whatever status the file says; they
    // keep the file's draftId, so importing the file again finds them.
    expect(result.imported.map((d) => [d.id, d.status, d.scheduleId])).toEqual([
      ['rich', 'draft', undefined],
      ['plain', 'draft', undefined],
    ])
    expect((await openStoreAt(file)).list()).toHaveLength(2)
  })

  it('reads a hand-written sheet with only some columns, lists separated by ";"', async () => {
    const csv =
      'accountId,scheduleAt,description,additionalInfo.tags\nacc-1,2026-08-01T10:00:00+07:00,Hi,a; b\n'
    const result = await importDrafts(store, 'csv', csv, { now: () => NOW, profileId: 'sandbox', newId })
    expect(result.errors).toEqual([])
    expect(result.imported[0]!.post).toMatchObject({
      type: 'text',
      description: 'Hi',
      accountId: 'acc-1',
      scheduleAt: '2026-08-01T10:00:00+07:00',
      additionalInfo: { tags: ['a', 'b'], isDraft: false },
    })
  })

  it('reports every problem of every row with its column and a code to word it by, and imports nothing', async () => {
    const rows = [
      ['accountId', 'scheduleAt', 'type', 'description', 'medias', 'additionalInfo.isDraft'],
      ['acc-1', '2026-08-01T10:00:00Z', 'text', 'fine', '', 'false'],
      ['acc-1', '2026-13-45 10:00', 'text', 'no such day', '', 'false'],
      ['acc-1', '', 'poem', 'bad type', '', 'maybe'],
      ['acc-1', '', 'image', 'bad json', '[{', 'true'],
      ['acc-1', '', 'image', 'media without url', '[{"type":"image"}]', 'true'],
    ]
    const result = await importDrafts(store, 'csv', Papa.unparse(rows), {
      now: () => NOW,
      profileId: 'sandbox',
      newId,
    })
    expect(result.imported).toEqual([])
    expect(result.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'scheduleAt', 'time-format'],
      // Both of row 4's problems, not only the first one found.
      [4, 'additionalInfo.isDraft', 'boolean'],
      [4, 'type', 'one-of'],
      [5, 'medias', 'json-array'],
      // The service requires a media entry's type and url only; alt and thumbnail are filled.
      [6, 'medias.0.url', 'wrong-type'],
    ])
    expect(result.errors[0]!.message).toMatch(/05\/12\/2026 09:00/)
    expect(store.list()).toEqual([])
  })

  it('reports a wrong type once the cells parse', async () => {
    const csv = 'type,description\npoem,x\n'
    const result = await importDrafts(store, 'csv', csv, { now: () => NOW, profileId: 'sandbox', newId })
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'type',
        message: expect.stringMatching(/one of text/),
        code: 'one-of',
        params: { options: expect.stringMatching(/^text, image/) },
      },
    ])
  })

  it('refuses unknown columns and rows with the wrong number of cells', async () => {
    const unknown = await importDrafts(store, 'csv', 'descripton\nx\n', {
      now: () => NOW,
      profileId: 'sandbox',
      newId,
    })
    expect(unknown.errors).toEqual([
      {
        row: 1,
        field: 'descripton',
        message: expect.stringMatching(/Unknown column/),
        code: 'unknown-column',
        params: { name: 'descripton', index: 1 },
      },
    ])
    const short = await importDrafts(store, 'csv', 'title,description\na,b\nc\n', {
      now: () => NOW,
      profileId: 'sandbox',
      newId,
    })
    expect(short.errors.map((e) => e.row)).toContain(3)
    expect(short.imported).toEqual([])
  })
})

describe('JSON', () => {
  it('round-trips through its own export', async () => {
    const { filename, content } = exportDrafts([rich], 'json', NOW)
    expect(filename).toBe('mediadeck-drafts-2026-07-15.json')
    const result = await importDrafts(
      store,
      'json',
      content,
      { now: () => NOW, profileId: 'sandbox', newId },
      elsewhere,
    )
    expect(result.errors).toEqual([])
    expect(result.imported[0]!.post).toEqual(rich.post)
    expect(result.imported[0]!.localMedia).toEqual(rich.localMedia)
  })

  it('takes a bare list of section 2.4 bodies, filling members left out', async () => {
    const body = { description: 'x', type: 'text', accountId: 'a', scheduleAt: '2026-08-01T00:00:00Z' }
    const result = await importDrafts(store, 'json', JSON.stringify([body]), {
      now: () => NOW,
      profileId: 'sandbox',
      newId,
    })
    expect(result.errors).toEqual([])
    expect(result.imported[0]!.post.additionalInfo.music.volume).toEqual({ video: 100, music: 100 })
  })

  it("imports every post the service's own docs show, filling what they leave out", async () => {
    const doc = JSON.parse(
      readFileSync(new URL('../../../../sandbox/reference/service-openapi.json', import.meta.url), 'utf8'),
    )
    const examples = Object.values(
      doc.paths['/public/schedule'].post.requestBody.content['application/json'].examples,
    ).map((e) => (e as { value: Record<string, unknown> }).value)
    expect(examples).toHaveLength(16)
    // A media entry written to the document's schema: only the members it requires.
    const bare = { ...examples[1]!, medias: [{ type: 'image', url: 'https://storage.repliz.com/image.png' }] }
    const result = await importDrafts(store, 'json', JSON.stringify([...examples, bare]), {
      now: () => NOW,
      profileId: 'sandbox',
      newId,
    })
    expect(result.errors).toEqual([])
    expect(result.imported).toHaveLength(17)
    const last = result.imported.at(-1)!.post
    expect(last.medias).toEqual([
      { alt: '', thumbnail: '', type: 'image', url: 'https://storage.repliz.com/image.png' },
    ])
    expect(last.additionalInfo.isAutoAddMusic).toBe(false)
    expect(last.additionalInfo.music.volume).toEqual({ video: 100, music: 100 })
    // What is sent is the full body: the client's own request schema accepts every imported post.
    for (const { post } of result.imported)
      expect(createScheduleRequestSchema.safeParse(post).success).toBe(true)
  })

  it('imports a CSV row whose medias carry only type and url', async () => {
    const csv = Papa.unparse({
      fields: ['accountId', 'scheduleAt', 'type', 'medias'],
      data: [
        ['acc', '2026-08-01T00:00:00Z', 'image', JSON.stringify([{ type: 'image', url: 'https://x/y.png' }])],
      ],
    })
    const result = await importDrafts(store, 'csv', csv, { now: () => NOW, profileId: 'sandbox', newId })
    expect(result.errors).toEqual([])
    expect(result.imported[0]!.post.medias).toEqual([
      { alt: '', thumbnail: '', type: 'image', url: 'https://x/y.png' },
    ])
  })

  it('reports bad entries by their position and imports none', async () => {
    const content = JSON.stringify([{ description: 'ok' }, 5, { type: 'text', meta: { url: 3 } }])
    const result = await importDrafts(store, 'json', content, { now: () => NOW, profileId: 'sandbox', newId })
    expect(result.imported).toEqual([])
    expect(result.errors.map((e) => [e.row, e.field])).toEqual([
      [2, undefined],
      [3, 'meta.url'],
    ])
    const broken = await importDrafts(store, 'json', '{', { now: () => NOW, profileId: 'sandbox', newId })
    expect(broken.errors[0]!.message).toMatch(/not JSON/)
  })
})

describe('import bounds', () => {
  /** A CSV of `rows` text posts whose descriptions fill it to about `chars` characters. */
  function csvOf(rows: number, chars: number): string {
    const header = 'title,description,type\n'
    const perRow = Math.floor((chars - header.length) / rows)
    const filler = 'x'.repeat(perRow - 'post 00000,,text\n'.length)
    const lines = Array.from(
      { length: rows },
      (_, i) => `post ${String(i).padStart(5, '0')},${filler},text\n`,
    )
    return header + lines.join('')
  }

  it('refuses a file over the size limit with the limit named, in the contract and in the import', async () => {
    const content = csvOf(10, MAX_IMPORT_CHARS + 1_000)
    expect(content.length).toBeGreaterThan(MAX_IMPORT_CHARS)
    const viaContract = requestSchemas['drafts:import'].safeParse({ format: 'csv', content })
    expect(viaContract.success).toBe(false)
    expect(viaContract.error?.issues[0]?.message).toMatch(/too large to import: at most 5 MB/)

    const result = await importDrafts(store, 'csv', content, { now: () => NOW, profileId: 'sandbox', newId })
    expect(result.imported).toEqual([])
    expect(result.errors).toEqual([
      {
        row: 0,
        message: expect.stringMatching(/too large to import: at most 5 MB/),
        code: 'too-large',
        params: { limit: 5, size: '5.0' },
      },
    ])
    expect(store.list()).toEqual([])
  })

  it('refuses a file over the row limit with the limit named', async () => {
    const result = await importDrafts(store, 'csv', csvOf(MAX_IMPORT_ROWS + 1, 400_000), {
      now: () => NOW,
      profileId: 'sandbox',
      newId,
    })
    expect(result.errors).toEqual([
      {
        row: 1,
        message: `The file has more than ${MAX_IMPORT_ROWS} rows; at most ${MAX_IMPORT_ROWS} are imported at once.`,
        code: 'too-many-rows',
        params: { max: MAX_IMPORT_ROWS },
      },
    ])
    expect(store.list()).toEqual([])
  })

  it.each(['csv', 'json'] as const)(
    'keeps the event loop turning while it reads the largest %s file accepted',
    async (format) => {
      // JSON repeats the keys on every row: the same posts take more characters.
      const csv = csvOf(MAX_IMPORT_ROWS, format === 'csv' ? MAX_IMPORT_CHARS - 100_000 : 4_500_000)
      const content =
        format === 'csv'
          ? csv
          : JSON.stringify(
              Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data,
            )
      expect(content.length).toBeLessThanOrEqual(MAX_IMPORT_CHARS)
      expect(content.length).toBeGreaterThan(MAX_IMPORT_CHARS * 0.95)
      // Counted per event-loop turn (setImmediate), not per timer period: a loaded machine stretches a 5 ms
      // interval into few ticks even when the import yields often, which made a count of intervals flaky.
      let ticks = 0
      let turning = true
      const turn = (): void => {
        ticks += 1
        if (turning) setImmediate(turn)
      }
      setImmediate(turn)
      // The parse alone: writing 10,000 drafts is the store's own cost, the same for any way they arrive.
      const kept: Draft[] = []
      const sink = { putMany: (list: Draft[]) => void kept.push(...list) }
      const result = await importDrafts(sink, format, content, {
        now: () => NOW,
        profileId: 'sandbox',
        newId,
      })
      turning = false
      expect(result.errors).toEqual([])
      expect(result.imported).toHaveLength(MAX_IMPORT_ROWS)
      // Before slicing, the whole import was one stall (no turn at all). The import yields after every 15 ms of
      // work, so how many turns it takes depends on the machine's speed (4 on a quiet one, dozens under load):
      // the test asks for turns at all. How long the longest stall is, is not asserted: one garbage collection
      // or a loaded machine's pause makes any bound on wall-clock time fail for no fault of the code.
      expect(ticks).toBeGreaterThanOrEqual(2)
      expect(kept).toHaveLength(MAX_IMPORT_ROWS)
    },
  )
})
