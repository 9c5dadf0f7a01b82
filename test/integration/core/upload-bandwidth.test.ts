// The bandwidth cap against the real sandbox: the total speed of all transfers follows the cap, and a new cap
// set while the files are on their way applies to them at once. Windows are seconds long and the bounds wide:
// a loaded machine can only make the upload slower, so the upper bounds are firm and the lower ones loose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import { USERS, sha256Of, startHarness } from './sandbox-harness'
import type { Harness } from './sandbox-harness'

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

describe('upload bandwidth cap against the sandbox', () => {
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

      // Both transfers together, not each, are held to 2 MiB/s.
      let t0 = performance.now()
      let b0 = sent()
      await sleep(1500)
      let rate = ((sent() - b0) * 1000) / (performance.now() - t0)
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
      expect(rate).toBeLessThan(256 * KIB * 1.25)
      expect(rate).toBeGreaterThan(256 * KIB * 0.4)

      // Lifted: the rest goes at loopback speed, and the stored files are intact.
      engine.setRateLimit(null)
      await engine.whenIdle()
      const items = engine.list()
      expect(items.map((i) => i.state)).toEqual(['done', 'done'])
      for (const [i, item] of items.entries()) expect(await sha256Of(item.url!)).toBe(files[i]!.sha256)
    } finally {
      await engine.close()
      await client.close()
    }
  }, 60_000)
})
