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
