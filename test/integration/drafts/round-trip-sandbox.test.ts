// The CSV round trip through the app host against its real embedded sandbox: export, change one scheduled
// row's text and time in the file, import. The post on the service changes in place; no second post, no new
// draft. Before the round trip matched rows, the import made a new draft beside the still scheduled original.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import type { ServiceClient } from '../../../main/core/service-client'
import { readAllPages } from '../../../main/core/storage/read-all-pages'
import { connectedAccountId, postFor } from './helpers'

let root: string
let host: AppHost
let client: ServiceClient

const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'round-trip-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser', ...fast })
  await host.connection.check()
  client = host.active().client
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

const allSchedules = () =>
  readAllPages((page, limit) => client.listSchedules({ page, limit }), { what: 'scheduled posts' })

it('updates the scheduled post in place: same id, new text and time, as many posts as before', async () => {
  const accountId = await connectedAccountId(client)
  // Sent through the outbox as the planner does: a local draft that the service now holds.
  const draft = await host.call('drafts:save', {
    post: postFor(accountId, { description: 'Batik sale at nine', scheduleAt: '2027-03-01T02:00:00.000Z' }),
    localMedia: [],
  })
  await host.call('drafts:schedule', { id: draft.id })
  await vi.waitFor(
    async () => expect((await host.call('drafts:get', { id: draft.id })).status).toBe('scheduled'),
    { timeout: 10_000 },
  )
  const scheduleId = (await host.call('drafts:get', { id: draft.id })).scheduleId!
  const postsBefore = (await allSchedules()).length
  const draftsBefore = (await host.call('drafts:list')).length

  const exported = await host.call('drafts:export', { format: 'csv', timeZone: 'Asia/Jakarta' })
  const sheet = Papa.parse<Record<string, string>>(exported.content, { header: true, skipEmptyLines: true })
  // The demo data's posts on the service are in the file too, not only the local drafts.
  expect(sheet.data.length).toBeGreaterThanOrEqual(postsBefore)
  const row = sheet.data.find((r) => r.description === 'Batik sale at nine')!
  expect(row).toMatchObject({ id: scheduleId, draftId: draft.id, scheduleAt: '2027-03-01T09:00:00+07:00' })
  row.description = '- Batik sale moved to ten'
  row.scheduleAt = '2027-03-01T10:00:00+07:00'
  const edited = Papa.unparse({ fields: sheet.meta.fields!, data: sheet.data })

  const preview = await host.call('drafts:import-preview', { format: 'csv', content: edited })
  expect(preview.errors).toEqual([])
  expect(preview.counts).toMatchObject({ new: 0, updated: 1, conflict: 0 })
  const result = await host.call('drafts:import', { format: 'csv', content: edited })
  expect(result.errors).toEqual([])
  expect(result.imported).toEqual([])
  expect(result.updatedOnService).toEqual([scheduleId])

  const after = await client.getSchedule(scheduleId)
  expect(after.description).toBe('- Batik sale moved to ten')
  expect(Date.parse(after.scheduleAt)).toBe(Date.parse('2027-03-01T03:00:00.000Z'))
  expect((await allSchedules()).length).toBe(postsBefore)
  expect((await host.call('drafts:list')).length).toBe(draftsBefore)

  // The same file again finds nothing left to change.
  const again = await host.call('drafts:import-preview', { format: 'csv', content: edited })
  expect(again.counts.updated + again.counts.new + again.counts.conflict).toBe(0)
})
