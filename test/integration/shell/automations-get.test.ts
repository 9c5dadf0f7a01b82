// automations:get against the real sandbox: an automation past the first page of the view opens by its id
// (GET /public/automation/{id}; for older services without it, the 404 falls back to the list).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'

let root: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'automation-get-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

it('loads an automation that is not on the first page, by id', async () => {
  const first = await host.call('automations:list', { page: 1, limit: 10 })
  expect(first.value.hasNextPage).toBe(true)
  const later = await host.call('automations:list', { page: 4, limit: 10 })
  const wanted = later.value.docs[0]!
  await expect(host.call('automations:get', { id: wanted.id })).resolves.toMatchObject({
    _id: wanted._id,
    detail: { title: wanted.detail.title },
  })
  await expect(host.call('automations:get', { id: 'no-such-automation' })).rejects.toMatchObject({
    kind: 'not-found',
  })
  // The request is validated like every other: an empty id never reaches the service.
  await expect(host.call('automations:get', { id: '' })).rejects.toMatchObject({ kind: 'validation' })
})
