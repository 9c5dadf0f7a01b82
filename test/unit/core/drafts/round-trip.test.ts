// The import's plan and its application over a real drafts store: what the preview counts, conflicts and the
// person's choice, a row never imported twice, accounts by name, and a service post written back whole.
import path from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Account, CreateScheduleRequest, Page, Schedule } from '../../../../common/service'
import { AppError } from '../../../../common/errors'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { exportDrafts } from '../../../../main/core/drafts/import-export'
import { exportPosts, importDrafts, previewImport } from '../../../../main/core/drafts/round-trip'
import type { RoundTripClient, RoundTripDeps } from '../../../../main/core/drafts/round-trip'
import { NOW, sampleDraft, samplePost, tempDir } from './helpers'

let store: DraftStore
let cleanup: () => Promise<void>
let ids = 0

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  store = await openStoreAt(path.join(t.dir, 'drafts.json'))
  ids = 0
})
afterEach(async () => {
  closeStores()
  await cleanup()
})

function deps(client: RoundTripClient | null = null): RoundTripDeps {
  return { store, client, profileId: 'sandbox', now: () => NOW, newId: () => `new-${++ids}` }
}

/** Edits the rows of a CSV as a spreadsheet would. */
function editCsv(content: string, edit: (rows: Record<string, string>[]) => void): string {
  const sheet = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true })
  edit(sheet.data)
  return Papa.unparse({ fields: sheet.meta.fields!, data: sheet.data })
}

function page<T>(docs: T[]): Page<T> {
  return {
    docs,
    totalDocs: docs.length,
    limit: 100,
    totalPages: 1,
    page: 1,
    pagingCounter: 1,
    hasPrevPage: false,
    hasNextPage: false,
    prevPage: null,
    nextPage: null,
  }
}

/**
 * The service's side, in memory: records as GET answers them (with members the app does not know), and every
 * PUT body as sent. The sandbox-backed version of the round trip is test/integration/drafts/round-trip-sandbox.
 */
function serviceWith(schedules: Schedule[], accounts: Account[] = []) {
  const puts: Array<{ id: string; body: CreateScheduleRequest }> = []
  const client: RoundTripClient = {
    getSchedule: async (id) => {
      const found = schedules.find((s) => s.id === id)
      if (!found) throw new AppError({ kind: 'not-found', message: 'no such schedule' })
      return structuredClone(found)
    },
    updateSchedule: async (id, body) => void puts.push({ id, body }),
    listSchedules: async () => page(schedules),
    listAccounts: async () => page(accounts),
  }
  return { client, puts }
}

const account = (id: string, name: string, username: string): Account => ({
  _id: id,
  id,
  name,
  username,
  picture: '',
  isConnected: true,
  type: 'instagram',
})

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    ...samplePost({ description: 'On the service' }),
    _id: 'sch-1',
    id: 'sch-1',
    status: 'pending',
    updatedAt: '2026-07-15T03:00:00.000Z',
    ...overrides,
  } as Schedule
}

describe('previewImport', () => {
  it('counts new, updated, unchanged and conflicting rows and changes nothing', async () => {
    const kept = sampleDraft({ id: 'kept', updatedAt: '2026-07-15T03:00:00.000Z' })
    const edited = sampleDraft({ id: 'edited', updatedAt: '2026-07-15T03:00:00.000Z' })
    const stale = sampleDraft({ id: 'stale', updatedAt: '2026-07-15T03:00:00.000Z' })
    store.putMany([kept, edited, stale])
    const file = editCsv(exportDrafts([kept, edited, stale], 'csv', NOW).content, (rows) => {
      rows[1]!.description = 'edited in the sheet'
      rows[2]!.description = 'edited from an old copy'
      rows[2]!.updatedAt = '2026-07-14T00:00:00.000Z'
      rows.push({ ...rows[0]!, draftId: '', description: 'a new one' })
    })
    const preview = await previewImport(deps(), 'csv', file)
    expect(preview.errors).toEqual([])
    expect(preview.counts).toEqual({ new: 1, updated: 1, unchanged: 1, conflict: 1 })
    expect(preview.rows.find((r) => r.outcome === 'conflict')).toMatchObject({
      row: 4,
      target: 'draft',
      id: 'stale',
      label: 'edited from an old copy',
      fileUpdatedAt: '2026-07-14T00:00:00.000Z',
      currentUpdatedAt: '2026-07-15T03:00:00.000Z',
    })
    expect(store.listForProfile('sandbox').map((d) => d.post.description)).toEqual([
      kept.post.description,
      edited.post.description,
      stale.post.description,
    ])
  })

  it('refuses a file naming one post twice, with both rows', async () => {
    const draft = sampleDraft({ id: 'one' })
    store.put(draft)
    const content = exportDrafts([draft, draft], 'csv', NOW).content
    const preview = await previewImport(deps(), 'csv', content)
    expect(preview.errors).toEqual([
      {
        row: 3,
        message: 'The same post as row 2: a post is imported once.',
        code: 'same-post',
        params: { other: 2 },
      },
    ])
  })

  it("refuses a row of the service's post while the service cannot be asked, rather than copy it", async () => {
    const content = exportDrafts([sampleDraft({ id: 'sent', scheduleId: 'sch-9' })], 'csv', NOW).content
    const preview = await previewImport(deps(null), 'csv', content)
    expect(preview.errors).toEqual([expect.objectContaining({ row: 2, field: 'id' })])
  })
})

describe('importDrafts', () => {
  it('takes the file only for the conflicts the person chose, and keeps the others', async () => {
    const a = sampleDraft({ id: 'a', updatedAt: '2026-07-15T03:00:00.000Z' })
    const b = sampleDraft({ id: 'b', updatedAt: '2026-07-15T03:00:00.000Z' })
    store.putMany([a, b])
    const file = editCsv(exportDrafts([a, b], 'csv', NOW).content, (rows) => {
      for (const row of rows) {
        row.description = `file's ${row.draftId}`
        row.updatedAt = '2026-07-01T00:00:00.000Z'
      }
    })
    const result = await importDrafts(deps(), 'csv', file, { '2': 'file', '3': 'theirs' })
    expect(result).toMatchObject({ errors: [], imported: [], kept: 1 })
    expect(result.changed.map((d) => d.id)).toEqual(['a'])
    expect(store.get('a')!.post.description).toBe("file's a")
    expect(store.get('b')!.post.description).toBe(b.post.description)
  })

  it('imports the same file twice as one set of drafts', async () => {
    const content = exportDrafts([sampleDraft({ id: 'from-elsewhere' })], 'csv', NOW).content
    const first = await importDrafts(deps(), 'csv', content)
    const second = await importDrafts(deps(), 'csv', content)
    expect(first.imported.map((d) => d.id)).toEqual(['from-elsewhere'])
    expect(second).toMatchObject({ imported: [], unchanged: 1 })
    expect(store.listForProfile('sandbox')).toHaveLength(1)
  })

  it('writes a service post back over its record, keeping members the file does not carry', async () => {
    const original = schedule({
      additionalInfo: { ...samplePost().additionalInfo, channel: { id: 'wa-7' } },
      futureMember: 'kept',
    } as Partial<Schedule>)
    const { client, puts } = serviceWith([original], [account('acc-1', 'Batik Shop', '@batikshop')])
    const exported = await exportPosts(deps(client), 'csv', { timeZone: 'Asia/Jakarta' })
    const file = editCsv(exported.content, (rows) => {
      rows[0]!.description = '@everyone the sale moved'
      rows[0]!.scheduleAt = '2026-07-20T11:00:00+07:00'
      rows[0]!.accountId = 'batikshop'
    })
    expect((await previewImport(deps(client), 'csv', file)).counts.updated).toBe(1)
    const result = await importDrafts(deps(client), 'csv', file)
    expect(result).toMatchObject({ errors: [], imported: [], updatedOnService: ['sch-1'] })
    expect(puts).toHaveLength(1)
    const body = puts[0]!.body as CreateScheduleRequest & Record<string, unknown>
    expect(puts[0]!.id).toBe('sch-1')
    expect(body).toMatchObject({
      description: '@everyone the sale moved',
      scheduleAt: '2026-07-20T11:00:00+07:00',
      accountId: 'acc-1',
      futureMember: 'kept',
      additionalInfo: { channel: { id: 'wa-7' } },
    })
    // What only the service sets is not sent back.
    for (const member of ['_id', 'id', 'status', 'updatedAt']) expect(body).not.toHaveProperty(member)
    expect(store.listForProfile('sandbox')).toEqual([])
  })

  it('refuses an account name that fits two accounts', async () => {
    const { client } = serviceWith(
      [],
      [account('acc-1', 'Batik', '@batik_id'), account('acc-2', 'Batik', '@batik_my')],
    )
    const content = 'accountId,description\nBatik,hello\n@batik_my,hello too\n'
    const preview = await previewImport(deps(client), 'csv', content)
    expect(preview.errors).toEqual([
      {
        row: 2,
        field: 'accountId',
        message: expect.stringContaining('names 2 accounts'),
        code: 'account-ambiguous',
        params: { value: 'Batik', count: 2 },
      },
    ])
    const fine = await previewImport(deps(client), 'csv', 'accountId,description\n@batik_my,hello too\n')
    expect(fine.counts.new).toBe(1)
  })
})

describe('exportPosts', () => {
  it("writes the service's posts and the local drafts, a sent draft once, in the planner's zone", async () => {
    store.putMany([
      sampleDraft({ id: 'sent', status: 'scheduled', scheduleId: 'sch-1' }),
      sampleDraft({ id: 'local', post: samplePost({ description: 'only here' }) }),
    ])
    const { client } = serviceWith([
      schedule(),
      schedule({ _id: 'sch-2', id: 'sch-2', description: 'made on the web' }),
    ])
    const { content } = await exportPosts(deps(client), 'csv', { timeZone: 'Asia/Jakarta' })
    const rows = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true }).data
    expect(rows.map((r) => [r.id, r.draftId, r.description, r.scheduleAt, r.campaignId])).toEqual([
      ['sch-1', 'sent', 'On the service', '2026-07-20T10:00:00+07:00', ''],
      ['sch-2', '', 'made on the web', '2026-07-20T10:00:00+07:00', ''],
      ['', 'local', 'only here', '2026-07-20T10:00:00+07:00', ''],
    ])
  })
})
