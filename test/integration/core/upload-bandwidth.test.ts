// The bandwidth cap against the real sandbox: the total of all transfers follows the cap, and a new cap set
// while the files are on their way applies to them at once. The cap runs on a manual clock (the engine's
// `timers`): time moves in 50 ms steps, and after each step the test waits (in real time, however long the
// machine takes) for the bytes that step paid for. So the bounds are exact and a loaded machine cannot fail
// them; the cap against the wall clock is measured by `npm run bench` (bench/timing/run.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import { manualClock, until } from '../../support/manual-clock'
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
const STEP_MS = 50
/** The bucket's piece at a rate: 50 ms of it (main/core/uploads/token-bucket.ts); the bucket holds two. */
const piece = (rate: number) => Math.floor(rate * 0.05)

describe('upload bandwidth cap against the sandbox', () => {
  it('caps the total of concurrent transfers, and a cap set mid-upload slows them at once', async () => {
    const client = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main })
    const files = [h.file('cap-a.bin', 6 * MIB), h.file('cap-b.bin', 6 * MIB)]
    const time = manualClock()
    const engine = createUploadEngine({
      client,
      journalPath: join(h.dir, 'cap.jsonl'),
      concurrency: 2,
      rateLimit: 2 * MIB,
      timers: time.clock,
    })
    try {
      const sent = () => engine.totals().bytesSent
      /**
       * Steps the clock `ms` on, waiting after each step until the transfers have sent at least `rate` bytes a
       * second of the time stepped since `from`, less `slack`; never more than the bucket can have paid for.
       */
      const run = async (rate: number, ms: number, from: { at: number; bytes: number }, most: number) => {
        for (let step = 0; step < ms / STEP_MS; step++) {
          await time.advance(STEP_MS)
          const due = (rate * (time.now() - from.at)) / 1000
          await until(() => sent() - from.bytes >= due - 2 * piece(rate), `${due} bytes at ${time.now()} ms`)
          // Both transfers together, not each, are held to the rate: what went out since `from` never passes
          // what the bucket paid for since then, plus what it held (or had handed out) at `from`.
          expect(sent() - from.bytes).toBeLessThanOrEqual(due + most)
        }
      }
      await engine.add(files.map((f) => f.path))
      // No time has passed yet: at most the bucket's two pieces have gone out, and both files are on their way.
      await until(() => engine.list().every((i) => i.state === 'uploading'), 'both transfers')
      expect(sent()).toBeLessThanOrEqual(2 * piece(2 * MIB))
      await run(2 * MIB, 1500, { at: time.now(), bytes: 0 }, 2 * piece(2 * MIB))
      expect(engine.list().filter((i) => i.state === 'uploading')).toHaveLength(2)

      // A lower cap reaches the running transfers at once: what the old rate had handed out (two pieces at
      // most) is all that goes out beyond the new rate.
      engine.setRateLimit(256 * KIB)
      await run(256 * KIB, 2000, { at: time.now(), bytes: sent() }, 2 * piece(2 * MIB) + 2 * piece(256 * KIB))

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
