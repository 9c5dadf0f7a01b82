// The client's figure calls against the real sandbox, and the heat map over figures read through them: a year
// of posts published at seeded random hours finds the sandbox's own best slot (sandbox/figures.ts BEST_SLOT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engagementOf } from '../../../common/insights'
import { bestSlots, heatMap } from '../../../main/core/insights/heat-map'
import { createServiceClient, type ServiceClient } from '../../../main/core/service-client'
import { BEST_SLOT } from '../../../sandbox/figures'
import { createRandom } from '../../../sandbox/random'
import { accountRecord, publishedPost } from '../../support/insights-history'
import { startTestSandbox, TEST_CONFIG, type TestSandbox } from '../sandbox/helpers'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ACCOUNTS = { instagram: '6e0000000000000000000001', facebook: '6e0000000000000000000002' }

describe('figures through the client', () => {
  let t: TestSandbox
  let client: ServiceClient
  const posts: { id: string; at: number }[] = []

  beforeAll(async () => {
    t = await startTestSandbox({
      config: { ...TEST_CONFIG, users: TEST_CONFIG.users.map((u) => ({ ...u, seed: 'empty' as const })) },
    })
    const now = t.clock.now().getTime()
    const dice = createRandom(99)
    for (let i = 0; i < 600; i++)
      posts.push({ id: `y${i}`, at: now - DAY - Math.floor(dice.next() * 364 * 24) * HOUR })
    await t.sandbox.insertRecords('demo', {
      accounts: Object.entries(ACCOUNTS).map(([type, _id]) => accountRecord(_id, type, `Kopi Senja ${type}`)),
      schedules: [
        ...posts.map((p) => publishedPost(p.id, ACCOUNTS.instagram, p.at)),
        publishedPost('young', ACCOUNTS.instagram, now - 10 * 60_000),
        publishedPost('fb', ACCOUNTS.facebook, now - 3 * DAY, { type: 'text' }),
      ],
    })
    client = createServiceClient({
      baseUrl: t.sandbox.url,
      accessKey: 'demo',
      secretKey: 'demo-secret',
      retry: { maxRetries: 0 },
    })
  })
  afterAll(async () => {
    await client?.close()
    await t?.stop()
  })

  it("reads a post's figures, and null for one the platform has not counted yet", async () => {
    const figures = await client.contentStatistic('fb', ACCOUNTS.facebook)
    expect(Object.keys(figures!).sort()).toEqual(['comment', 'like', 'share'])
    expect(await client.contentStatistic('young', ACCOUNTS.instagram)).toBeNull()
    await expect(client.contentStatistic('fb', '6effffffffffffffffffffff')).rejects.toMatchObject({
      kind: 'not-found',
    })
  })

  it("reads an account's figures, and null for a network without any", async () => {
    const ig = await client.accountStatistic(ACCOUNTS.instagram)
    expect(ig!.totals.likes).toBeGreaterThan(0)
    expect(ig!.followers).toBeUndefined()
    expect(await client.accountStatistic(ACCOUNTS.facebook)).toBeNull()
  })

  it("finds the sandbox's best slot from a year of figures read one post at a time", async () => {
    const scored: { publishedAt: number; engagement: number }[] = []
    for (const p of posts) {
      const figures = await client.contentStatistic(p.id, ACCOUNTS.instagram)
      scored.push({ publishedAt: p.at, engagement: engagementOf('instagram', figures!) })
    }
    const map = heatMap(scored, 'Asia/Jakarta')
    const [best] = bestSlots(map, { now: t.clock.now().getTime() })
    expect({ weekday: best!.weekday, hour: best!.hour }).toEqual(BEST_SLOT)
    expect(best!.posts).toBeGreaterThanOrEqual(3)
  })
})
