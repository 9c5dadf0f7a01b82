// The bandwidth cap on the wall clock, against the real sandbox: the total of two concurrent transfers follows
// the cap, and a cap set mid-upload slows them at once. The same behaviour is pinned on the engine's own clock
// by test/integration/core/upload-bandwidth.test.ts; this is the measurement. Windows are seconds long and
// the bounds wide: a loaded machine can only make the upload slower, so the upper bounds are firm and the
// lower ones loose.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../main/core/service-client'
import { createUploadEngine } from '../../main/core/uploads/upload-engine'
import { USERS, sha256Of, startHarness } from '../../test/integration/core/sandbox-harness'
import type { Harness } from '../../test/integration/core/sandbox-harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

const KIB = 1024
const MIB = 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('upload bandwidth cap on the wall clock', () => {
  it('caps the total of concurrent transfers, and a cap set mid-upload slows them at once', async () => {
    const client = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main })
    const files = [h.file('cap-a.bin', 6 * MIB), h.file('cap-b.bin', 6 * MIB)]
    const engine = createUploadEngine({
      client,
      journalPath: join(h.dir, 'cap.jsonl'),
      concurrency: 2,
      rateLimit: 2 * MIB,
      progressIntervalMs: 20,
    })
    try {
      const sent = () => engine.totals().bytesSent
      await engine.add(files.map((f) => f.path))
      while (sent() < 256 * KIB) await sleep(20)

      let t0 = performance.now()
      let b0 = sent()
      await sleep(1500)
      let rate = ((sent() - b0) * 1000) / (performance.now() - t0)
      console.log(`2 MiB/s cap, 2 transfers: ${(rate / MIB).toFixed(3)} MiB/s`)
      expect(engine.list().filter((i) => i.state === 'uploading')).toHaveLength(2)
      expect(rate).toBeLessThan(2 * MIB * 1.15)
      expect(rate).toBeGreaterThan(2 * MIB * 0.4)

      engine.setRateLimit(256 * KIB)
      // What the old rate already paid for (at most two 100 KiB pieces) drains first.
      await sleep(300)
      t0 = performance.now()
      b0 = sent()
      await sleep(2000)
      rate = ((sent() - b0) * 1000) / (performance.now() - t0)
      console.log(`lowered to 256 KiB/s mid-upload: ${(rate / KIB).toFixed(1)} KiB/s`)
      expect(rate).toBeLessThan(256 * KIB * 1.25)
      expect(rate).toBeGreaterThan(256 * KIB * 0.4)

      engine.setRateLimit(null)
      await engine.whenIdle()
      const items = engine.list()
      expect(items.map((i) => i.state)).toEqual(['done', 'done'])
      for (const [i, item] of items.entries()) expect(await sha256Of(item.url!)).toBe(files[i]!.sha256)
    } finally {
      await engine.close()
      await client.close()
    }
  })
})
