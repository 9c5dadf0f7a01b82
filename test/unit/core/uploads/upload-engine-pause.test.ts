// Pausing the queue (the tray's "Pause uploads"): no transfer starts while paused, the queued items keep
// their place, and resuming sends them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createUploadEngine, type UploadEngine } from '../../../../main/core/uploads/upload-engine'
import { createFakeService, type FakeService } from '../support/fake-service'
import { startStorageSink, type StorageSink } from '../support/storage-sink'

let dir: string
let sink: StorageSink
let service: FakeService
let up: UploadEngine | undefined

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engine-pause-'))
  sink = await startStorageSink()
  service = createFakeService(sink.url)
})

afterEach(async () => {
  await up?.close()
  await sink.close()
  rmSync(dir, { recursive: true, force: true })
})

it('starts no transfer while paused and sends the queue on resume', async () => {
  const paths = ['a.bin', 'b.bin'].map((name, i) => {
    const path = join(dir, name)
    // Different bytes: identical ones would be stored once.
    writeFileSync(path, Buffer.alloc(4000, 7 + i))
    return path
  })
  let inits = 0
  const realInit = service.client.initFile
  service.client.initFile = async (req, o) => {
    inits++
    return realInit(req, o)
  }
  up = createUploadEngine({ client: service.client, journalPath: join(dir, 'uploads.jsonl') })
  up.setPaused(true)
  expect(up.isPaused()).toBe(true)
  await up.add(paths)
  // Let every turn the engine would use to start a transfer pass.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
  expect(inits).toBe(0)
  expect(up.list().map((item) => item.state)).toEqual(['queued', 'queued'])

  up.setPaused(false)
  await up.whenIdle()
  expect(inits).toBe(2)
  expect(up.totals().done).toBe(2)
})

it('closing while someone waits for a queued item tells them, and keeps the item for the next start', async () => {
  const path = join(dir, 'big.bin')
  writeFileSync(path, Buffer.alloc(4000, 9))
  const journalPath = join(dir, 'uploads.jsonl')
  up = createUploadEngine({ client: service.client, journalPath })
  up.setPaused(true)
  const waiting = up.uploadOne(path, { key: 'reply:1' })
  const settled = waiting.then(
    () => 'resolved',
    (error: unknown) => error,
  )
  // The item is in the queue, and the wait on it begins a turn later.
  while (up.list().length === 0) await new Promise((resolve) => setImmediate(resolve))
  await new Promise((resolve) => setImmediate(resolve))
  await up.close()
  // Before, the wait was dropped unanswered: whoever awaited it (a reply's sync, then quitting) hung for ever.
  expect(await settled).toMatchObject({ kind: 'cancelled', code: 'upload-cancelled' })

  up = createUploadEngine({ client: service.client, journalPath })
  expect(up.keyed('reply:1')).toMatchObject({ path, state: 'queued' })
})
