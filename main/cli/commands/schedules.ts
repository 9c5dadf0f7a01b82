// `schedules`: the scheduled posts, a page at a time in human output (times in the person's zone, with the zone),
// every page with `--json` (ISO 8601 as the service writes it) unless `--page` asks for one. A list that could not
// be read to its end is printed as far as it was read, and the run says so and exits 1: a script never takes
// part of the list for all of it. `--from`/`--to` as dates are whole days of the person's calendar.
import { AppError } from '../../../common/errors'
import { SCHEDULE_STATUSES } from '../../../common/service'
import type { Page, Schedule, ScheduleStatus } from '../../../common/service'
import type { ServiceClient } from '../../core/service-client'
import { dateOption, UsageError } from '../args'
import type { CliCommand, CliContext } from '../context'
import { writeJson, writeLine } from '../context'
import { describeError } from '../describe-error'
import { parseListArgs, printPage } from '../list-command'
import { dayBounds, localTimeWithZone, localTimeZone } from '../local-time'
import { printable } from '../printable'

const usage =
  'schedules [--page N] [--limit N] [--account ID]... [--status pending|process|error|success] [--from DATE] [--to DATE] [--json]'

/** More pages than this is refused rather than read for minutes: 100 000 posts. */
const MAX_PAGES = 1000
/** Starts over this many times when the list changes while it is read (a post shifts across a page). */
const MAX_RESTARTS = 3

export const schedulesCommand: CliCommand = {
  name: ['schedules'],
  usage,
  summary: 'list scheduled posts (Premium+)',
  async run(argv, ctx) {
    const { values, query } = parseListArgs(
      argv,
      { status: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
      usage,
    )
    const status = values.status === undefined ? undefined : String(values.status)
    if (status !== undefined && !(SCHEDULE_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(
        `--status must be one of ${SCHEDULE_STATUSES.join(', ')}, got ${JSON.stringify(status)}`,
      )
    }
    const zone = localTimeZone(ctx.env)
    const from = dateOption(values.from, 'from')
    const to = dateOption(values.to, 'to')
    // A date is a whole day of the person's calendar: --to includes it.
    const fromDate = from === undefined ? undefined : (dayBounds(from, zone)?.start ?? from)
    const toDate = to === undefined ? undefined : (dayBounds(to, zone)?.end ?? to)
    if (fromDate && toDate && Date.parse(fromDate) > Date.parse(toDate)) {
      throw new UsageError('--from must not be after --to')
    }
    const load = (client: ServiceClient, page: number, limit: number) =>
      client.listSchedules({
        ...query,
        page,
        limit,
        status: status as ScheduleStatus | undefined,
        fromDate,
        toDate,
      })
    if (values.json && values.page === undefined) {
      // Without --limit, the largest page the service gives: fewer requests for the same list.
      const limit = values.limit === undefined ? 100 : query.limit
      return printEveryPage(ctx, (client, page) => load(client, page, limit))
    }
    return printPage(ctx, {
      json: Boolean(values.json),
      one: 'scheduled post',
      noun: 'scheduled posts',
      load: (client) => load(client, query.page, query.limit),
      describe: (s) => describe(s, zone),
    })
  },
}

/**
 * Every page as JSON lines. The list is read whole before anything is printed, so a list that changed while it
 * was read (totalDocs moved) is read again rather than printed with a post twice or missing; one that could not
 * be read to its end is printed as far as it went, and said.
 */
async function printEveryPage(
  ctx: CliContext,
  load: (client: ServiceClient, page: number) => Promise<Page<Schedule>>,
): Promise<number> {
  const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
  try {
    let docs: Schedule[] = []
    let skipped = 0
    let stopped: string | null = null
    for (let attempt = 0; attempt <= MAX_RESTARTS; attempt++) {
      docs = []
      skipped = 0
      stopped = null
      let total: number | undefined
      let totalPages = 1
      let changed = false
      for (let page = 1; ; page++) {
        let answer: Page<Schedule>
        try {
          answer = await load(client, page)
        } catch (error) {
          stopped = `stopped at page ${page} of ${totalPages}: ${describeError(AppError.from(error))}`
          break
        }
        if (total !== undefined && answer.totalDocs !== total) {
          changed = true
          break
        }
        total = answer.totalDocs
        totalPages = Math.max(1, answer.totalPages)
        docs.push(...answer.docs)
        skipped += answer.skipped ?? 0
        if (!answer.hasNextPage || answer.docs.length === 0) break
        if (page >= MAX_PAGES) {
          stopped = `stopped after ${MAX_PAGES} pages of ${totalPages}`
          break
        }
      }
      if (!changed) break
      stopped = 'the list kept changing while it was read'
    }
    for (const doc of docs) writeJson(ctx.stdout, doc)
    if (skipped > 0) {
      writeLine(ctx.stderr, `${skipped} scheduled post${skipped === 1 ? '' : 's'} could not be read`)
    }
    if (stopped) {
      writeLine(ctx.stderr, `error: not every scheduled post was listed (${docs.length} were): ${stopped}`)
      return 1
    }
    return 0
  } finally {
    await client.close()
  }
}

function describe(s: Schedule, zone: string): string {
  const who = s.account ? `${s.account.type}/${s.account.username}` : s.accountId
  const title = s.title || s.description.slice(0, 60) || '(untitled)'
  const why = s.status === 'error' && s.errorMessage ? ` — ${s.errorMessage}` : ''
  return printable(
    `${s._id}  ${localTimeWithZone(s.scheduleAt, zone)}  ${s.status.padEnd(7)}  ${who}  ${title}${why}`,
  )
}
