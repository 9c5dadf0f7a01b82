// The import of the old drafts file into the database against whatever a crash, a disk error or a hand edit
// left in it and its backup: random bytes, JSON torn at any point, and documents whose records carry random
// garbage. The guarantee: opening never fails with anything but a clear DraftStoreError (a file from a newer
// Mediadeck), every readable draft of the copy that opens is listed, unreadable records are kept aside in the
// database (never dropped), and a reopen finds the same, imported once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_STATUSES } from '../../common/drafts'
import { DraftStoreError } from '../../main/core/drafts/draft-store'
import { closeStores, openStoreAt } from '../support/draft-store'
import type { StoredDraft } from '../../main/core/drafts/draft-store'
import { CURRENT_SCHEMA_VERSION } from '../../main/core/drafts/migrations'
import { sampleDraft, samplePost } from '../unit/core/drafts/helpers'
import { sqlOf } from '../../main/core/db/handle'

let root: string
let runs = 0
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'drafts-fuzz-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

const text = fc.string({ unit: 'binary', maxLength: 40 })

const validDraft = (id: string) =>
  fc
    .record({ title: text, description: text, status: fc.constantFrom(...DRAFT_STATUSES) })
    .map(({ title, description, status }) =>
      sampleDraft({ id, status, post: samplePost({ title, description }) }),
    )

/** A draft with one member broken: removed, of the wrong type, or an unknown status. */
const garbageDraft = (id: string) =>
  fc.oneof(
    fc.anything(),
    fc.string().map((status) => ({ ...sampleDraft({ id }), status: `x-${status}` })),
    fc.constantFrom('profileId', 'status', 'post', 'localMedia', 'createdAt', 'updatedAt').chain((member) =>
      fc
        .oneof(
          fc.constant(undefined),
          fc.anything().filter((value) => typeof value !== 'string' || member === 'post'),
        )
        .map((value) => ({ ...sampleDraft({ id }), [member]: value ?? undefined })),
    ),
  )

interface Content {
  bytes: string | Uint8Array
  /** The drafts a reader must find when this copy is the one that opens. */
  valid: StoredDraft[]
  /**
   * Whether this copy is a usable document (its frame is right, whatever its records hold); null when random
   * content may or may not happen to be one (`[]` is a pre-release file of no drafts).
   */
  usable: boolean | null
}

const documentWithGarbage = (prefix: string) =>
  fc
    .record({
      validIds: fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 6 }),
      garbageIds: fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 4 }),
    })
    .chain(({ validIds, garbageIds }) =>
      fc.record({
        valid: fc.tuple(...validIds.map((n) => validDraft(`${prefix}-v${n}`))),
        garbage: fc.tuple(...garbageIds.map((n) => garbageDraft(`${prefix}-g${n}`))),
        sends: fc.oneof(fc.constant({}), fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 })),
        lastSyncAt: fc.oneof(fc.constant(null), fc.anything()),
        setAside: fc.oneof(fc.constant(undefined), fc.anything()),
      }),
    )
    .chain(({ valid, garbage, ...rest }) => {
      const all: unknown[] = [...valid, ...garbage]
      // Valid and garbage records interleaved in a random order.
      return fc.shuffledSubarray(all, { minLength: all.length }).map((records) => {
        const { setAside, ...members } = rest
        const doc = {
          schemaVersion: CURRENT_SCHEMA_VERSION,
          drafts: records,
          ...members,
          ...(setAside === undefined ? {} : { setAside }),
        }
        return { bytes: JSON.stringify(doc), valid: [...valid], usable: true } satisfies Content
      })
    })

const content = (prefix: string): fc.Arbitrary<Content> =>
  fc.oneof(
    documentWithGarbage(prefix),
    // Torn: a good document cut short, as a crash mid-write on a file system without rename leaves it.
    documentWithGarbage(prefix).chain((doc) =>
      fc
        .integer({ min: 0, max: Math.max(0, (doc.bytes as string).length - 2) })
        .map((cut) => ({ bytes: (doc.bytes as string).slice(0, cut), valid: [], usable: false })),
    ),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ bytes, valid: [], usable: null })),
    fc.jsonValue().map((value) => ({ bytes: JSON.stringify(value) ?? '', valid: [], usable: null })),
    fc.constant<Content>({ bytes: '', valid: [], usable: false }),
  )

describe('drafts store integrity', () => {
  it('opens whatever the file and its backup hold: a clear notice, every readable draft, nothing dropped', async () => {
    await fc.assert(
      fc.asyncProperty(content('main'), fc.option(content('bak'), { nil: undefined }), async (main, bak) => {
        const dir = path.join(root, `run-${++runs}`)
        const file = path.join(dir, 'drafts.json')
        await rm(dir, { recursive: true, force: true })
        const { mkdir } = await import('node:fs/promises')
        await mkdir(dir, { recursive: true })
        await writeFile(file, main.bytes)
        if (bak) await writeFile(`${file}.bak`, bak.bytes)

        try {
          await check(file, main, bak)
        } finally {
          closeStores()
        }
      }),
      { numRuns: 120 },
    )
  })
})

async function check(file: string, main: Content, bak: Content | undefined): Promise<void> {
  let store
  try {
    store = await openStoreAt(file)
  } catch (error) {
    // The one refusal: a document from a newer Mediadeck is left untouched, and said so.
    expect(error).toBeInstanceOf(DraftStoreError)
    expect((error as Error).message).toMatch(/newer Mediadeck/)
    return
  }
  // A random JSON value may happen to be a usable document; only the generated drafts are checked.
  const opened = main.usable === true ? main : main.usable === false && bak?.usable === true ? bak : undefined
  const listed = new Map(store.list().map((d) => [d.id, d]))
  for (const draft of opened?.valid ?? []) expect(listed.get(draft.id)).toEqual({ ...draft, revision: 1 })
  if (main.usable === false && opened) expect(store.notice?.kind).toBe('recovered-from-backup')
  if (store.notice) expect(store.notice.message.length).toBeGreaterThan(10)

  // Imported once: the same drafts open again, quietly.
  const again = await openStoreAt(file)
  expect(new Map(again.list().map((d) => [d.id, d]))).toEqual(listed)
  expect(again.notice).toBeNull()
  // Every record the opened copy held is in the database, listed or set aside.
  if (opened) {
    const original = JSON.parse(opened.bytes as string) as { drafts: unknown[] }
    const count = (sql: string) => (sqlOf(again.database).prepare(sql).get() as { n: number }).n
    const rows = count('SELECT count(*) AS n FROM drafts')
    const aside = count("SELECT count(*) AS n FROM drafts_set_aside WHERE source = 'drafts'")
    expect(rows + aside).toBeGreaterThanOrEqual(original.drafts.length)
  }
}
