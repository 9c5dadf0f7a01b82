// `reports [--status error|success] [--type T] [--account ID]... [--json]` and `report retry ID`
// (docs/design.md, CLI contract): what the automations did, and another attempt at a failed one.
import { AUTOMATION_RULES, REPORT_STATUSES, type ReportStatus } from '../../../common/automation-edit'
import type { Report } from '../../../common/service'
import { parse, stringOption, UsageError } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { parseListArgs, printPage } from '../list-command'
import { printable } from '../printable'

const listUsage = `reports [--status error|success] [--type ${AUTOMATION_RULES.join('|')}] [--account ID]... [--json]`
const retryUsage = 'report retry ID [--json]'

function enumOption<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | undefined {
  const text = stringOption(value, name)
  if (text === undefined) return undefined
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(text)}`)
  return text as T
}

export const reportsCommand: CliCommand = {
  name: ['reports'],
  usage: listUsage,
  summary: 'what the automations did, newest first (Gold+)',
  async run(argv, ctx) {
    const { values, query } = parseListArgs(
      argv,
      { status: { type: 'string' }, type: { type: 'string' } },
      listUsage,
    )
    const status = enumOption<ReportStatus>(values.status, 'status', REPORT_STATUSES)
    const type = enumOption(values.type, 'type', AUTOMATION_RULES)
    return printPage(ctx, {
      json: Boolean(values.json),
      one: 'report',
      noun: 'reports',
      load: (client) => client.listReports({ ...query, status, type }),
      describe: describeReport,
    })
  },
}

export function describeReport(r: Report): string {
  const who = r.account ? `${r.account.type}/${r.account.username}` : r.accountId
  const what = r.value.text ? ` on “${r.value.text.slice(0, 60)}”` : ''
  const why = r.status === 'error' && r.errorMessage ? `: ${r.errorMessage}` : ''
  return printable(`${r.id}  ${r.createdAt}  ${who}  ${r.type}  ${r.status}${what}${why}`)
}

export const reportRetryCommand: CliCommand = {
  name: ['report', 'retry'],
  usage: retryUsage,
  summary: 'run a failed automation report again',
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, retryUsage)
    if (positionals.length !== 1 || !positionals[0]!.trim())
      throw new UsageError('give exactly one report ID')
    const id = positionals[0]!
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      await client.retryReport(id)
      // The service answers 204 at once; the report says whether this attempt worked.
      const after = await client.getReport(id)
      const ok = after.status !== 'error'
      if (values.json) writeJson(ctx.stdout, { id, state: 'retried', status: after.status })
      else if (ok) writeLine(ctx.stdout, `report ${id} retried: ${after.status}`)
      if (!ok)
        writeLine(
          ctx.stderr,
          `error: report ${id} was retried and failed again: ${after.errorMessage ?? 'no reason given'}`,
        )
      return ok ? 0 : 1
    } finally {
      await client.close()
    }
  },
}
