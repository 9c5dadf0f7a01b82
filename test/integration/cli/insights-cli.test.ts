// `insights account|posts|best-times` as scripts call them (the real CLI process) against the real sandbox: a
// year of published posts on an Instagram account, figures read through GET /public/content and the
// statistics, the sandbox's own best slot found, CSV guarded against formulas, exit codes 0/1/2, and the copy
// answered when the service is gone.
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import { BEST_SLOT } from '../../../sandbox/figures'
import { createRandom } from '../../../sandbox/random'
import { accountRecord, publishedPost } from '../../support/insights-history'
import { jsonLines, useCliSandbox } from '../support/cli-sandbox'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const WEEK = 7 * DAY
const IG = '6f0000000000000000000001'
const TIKTOK = '6f0000000000000000000002'

const t = useCliSandbox('mediadeck-cli-insights-', 10_000_000, {
  tier: 'premium',
  seed: 'empty',
  env: { TZ: 'Asia/Jakarta' },
})
const { cli } = t
/** Posts published at seeded random hours over the past year (and one caption a spreadsheet would run). */
const posts: { id: string; at: number }[] = []

beforeAll(async () => {
  const now = Date.now()
  // The year ends on a week boundary at least two weeks back, so every post falls on the same weekday and
  // hour whatever the clock says when the test runs, and has its settled figures: four posts a cell are few
  // enough that a shift of an hour (or a post still growing) could move the best slot, and did.
  const yearEnd = Math.floor((now - 14 * DAY) / WEEK) * WEEK
  const dice = createRandom(37)
  for (let i = 0; i < 700; i++)
    posts.push({ id: `y${i}`, at: yearEnd - Math.floor(dice.next() * 364 * 24) * HOUR })
  await t.sandbox.insertRecords('cli', {
    accounts: [
      ['instagram', IG],
      ['tiktok', TIKTOK],
    ].map(([type, _id]) => accountRecord(_id!, type!, `Kopi Senja ${type}`)),
    schedules: [
      ...posts.map((p) => publishedPost(p.id, IG, p.at)),
      publishedPost('formula', IG, now - 3 * DAY, { description: '=HYPERLINK("http://evil.example","win")' }),
      publishedPost('t1', TIKTOK, now - 2 * DAY),
    ],
  })
})
describe('insights on the command line', () => {
  it("names the sandbox's best slot first, in the person's time zone, with the posts behind it", async () => {
    const run = await cli(['insights', 'best-times', '--account', IG, '--json'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const slots = jsonLines(run.stdout)
    expect(slots).toHaveLength(3)
    expect(slots[0]).toMatchObject({ accountId: IG, weekday: BEST_SLOT.weekday, hour: BEST_SLOT.hour })
    expect(slots[0]!.timeZone).toBe('Asia/Jakarta')
    for (const s of slots) expect(s.posts).toBeGreaterThanOrEqual(3)
    // 19:00 in Jakarta is 12:00 UTC, within the coming week.
    expect(new Date(slots[0]!.at).getUTCHours()).toBe(12)
    expect(Date.parse(slots[0]!.at) - Date.now()).toBeLessThanOrEqual(7 * DAY)

    const words = await cli(['insights', 'best-times', '--account', IG])
    expect(words.code).toBe(0)
    expect(words.stdout.split('\n')[0]).toMatch(/^Wed 19:00 {2}next \d{4}-\d{2}-\d{2} 19:00 Asia\/Jakarta/)
  })

  it("lists every post of a period with its network's figures, as JSON lines and as guarded CSV", async () => {
    const since = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10)
    const json = await cli(['insights', 'posts', '--account', IG, '--since', since, '--json'])
    expect(json.code).toBe(0)
    const rows = jsonLines(json.stdout)
    const expected = [...posts, { id: 'formula', at: Date.now() - 3 * DAY }].filter(
      (p) => p.at >= Date.parse(`${since}T00:00:00Z`),
    )
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((p) => p.id).sort())
    const row = rows[0]!
    expect(Object.keys(row.figures).sort()).toEqual(
      ['comment', 'interaction', 'like', 'reach', 'saved', 'share', 'views'].sort(),
    )
    expect(row.engagement).toBe(
      row.figures.like + row.figures.comment + row.figures.share + row.figures.saved,
    )
    expect(Date.parse(row.asOf)).toBeGreaterThan(Date.now() - 60_000)

    const csv = await cli(['insights', 'posts', '--account', IG, '--since', since, '--csv'])
    expect(csv.code).toBe(0)
    const parsed = Papa.parse<string[]>(csv.stdout.trim()).data
    expect(parsed[0]!.slice(0, 7)).toEqual([
      'id',
      'publishedAt',
      'type',
      'title',
      'url',
      'engagement',
      'asOf',
    ])
    expect(parsed[0]).toEqual(expect.arrayContaining(['like', 'reach', 'saved', 'interaction']))
    expect(parsed).toHaveLength(rows.length + 1)
    const formula = parsed.find((r) => r[0] === 'formula')!
    expect(formula[3]).toBe('\'=HYPERLINK("http://evil.example","win")')
  })

  it("sums a period's posts into the account's figures, and counts followers from the kept snapshots", async () => {
    const since = new Date(Date.now() - 90 * DAY).toISOString().slice(0, 10)
    const until = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10)
    const account = await cli(['insights', 'account', IG, '--since', since, '--until', until, '--json'])
    expect(account.code).toBe(0)
    const [summary] = jsonLines(account.stdout)
    const rows = jsonLines(
      (await cli(['insights', 'posts', '--account', IG, '--since', since, '--until', until, '--json']))
        .stdout,
    )
    expect(summary!.posts).toBe(rows.length)
    expect(summary!.engagement).toBe(rows.reduce((s, r) => s + r.engagement, 0))
    expect(summary!.figures.like).toBe(rows.reduce((s, r) => s + r.figures.like, 0))
    expect(summary!.network).toBe('instagram')
    expect(summary!.accountFigures.likes).toBeGreaterThan(0)

    const tiktok = jsonLines((await cli(['insights', 'account', TIKTOK, '--json'])).stdout)[0]!
    expect(tiktok.posts).toBe(1)
    // TikTok's daily metrics give the counted days of the last week; the account's count gives today's.
    expect(tiktok.followers).toMatchObject({ start: expect.any(Number), end: expect.any(Number) })

    const words = await cli(['insights', 'account', IG, '--since', since, '--until', until])
    expect(words.stdout).toContain(`posts:      ${rows.length} (${rows.length} with figures)`)
  })

  it('answers 2 for a usage error and 1 for an account that is not there, each with one line on stderr', async () => {
    for (const args of [
      ['insights', 'posts', '--account', IG, '--csv', '--json'],
      ['insights', 'best-times'],
      ['insights', 'account', IG, '--since', '2026-02-30'],
      ['insights', 'account', IG, '--since', '2026-07-10', '--until', '2026-07-01'],
      ['insights', 'account'],
      ['insights', 'posts', '--account', IG, '--top', '3'],
    ]) {
      const run = await cli(args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr, args.join(' ')).toMatch(/\S/)
    }
    const missing = await cli(['insights', 'account', '6fffffffffffffffffffffff'])
    expect(missing.code).toBe(1)
    expect(missing.stdout).toBe('')
    expect(missing.stderr.trim().split('\n')).toHaveLength(1)
    expect(missing.stderr).toContain('account 6fffffffffffffffffffffff not found')
  })

  it('prints the kept copy when the service is gone, says so on one line, and exits 1', async () => {
    const before = jsonLines((await cli(['insights', 'posts', '--account', IG, '--json'])).stdout)
    await t.sandbox.close()
    const run = await cli(['insights', 'posts', '--account', IG, '--json'])
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(/could not refresh the figures/)
    expect(jsonLines(run.stdout)).toEqual(before)
  })
})
