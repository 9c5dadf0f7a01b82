import { SCHEDULE_STATUSES } from '../../../common/service'
import type { ScheduleStatus } from '../../../common/service'
import { dateOption, intOption, listOption, noPositionals, parse, UsageError } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'

const usage =
  'schedules [--page N] [--limit N] [--account ID]... [--status pending|process|error|success] [--from DATE] [--to DATE] [--json]'

export const schedulesCommand: CliCommand = {
  name: ['schedules'],
  usage,
  summary: 'list scheduled posts (Premium+)',
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      {
        page: { type: 'string' },
        limit: { type: 'string' },
        account: { type: 'string', multiple: true },
        status: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        json: { type: 'boolean' },
      },
      usage,
    )
    noPositionals(positionals, usage)
    const status = values.status === undefined ? undefined : String(values.status)
    if (status !== undefined && !(SCHEDULE_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(
        `--status must be one of ${SCHEDULE_STATUSES.join(', ')}, got ${JSON.stringify(status)}`,
      )
    }
    const fromDate = dateOption(values.from, 'from')
    const toDate = dateOption(values.to, 'to')
    if (fromDate && toDate && Date.parse(fromDate) > Date.parse(toDate)) {
      throw new UsageError('--from must not be after --to')
    }
    const query = {
      page: intOption(values.page, 'page', 1, 1_000_000) ?? 1,
      limit: intOption(values.limit, 'limit', 1, 100) ?? 20,
      accountIds: listOption(values.account, 'account'),
      status: status as ScheduleStatus | undefined,
      fromDate,
      toDate,
    }
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      const page = await client.listSchedules(query)
      if (values.json) {
        for (const doc of page.docs) writeJson(ctx.stdout, doc)
        return 0
      }
      for (const s of page.docs) {
        const who = s.account ? `${s.account.type}/${s.account.username}` : s.accountId
        const title = s.title || s.description.slice(0, 60) || '(untitled)'
        const why = s.status === 'error' && s.errorMessage ? ` — ${s.errorMessage}` : ''
        writeLine(ctx.stdout, `${s._id}  ${s.scheduleAt}  ${s.status.padEnd(7)}  ${who}  ${title}${why}`)
      }
      writeLine(
        ctx.stdout,
        `page ${page.page} of ${Math.max(1, page.totalPages)} — ${page.totalDocs} scheduled posts`,
      )
      return 0
    } finally {
      await client.close()
    }
  },
}
