// `insights account ID [--since DATE] [--until DATE] [--json]`, `insights posts --account ID [--since DATE]
// [--until DATE] [--csv|--json]` and `insights best-times --account ID [--json]` (docs/design.md, CLI contract;
// docs/insights.md). Each refreshes the account's figures in the data folder's copy (reading only what may have
// changed), then answers from the copy: when the service cannot be reached, the copy's figures are printed with
// one line on stderr saying as of when, and the exit is 1 (the refresh asked for did not happen).
import { AppError, isUnreachable } from '../../../common/errors'
import { COLLISION_WINDOW_MS } from '../../../common/account-watch'
import type { BestSlot } from '../../../common/insights'
import { postsCsv } from '../../core/insights/insights-csv'
import { refreshAccountInsights } from '../../core/insights/insights-refresh'
import { insightsSource } from '../../core/insights/insights-source'
import {
  accountReport,
  bestTimes,
  postRows,
  type PostRow,
  type Range,
} from '../../core/insights/insights-report'
import { openInsightsStore, type InsightsStore } from '../../core/insights/insights-store'
import { replicaIdentity } from '../../core/replica/replica'
import type { ServiceClient } from '../../core/service-client'
import { dateOption, noPositionals, parse, stringOption, UsageError } from '../args'
import type { CliContext, CliCommand } from '../context'
import { writeEach, writeJson, writeLine } from '../context'
import { openCliDatabase } from '../database'
import { localTimeZone } from '../local-time'

const accountUsage = 'insights account ID [--since DATE] [--until DATE] [--json]'
const postsUsage = 'insights posts --account ID [--since DATE] [--until DATE] [--csv|--json]'
const bestUsage = 'insights best-times --account ID [--json]'

const DAY_MS = 86_400_000
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/** --since and --until: a date is its whole day (UTC), so `--until 2026-07-31` includes the 31st. */
export function rangeOf(values: Record<string, unknown>): Range {
  const since = dateOption(values.since, 'since')
  const until = dateOption(values.until, 'until')
  const at = (text: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text)
  const range: Range = {}
  if (since !== undefined) range.since = at(since)
  if (until !== undefined) range.until = at(until) + (/^\d{4}-\d{2}-\d{2}$/.test(until) ? DAY_MS : 0)
  if (range.since !== undefined && range.until !== undefined && range.until <= range.since)
    throw new UsageError(`--until must be after --since`)
  return range
}

function accountArgument(value: unknown): string {
  const id = stringOption(value, 'account')
  if (id === undefined) throw new UsageError('give the account: --account ID')
  return id
}

async function findAccount(client: ServiceClient, id: string): Promise<{ id: string; network: string }> {
  for (let page = 1; page <= 50; page++) {
    const answer = await client.listAccounts({ page, limit: 100 })
    const found = answer.docs.find((a) => a.id === id)
    if (found) return { id, network: found.type }
    if (answer.docs.length < 100) break
  }
  throw new AppError({ kind: 'not-found', message: `account ${id} not found` })
}

interface Session {
  client: ServiceClient
  store: InsightsStore
  scope: string
  /** True when the figures were brought up to date; false when the copy is answered as it was. */
  fresh: boolean
}

/**
 * Refreshes the account in the copy, then hands the copy to `work`. Offline, or when part of the refresh
 * failed, the copy is still answered, with one line on stderr, and the exit is 1.
 */
async function withInsights(
  ctx: CliContext,
  accountId: string,
  work: (session: Session) => Promise<number> | number,
): Promise<number> {
  const profile = await ctx.resolveProfile(ctx.env)
  const client = ctx.createClient(profile)
  const database = openCliDatabase(profile.dataDir, ctx)
  try {
    const store = openInsightsStore(database)
    const scope = replicaIdentity(client.baseUrl, profile.accessKey)
    let failure: unknown
    try {
      const account = await findAccount(client, accountId)
      const result = await refreshAccountInsights({
        store,
        source: insightsSource(client),
        scope,
        account,
        now: () => nowOf(ctx),
      })
      failure = result.error
    } catch (error) {
      if (!(error instanceof AppError) || !isUnreachable(error)) throw error
      failure = error
    }
    if (failure === undefined) return await work({ client, store, scope, fresh: true })
    const known = store.account(scope, accountId) ?? store.posts(scope, accountId).length > 0
    if (!known) throw failure
    const reason = failure instanceof Error ? failure.message : String(failure)
    writeLine(ctx.stderr, `error: could not refresh the figures (${reason}); showing the copy kept before`)
    await work({ client, store, scope, fresh: false })
    return 1
  } finally {
    await client.close()
    database.close()
  }
}

/** The run's clock (CliIo.now, injected by tests and hosts), else the real one. */
function nowOf(ctx: CliContext): number {
  return (ctx.now?.() ?? new Date()).getTime()
}

function iso(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString()
}

function plain(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2)
}

export const insightsAccountCommand: CliCommand = {
  name: ['insights', 'account'],
  usage: accountUsage,
  summary: "an account's figures over a period: its posts' figures summed, and its follower change",
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      { since: { type: 'string' }, until: { type: 'string' }, json: { type: 'boolean' } },
      accountUsage,
    )
    if (positionals.length !== 1 || !positionals[0]!.trim())
      throw new UsageError(`give exactly one account ID\n${accountUsage}`)
    const range = rangeOf(values)
    const id = positionals[0]!
    return withInsights(ctx, id, ({ store, scope }) => {
      const r = accountReport(store, scope, id, range)
      if (values.json) {
        writeJson(ctx.stdout, {
          accountId: r.accountId,
          network: r.network,
          since: range.since === undefined ? null : iso(range.since),
          until: range.until === undefined ? null : iso(range.until),
          asOf: iso(r.asOf),
          posts: r.posts,
          withFigures: r.withFigures,
          engagement: r.engagement,
          figures: r.figures,
          byType: r.byType,
          followers: r.followers,
          accountFigures: r.account?.figures?.totals ?? null,
          accountFiguresAsOf: iso(r.account?.fetchedAt ?? null),
        })
        return 0
      }
      const period = `${range.since === undefined ? 'the start' : iso(range.since)!.slice(0, 10)} to ${
        range.until === undefined ? 'now' : iso(range.until - 1)!.slice(0, 10)
      }`
      writeLine(ctx.stdout, `${id} (${r.network}), ${period}, as of ${iso(r.asOf) ?? 'never read'}`)
      writeLine(ctx.stdout, `posts:      ${r.posts} (${r.withFigures} with figures)`)
      writeLine(ctx.stdout, `engagement: ${r.engagement}`)
      const members = Object.entries(r.figures).map(([k, v]) => `${k} ${plain(v)}`)
      if (members.length) writeLine(ctx.stdout, `figures:    ${members.join(', ')}`)
      const types = Object.entries(r.byType).map(
        ([t, v]) => `${t} ${v.posts} posts, ${v.engagement} engagement`,
      )
      if (types.length) writeLine(ctx.stdout, `by type:    ${types.join('; ')}`)
      const f = r.followers
      writeLine(
        ctx.stdout,
        f
          ? `followers:  ${f.start} to ${f.end} (${f.change >= 0 ? '+' : ''}${f.change})`
          : 'followers:  not known for this period',
      )
      return 0
    })
  },
}

const postLine = (r: PostRow) => ({
  id: r.contentId,
  accountId: r.accountId,
  network: r.network,
  type: r.type,
  publishedAt: iso(r.publishedAt),
  title: r.title,
  url: r.url ?? null,
  thumbnail: r.thumbnail ?? null,
  engagement: r.engagement,
  figures: r.figures,
  asOf: iso(r.asOf),
})

function humanPostLine(r: PostRow): string {
  const figures = r.figures
    ? Object.entries(r.figures)
        .map(([k, v]) => `${k} ${plain(v)}`)
        .join(', ')
    : 'no figures yet'
  const title = r.title.replace(/\s+/g, ' ').slice(0, 60)
  return `${r.contentId}  ${iso(r.publishedAt)}  ${r.type}  engagement ${r.engagement ?? '-'}  ${figures}  ${title}`
}

export const insightsPostsCommand: CliCommand = {
  name: ['insights', 'posts'],
  usage: postsUsage,
  summary: "every post of an account in a period with its network's figures, newest first",
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      {
        account: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        csv: { type: 'boolean' },
        json: { type: 'boolean' },
      },
      postsUsage,
    )
    noPositionals(positionals, postsUsage)
    if (values.csv && values.json) throw new UsageError('give --csv or --json, not both')
    const id = accountArgument(values.account)
    const range = rangeOf(values)
    return withInsights(ctx, id, ({ store, scope }) => {
      const rows = postRows(store, scope, id, range)
      if (values.csv) {
        ctx.stdout.write(postsCsv(rows))
        return 0
      }
      writeEach(ctx.stdout, rows, values.json, postLine, humanPostLine)
      if (!values.json) writeLine(ctx.stdout, `${rows.length} post${rows.length === 1 ? '' : 's'}`)
      return 0
    })
  },
}

function localTime(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  return parts.replace(',', '')
}

/**
 * When the account already has posts in the coming week: a slot on top of one is not offered (the collision
 * warning's window). Reading them needs Premium; without it, or offline, nothing is known to be taken.
 */
async function scheduledTimes(client: ServiceClient, accountId: string, now: number): Promise<number[]> {
  try {
    const page = await client.listSchedules({
      page: 1,
      limit: 100,
      accountIds: [accountId],
      status: 'pending',
      fromDate: new Date(now).toISOString(),
      toDate: new Date(now + 8 * DAY_MS).toISOString(),
    })
    return page.docs.map((s) => Date.parse(s.scheduleAt)).filter((t) => !Number.isNaN(t))
  } catch (error) {
    if (error instanceof AppError && (error.kind === 'plan' || isUnreachable(error))) return []
    throw error
  }
}

export const insightsBestTimesCommand: CliCommand = {
  name: ['insights', 'best-times'],
  usage: bestUsage,
  summary: "the account's three best slots in the coming week, from its own history",
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      { account: { type: 'string' }, json: { type: 'boolean' } },
      bestUsage,
    )
    noPositionals(positionals, bestUsage)
    const id = accountArgument(values.account)
    const timeZone = localTimeZone(ctx.env)
    return withInsights(ctx, id, async ({ client, store, scope, fresh }) => {
      const now = nowOf(ctx)
      const taken = fresh ? await scheduledTimes(client, id, now) : []
      const { map, slots } = bestTimes(store, scope, id, { now, timeZone, taken, gapMs: COLLISION_WINDOW_MS })
      if (!values.json && slots.length === 0) {
        writeLine(
          ctx.stdout,
          `no best time yet: no hour with 3 or more posts did better than this account's usual post (${map.posts} posts with figures)`,
        )
        return 0
      }
      const score = (s: BestSlot) => Math.round(s.score * 100) / 100
      writeEach(
        ctx.stdout,
        slots,
        values.json,
        (s) => ({
          accountId: id,
          weekday: s.weekday,
          hour: s.hour,
          at: iso(s.at),
          timeZone,
          score: score(s),
          posts: s.posts,
        }),
        (s) =>
          `${WEEKDAYS[s.weekday]} ${String(s.hour).padStart(2, '0')}:00  next ${localTime(s.at, timeZone)} ${timeZone}  ` +
          `${plain(score(s))}x the usual post, from ${s.posts} posts`,
      )
      return 0
    })
  },
}
