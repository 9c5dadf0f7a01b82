// `storage free SIZE` and the app's "Free up X" follow one rule (common/storage-doctor.ts): SIZE is what must be
// free, and the last seven days' uploads go only as far as the older unused files fall short. The real CLI
// process against the real sandbox, whose clock stamped some files a month ago, with its own data folder (its
// database on disk).
import { describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../main/core/service-client'
import { useCliSandbox } from '../support/cli-sandbox'
import { storeFile } from './support/stored-file'

const DAY = 86_400_000
const clock = { offsetMs: 0 }
const env = useCliSandbox('mediadeck-free-rule-', 5_000_000, {
  tier: 'premium',
  seed: 'empty',
  now: () => new Date(Date.now() + clock.offsetMs),
})

describe('storage free and the last seven days’ uploads', { timeout: 90_000 }, () => {
  it('frees SIZE from older files first, and takes a recent one only when they fall short', async () => {
    const client = createServiceClient({
      baseUrl: env.sandbox.url,
      accessKey: 'cli',
      secretKey: 'cli-secret',
    })
    try {
      clock.offsetMs = -30 * DAY
      const oldA = await storeFile(client, 'old-a.bin', 200_000)
      const oldB = await storeFile(client, 'old-b.bin', 150_000)
      clock.offsetMs = 0
      const fresh = await storeFile(client, 'yesterday.bin', 300_000)
      const stored = async () =>
        new Set((await client.listFiles({ page: 1, limit: 100 })).docs.map((f) => f.id))

      // 300 000 more to be free: the recent file alone would be the fewest, but the two older ones go instead.
      let free = (await client.storageStatistic()).usage.free
      const first = await env.cli(['storage', 'free', String(free + 300_000), '--yes'])
      expect(first.stderr).not.toMatch(/^error/m)
      expect(first.code).toBe(0)
      expect(first.stdout).toMatch(/deleting 2 unused files/)
      expect(first.stdout).toMatch(/1 unused file uploaded in the last 7 days \(\S+ kB\) kept/)
      let now = await stored()
      expect(now.has(oldA.id) || now.has(oldB.id)).toBe(false)
      expect(now.has(fresh.id)).toBe(true)
      expect((await client.storageStatistic()).usage.free).toBeGreaterThanOrEqual(free + 300_000)

      // The older files (100 000) cannot make 250 000 more free: the recent one goes, and the output says why.
      clock.offsetMs = -30 * DAY
      const oldC = await storeFile(client, 'old-c.bin', 100_000)
      clock.offsetMs = 0
      free = (await client.storageStatistic()).usage.free
      const second = await env.cli(['storage', 'free', String(free + 250_000), '--yes'])
      expect(second.code).toBe(0)
      expect(second.stdout).toMatch(/1 unused file uploaded in the last 7 days \(\S+ kB\) among them/)
      now = await stored()
      expect(now.has(fresh.id)).toBe(false)
      // As few recent files as the older ones lack, then the fewest older for the rest: none here.
      expect(now.has(oldC.id)).toBe(true)

      // A SIZE already free deletes nothing, whatever the age of the files.
      free = (await client.storageStatistic()).usage.free
      const none = await env.cli(['storage', 'free', String(free), '--yes'])
      expect(none.code).toBe(0)
      expect(none.stdout).toMatch(/already free/)
      expect((await stored()).has(oldC.id)).toBe(true)
    } finally {
      await client.close()
    }
  })
})
