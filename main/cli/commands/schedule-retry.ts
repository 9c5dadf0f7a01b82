import { parse, UsageError } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'

const usage = 'schedule retry ID [--json]'

export const scheduleRetryCommand: CliCommand = {
  name: ['schedule', 'retry'],
  usage,
  summary: 're-queue a failed scheduled post',
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, usage)
    if (positionals.length !== 1 || !positionals[0]!.trim())
      throw new UsageError('give exactly one schedule ID')
    const id = positionals[0]!
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      await client.retrySchedule(id)
      if (values.json) writeJson(ctx.stdout, { id, state: 'retried' })
      else writeLine(ctx.stdout, `schedule ${id} re-queued for another publish attempt`)
      return 0
    } finally {
      await client.close()
    }
  },
}
