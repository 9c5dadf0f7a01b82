// The round trip with a file a spreadsheet wrote or a person filled in: times without a zone read in the
// planner's, every problem of every row at once, the accounts by username and network, counts that match the
// preview, an unchanged file that changes nothing, and the service's posts read in pages rather than one by one.
import path from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Account, Page, Schedule } from '../../../../common/service'
import { AppError } from '../../../../common/errors'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { csvTemplate, exportDrafts } from '../../../../main/core/drafts/import-export'
import { DIRECT_LOOKUPS, accountLookup } from '../../../../main/core/drafts/import-lookups'
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

function pageOf<T>(all: T[], page = 1, limit = 100): Page<T> {
  const docs = all.slice((page - 1) * limit, page * limit)
  const totalPages = Math.max(1, Math.ceil(all.length / limit))
  return {
    docs,
    totalDocs: all.length,
    limit,
    totalPages,
    page,
    pagingCounter: (page - 1) * limit + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  }
}

/** A service that counts what it is asked. */
function service(schedules: Schedule[], accounts: Account[] = []) {
  const asked = { get: 0, list: 0 }
  const client: RoundTripClient = {
    getSchedule: async (id) => {
      asked.get += 1
      const found = schedules.find((s) => s.id === id)
      if (!found) throw new AppError({ kind: 'not-found', message: 'no such schedule' })
      return structuredClone(found)
    },
    updateSchedule: async () => undefined,
    listSchedules: async ({ page = 1, limit = 100 }) => {
      asked.list += 1
      return pageOf(schedules, page, limit)
    },
    listAccounts: async ({ page = 1, limit = 100 }) => pageOf(accounts, page, limit),
  }
  return { client, asked }
}

const account = (id: string, username: string, type: string, name = 'Roti Bu Ani Bandung'): Account => ({
  _id: id,
  id,
  name,
  username,
  picture: '',
  isConnected: true,
  type,
})

const jakarta = { timeZone: 'Asia/Jakarta' }

describe('times as a spreadsheet writes them', () => {
  it("reads them in the planner's zone, day-first, and says so", async () => {
    const csv =
      'scheduleAt,description\n05/12/2026 09:00,one\n2026-12-06 09:00,two\n2026-12-07T09:00:00Z,three\n'
    const preview = await previewImport(deps(), 'csv', csv, jakarta)
    expect(preview.errors).toEqual([])
    expect(preview.reading).toEqual({
      timeZone: 'Asia/Jakarta',
      dateOrder: 'dmy',
      dayMonth: true,
      ambiguous: true,
    })
    const result = await importDrafts(deps(), 'csv', csv, {}, jakarta)
    expect(result.imported.map((d) => d.post.scheduleAt)).toEqual([
      '2026-12-05T02:00:00.000Z',
      '2026-12-06T02:00:00.000Z',
      // An ISO time with its zone still names its own moment.
      '2026-12-07T09:00:00Z',
    ])
  })

  it('reads month-first when a row only reads that way, or when the person switches it', async () => {
    const csv = 'scheduleAt,description\n05/12/2026 09:00,one\n12/25/2026 09:00,two\n'
    const preview = await previewImport(deps(), 'csv', csv, jakarta)
    expect(preview.reading?.dateOrder).toBe('mdy')
    const switched = await importDrafts(
      deps(),
      'csv',
      'scheduleAt\n05/12/2026 09:00\n',
      {},
      {
        ...jakarta,
        dateOrder: 'mdy',
      },
    )
    expect(switched.imported[0]!.post.scheduleAt).toBe('2026-05-12T02:00:00.000Z')
  })
})

describe('every problem at once', () => {
  it('lists a bad cell, an ambiguous account and a twice-named post together, by row and column', async () => {
    const { client } = service(
      [],
      [account('a1', '@roti_ig', 'instagram'), account('a2', '@roti_fb', 'facebook')],
    )
    const csv = [
      'draftId,accountId,scheduleAt,description',
      'x1,Roti Bu Ani Bandung,05/12/2026 09:00,one',
      'x2,@roti_ig,31/31/2026 09:00,two',
      'x1,@roti_fb,06/12/2026 09:00,three',
    ].join('\n')
    const preview = await previewImport(deps(client), 'csv', csv, jakarta)
    expect(preview.errors.map((e) => [e.row, e.field ?? null, e.code])).toEqual([
      [2, 'accountId', 'account-ambiguous'],
      [3, 'scheduleAt', 'time-format'],
      [4, null, 'same-post'],
    ])
  })
})

describe('accounts by username and network', () => {
  const accounts = [account('a1', 'roti_bu_ani', 'instagram'), account('a2', 'roti_bu_ani', 'facebook')]

  it('are written beside the id on export', async () => {
    const { client } = service([], accounts)
    store.put(sampleDraft({ post: samplePost({ accountId: 'a2' }) }))
    const { content } = await exportPosts(deps(client), 'csv')
    const [row] = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true }).data
    expect(row).toMatchObject({ accountId: 'a2', account: 'roti_bu_ani', network: 'facebook' })
  })

  it('find the account on import when the id is left empty, the network telling one username apart', async () => {
    const { client } = service([], accounts)
    const csv = 'account,network,description\n@roti_bu_ani,facebook,one\nroti_bu_ani,Instagram,two\n'
    const result = await importDrafts(deps(client), 'csv', csv)
    expect(result.errors).toEqual([])
    expect(result.imported.map((d) => d.post.accountId)).toEqual(['a2', 'a1'])
    const without = await previewImport(deps(client), 'csv', 'account,description\nroti_bu_ani,x\n')
    expect(without.errors[0]).toMatchObject({ code: 'account-ambiguous', field: 'account' })
    const elsewhere = await previewImport(deps(client), 'csv', 'account,network\nroti_bu_ani,tiktok\n')
    expect(elsewhere.errors[0]).toMatchObject({ code: 'account-network', field: 'network' })
  })

  it('round-trip through the export', () => {
    const lookup = accountLookup(accounts)
    expect(lookup('a1')).toEqual({ username: 'roti_bu_ani', network: 'instagram' })
    expect(lookup('gone')).toBeUndefined()
  })
})

describe('counts', () => {
  it("of the result match the preview's", async () => {
    const kept = sampleDraft({ id: 'kept' })
    const edited = sampleDraft({ id: 'edited' })
    store.putMany([kept, edited])
    const sheet = Papa.parse<Record<string, string>>(exportDrafts([kept, edited], 'csv', NOW).content, {
      header: true,
      skipEmptyLines: true,
    })
    sheet.data[1]!.description = 'changed'
    sheet.data.push({ ...sheet.data[0]!, draftId: '', description: 'new' })
    const csv = Papa.unparse({ fields: sheet.meta.fields!, data: sheet.data })
    const preview = await previewImport(deps(), 'csv', csv)
    const result = await importDrafts(deps(), 'csv', csv)
    expect(preview.counts).toEqual({ new: 1, updated: 1, unchanged: 1, conflict: 0 })
    expect(result.counts).toEqual(preview.counts)
  })

  it('count an unchanged re-import of a draft without a link as unchanged', async () => {
    const post = samplePost()
    const { link: _link, ...info } = post.additionalInfo
    // A draft written before the link member was blank-filled: the file's empty cell is no change to it.
    const old = sampleDraft({ id: 'old', post: { ...post, additionalInfo: info } })
    store.put(old)
    const csv = exportDrafts([old], 'csv', NOW).content
    const preview = await previewImport(deps(), 'csv', csv)
    expect(preview.counts).toEqual({ new: 0, updated: 0, unchanged: 1, conflict: 0 })
    expect((await importDrafts(deps(), 'csv', csv)).changed).toEqual([])
  })
})

describe("the service's posts", () => {
  it('are read in pages once, not one request per row, when many rows name ids', async () => {
    const posts = Array.from({ length: 250 }, (_, i) => ({
      ...samplePost(),
      _id: `s${i}`,
      id: `s${i}`,
      status: 'pending',
    })) as Schedule[]
    const { client, asked } = service(posts)
    const rows = Array.from({ length: 300 }, (_, i) => `unknown-${i},row ${i}`)
    const csv = ['id,description', ...rows].join('\n')
    const preview = await previewImport(deps(client), 'csv', csv)
    expect(preview.counts.new).toBe(300)
    expect(asked).toEqual({ get: 0, list: 3 })
  })

  it('are asked for one by one when few rows name them', async () => {
    const { client, asked } = service([])
    const rows = Array.from({ length: DIRECT_LOOKUPS }, (_, i) => `unknown-${i},row ${i}`)
    await previewImport(deps(client), 'csv', ['id,description', ...rows].join('\n'))
    expect(asked).toEqual({ get: DIRECT_LOOKUPS, list: 0 })
  })
})

describe('the template', () => {
  it('reads back as one new draft, its time a spreadsheet time in the zone', async () => {
    const { filename, content } = csvTemplate(NOW, 'Asia/Jakarta')
    expect(filename).toBe('mediadeck-template.csv')
    expect(content.split('\r\n')[0]).toBe(
      'account,network,scheduleAt,type,title,description,additionalInfo.tags',
    )
    expect(content).toContain('22/07/2026 09:00')
    const result = await importDrafts(deps(), 'csv', content, {}, jakarta)
    expect(result.errors).toEqual([])
    expect(result.imported[0]!.post.scheduleAt).toBe('2026-07-22T02:00:00.000Z')
  })
})
