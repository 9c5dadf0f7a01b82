// The insights over a year of history (docs/insights.md): 2,000 published posts of one Instagram account in the
// real sandbox, drawn offline (inserted records, figures made by sandbox/figures.ts), read through the real
// service client into a real SQLite copy. Two targets:
// - refreshing that year: a post older than 7 days is read at most once per 24 hours, list pages counted. The
//   refresh runs every hour for two simulated days (the sandbox's clock and the refresh's stepped together),
//   and every request is counted;
// - drawing from the copy with the service gone: the figures a first chart needs (the period's totals, its
//   posts, the heat map and the best slots) within 500 ms, and switching the period within 150 ms. This
//   measures the data the view would draw; the view itself is not built yet.
//
// `npx tsx bench/insights.ts [--write]` (`npm run bench -- --data-layer-only`). There is no baseline: the code
// measured does not exist at 558c91f.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../main/core/db/database'
import { refreshAccountInsights, type InsightsSource } from '../main/core/insights/insights-refresh'
import { accountReport, bestTimes, postRows } from '../main/core/insights/insights-report'
import { insightsSource } from '../main/core/insights/insights-source'
import { openInsightsStore } from '../main/core/insights/insights-store'
import { createServiceClient } from '../main/core/service-client'
import { startSandbox } from '../sandbox'
import { createRandom } from '../sandbox/random'
import { formatMs, median, writeResultsSection } from './support/results'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const POSTS = 2000
const RUNS = 7
const ACCOUNT = '6f00000000000000000000b1'
const START = Date.parse('2026-07-15T03:00:00.000Z')

const dir = mkdtempSync(join(tmpdir(), 'bench-insights-'))
let now = START
const sandbox = await startSandbox({
  port: 0,
  dataDir: join(dir, 'sandbox'),
  now: () => new Date(now),
  publisherIntervalMs: 0,
  config: {
    users: [
      { accessKey: 'bench', secretKey: 'bench-secret', tier: 'premium', storageLimit: 1e9, seed: 'empty' },
    ],
  },
})
const dice = createRandom(2026)
const published = Array.from({ length: POSTS }, (_, i) => {
  const at = new Date(START - HOUR - Math.floor(dice.next() * 365 * 24) * HOUR).toISOString()
  return {
    _id: `bench${String(i).padStart(19, '0')}`,
    title: '',
    description: `Post ${i}`,
    topic: '',
    type: dice.pick(['image', 'video', 'album'] as const),
    medias: [],
    meta: { title: '', description: '', url: '' },
    additionalInfo: {},
    replies: [],
    status: 'success',
    scheduleAt: at,
    accountId: ACCOUNT,
    createdAt: at,
    updatedAt: at,
  }
})
await sandbox.insertRecords('bench', {
  accounts: [
    {
      _id: ACCOUNT,
      generatedId: 'bench',
      name: 'Kopi Senja',
      username: 'kopisenja',
      isConnected: true,
      type: 'instagram',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  schedules: published,
})

const client = createServiceClient({ baseUrl: sandbox.url, accessKey: 'bench', secretKey: 'bench-secret' })
const file = join(dir, 'mediadeck.db')
const database = openDatabase({ file })
const store = openInsightsStore(database)
const reads = new Map<string, number[]>()
const real = insightsSource(client)
const counted: InsightsSource = {
  listContent: (accountId, token) => real.listContent(accountId, token),
  async contentStatistic(contentId, accountId) {
    reads.set(contentId, [...(reads.get(contentId) ?? []), now])
    return real.contentStatistic(contentId, accountId)
  },
  accountStatistic: (accountId) => real.accountStatistic(accountId),
}

// 1. Refreshing: once, then hourly for 48 simulated hours.
const refresh = () =>
  refreshAccountInsights({
    store,
    source: counted,
    scope: 'bench',
    account: { id: ACCOUNT, network: 'instagram' },
    now: () => now,
  })
const firstStarted = performance.now()
const first = await refresh()
const firstMs = performance.now() - firstStarted
const hourly = { listPages: 0, posts: 0, account: 0 }
reads.clear()

for (let h = 1; h <= 48; h++) {
  now = START + h * HOUR
  const r = await refresh()
  hourly.listPages += r.requests.listPages
  hourly.posts += r.requests.posts
  hourly.account += r.requests.account
}
// The most reads of one post older than 7 days within any 24 hours of the 48.
let worstOld = 0
for (const [id, times] of reads) {
  const post = published.find((p) => p._id === id)!
  const publishedAt = Date.parse(post.scheduleAt)
  const old = times.filter((t) => t - publishedAt >= 7 * DAY)
  for (const t of old) worstOld = Math.max(worstOld, old.filter((u) => u >= t && u < t + DAY).length)
}
await client.close()
await sandbox.close()
database.close()

// 2. Drawing from the copy, the service gone: a cold open each run, then the year, then a switch to 30 days.
const firstChart: number[] = []
const switchPeriod: number[] = []
for (let i = 0; i < RUNS; i++) {
  const started = performance.now()
  const cold = openDatabase({ file })
  const copy = openInsightsStore(cold)
  const year = { since: START - 366 * DAY, until: now + 1 }
  const report = accountReport(copy, 'bench', ACCOUNT, year)
  const rows = postRows(copy, 'bench', ACCOUNT, year)
  const best = bestTimes(copy, 'bench', ACCOUNT, { now, timeZone: 'Asia/Jakarta' })
  firstChart.push(performance.now() - started)
  if (report.posts !== POSTS || rows.length !== POSTS || best.slots.length === 0)
    throw new Error(`the copy drew ${report.posts} posts, ${rows.length} rows, ${best.slots.length} slots`)
  const switched = performance.now()
  const month = { since: now - 30 * DAY, until: now + 1 }
  accountReport(copy, 'bench', ACCOUNT, month)
  postRows(copy, 'bench', ACCOUNT, month)
  switchPeriod.push(performance.now() - switched)
  cold.close()
}
rmSync(dir, { recursive: true, force: true })

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')
const section = `## Insights: a year of 2,000 posts

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average
${load} (the machine shared with other work: read the times as upper bounds). \`npx tsx bench/insights.ts\`.
No baseline: none of this exists at 558c91f.

Refreshing (real sandbox, real client, real SQLite; the clock stepped, never waited on):

| refresh                                     | list pages | post figures | account | wall time |
| ------------------------------------------- | ---------: | -----------: | ------: | --------: |
| the first, of an empty copy                 | ${first.requests.listPages} | ${first.requests.posts} | ${first.requests.account} | ${formatMs(firstMs)} |
| 48 hourly ones after it (all together)      | ${hourly.listPages} | ${hourly.posts} | ${hourly.account} | |

Most reads of one post older than 7 days within any 24 hours: **${worstOld}** (target: at most 1).

Drawing from the copy with the service gone (median of ${RUNS}, a cold database open each time; the data the
first chart, the table and the heat map need, not the drawing, which the view is not built to do yet):

| step                                                       | median | worst | target |
| ---------------------------------------------------------- | -----: | ----: | -----: |
| open the copy, a year's totals, 2,000 rows, heat map, best slots | ${formatMs(median(firstChart))} | ${formatMs(Math.max(...firstChart))} | 500 ms |
| switch the period to 30 days                               | ${formatMs(median(switchPeriod))} | ${formatMs(Math.max(...switchPeriod))} | 150 ms |
`
console.log(section)
if (process.argv.includes('--write')) await writeResultsSection('Insights: a year of 2,000 posts', section)
if (worstOld > 1) process.exitCode = 1
