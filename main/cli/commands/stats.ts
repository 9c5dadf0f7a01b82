import { parse, noPositionals } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { formatBytes } from '../../../common/format-bytes'

const usage = 'stats [--json]'

export const statsCommand: CliCommand = {
  name: ['stats'],
  usage,
  summary: 'storage used, free and file counts',
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, usage)
    noPositionals(positionals, usage)
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      const stat = await client.storageStatistic()
      if (values.json) {
        writeJson(ctx.stdout, stat)
      } else {
        const { usage: u, file } = stat
        const percent = u.total > 0 ? ` (${((u.used / u.total) * 100).toFixed(1)}%)` : ''
        writeLine(
          ctx.stdout,
          `storage: ${formatBytes(u.used)} used of ${formatBytes(u.total)}${percent}, ${formatBytes(u.free)} free`,
        )
        writeLine(ctx.stdout, `files:   ${file.total} (${file.success} complete, ${file.pending} pending)`)
      }
      return 0
    } finally {
      await client.close()
    }
  },
}
