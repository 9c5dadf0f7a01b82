// The outbox's uploader over the real engine and the sandbox: a stop (the run's signal) cancels the media
// upload at once instead of letting it run on to the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngineUploader } from '../../../main/core/drafts/engine-uploader'
import { createServiceClient, type ServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import { USERS, startHarness, type Harness } from '../core/sandbox-harness'

let h: Harness
let client: ServiceClient

beforeAll(async () => {
  h = await startHarness()
  client = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main })
})
afterAll(async () => {
  await client.close()
  await h.close()
})

describe('createEngineUploader', () => {
  it('cancels the media upload when the run stops, instead of waiting for it', async () => {
    // 8 MiB at 256 KiB/s takes half a minute: long enough to stop it on the way.
    const engine = createUploadEngine({
      client,
      journalPath: `${h.dir}/stop.jsonl`,
      rateLimit: 256 * 1024,
    })
    const file = h.file('long-video.mp4', 8 * 1024 * 1024)
    const upload = createEngineUploader(() => engine)
    const stop = new AbortController()
    const key = 'draft:d1:media:m1'
    const sent = upload({ path: file.path, name: 'long-video.mp4' }, { key, signal: stop.signal })
    const failure = sent.catch((error: unknown) => error)
    await expect.poll(() => engine.keyed(key)?.bytesSent ?? 0, { timeout: 10_000 }).toBeGreaterThan(0)

    stop.abort()
    await expect(failure).resolves.toMatchObject({ kind: 'cancelled' })
    await engine.whenIdle()
    // Stopped on the way, not run to the end: cancelled with most of the file never sent.
    expect(engine.keyed(key)).toMatchObject({ state: 'cancelled' })
    expect(engine.keyed(key)!.bytesSent).toBeLessThan(4 * 1024 * 1024)
    await engine.close()
  })
})
