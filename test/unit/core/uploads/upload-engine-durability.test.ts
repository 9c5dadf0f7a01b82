// What the upload engine waits for on the disk: the init record must be synced before complete (a restart then
// finds a finished file on the service instead of sending it twice), but neither the PUT nor the next file's
// slot waits for an fdatasync. The journal's fdatasync is held here to see which steps wait for it.
import type * as fs from 'node:fs'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createUploadEngine } from '../../../../main/core/uploads/upload-engine'
import type { UploadEngine } from '../../../../main/core/uploads/upload-engine'
import { createFakeService } from '../support/fake-service'
import type { FakeService } from '../support/fake-service'
import { startStorageSink } from '../support/storage-sink'
import type { StorageSink } from '../support/storage-sink'

const syncs = vi.hoisted(() => ({ hold: false, held: [] as (() => void)[] }))

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>()
  const fdatasync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void): void => {
    if (syncs.hold) syncs.held.push(() => real.fdatasync(fd, callback))
    else real.fdatasync(fd, callback)
  }
  return { ...real, default: { ...real, fdatasync }, fdatasync }
})

let dir: string
let sink: StorageSink
let service: FakeService
let up: UploadEngine | undefined

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engine-durability-'))
  sink = await startStorageSink()
  service = createFakeService(sink.url)
  syncs.hold = false
  syncs.held = []
})
afterEach(async () => {
  releaseSyncs()
  await up?.close()
  up = undefined
  await sink.close()
  rmSync(dir, { recursive: true, force: true })
})

function releaseSyncs(): void {
  syncs.hold = false
  for (const run of syncs.held.splice(0)) run()
}

function file(name: string, size: number): string {
  const path = join(dir, name)
  writeFileSync(path, Buffer.alloc(size, name))
  return path
}

async function waitFor(condition: () => boolean): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > 10_000) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('upload engine and the disk', () => {
  it('sends the bytes while the init record is being synced, and completes only once it is on disk', async () => {
    up = createUploadEngine({ client: service.client, journalPath: join(dir, 'q.jsonl'), concurrency: 1 })
    const [item] = await up.add([file('a.bin', 50_000), file('b.bin', 50_000)])
    syncs.hold = true
    // b.bin's PUT goes out once a.bin's run has given up the slot, after its PUT and before it waits for its
    // init record: a complete that did not wait for the disk would have been called by then.
    await waitFor(() => sink.received.length === 2)
    // a.bin's PUT went out while its init record's fdatasync was still held; complete has not been called.
    expect(syncs.held.length).toBeGreaterThan(0)
    expect(service.calls.complete).toEqual([])
    expect(up.get(item!.id)!.state).not.toBe('done')
    releaseSyncs()
    await up.whenIdle()
    expect(up.get(item!.id)!.state).toBe('done')
    expect(service.calls.complete).toHaveLength(2)
  })

  it('frees the slot of a finished upload without waiting for its record to be synced', async () => {
    up = createUploadEngine({ client: service.client, journalPath: join(dir, 'q.jsonl'), concurrency: 1 })
    const completeFile = service.client.completeFile
    service.client.completeFile = async (id, o) => {
      await completeFile(id, o)
      // From the first complete on, no sync finishes: the done record of a.bin stays unsynced.
      syncs.hold = true
    }
    const [a, b] = await up.add([file('a.bin', 20_000), file('b.bin', 20_000)])
    // b.bin's PUT is out although a.bin's done record was never synced.
    // (The done record's sync is asked for with the journal's next group commit, which may come after.)
    await waitFor(
      () => sink.received.length === 2 && up!.get(a!.id)!.state === 'done' && syncs.held.length > 0,
    )
    releaseSyncs()
    await up.whenIdle()
    expect(up.get(b!.id)!.state).toBe('done')
  })
})
