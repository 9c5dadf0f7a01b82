import { SCHEDULE_STATUSES } from '../../../common/service'
import type { Schedule, ScheduleStatus } from '../../../common/service'
import { dateOption, UsageError } from '../args'
import type { CliCommand } from '../context'
import { parseListArgs, printPage } from '../list-command'

const usage =
  'schedules [--page N] [--limit N] [--account ID]... [--status pending|process|error|success] [--from DATE] [--to DATE] [--json]'

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
    const fromDate = dateOption(values.from, 'from')
    const toDate = dateOption(values.to, 'to')
    if (fromDate && toDate && Date.parse(fromDate) > Date.parse(toDate)) {
      throw new UsageError('--from must not be after --to')
    }
    return printPage(ctx, {
      json: Boolean(values.json),
      one: 'scheduled post',
      noun: 'scheduled posts',
      load: (client) =>
        client.listSchedules({ ...query, status: status as ScheduleStatus | undefined, fromDate, toDate }),
      describe,
    })
  },
}

function describe(s: Schedule): string {
  const who = s.account ? `${s.account.type}/${s.account.username}` : s.accountId
  const title = s.title || s.description.slice(0, 60) || '(untitled)'
  const why = s.status === 'error' && s.errorMessage ? ` — ${s.errorMessage}` : ''
  return `${s._id}  ${s.scheduleAt}  ${s.status.padEnd(7)}  ${who}  ${title}${why}`
}
