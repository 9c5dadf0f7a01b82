import { intOption, listOption, noPositionals, parse, stringOption } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import type { Automation } from '../../../common/service'

const usage = 'automations [--page N] [--limit N] [--account ID]... [--search TEXT] [--json]'

export const automationsCommand: CliCommand = {
  name: ['automations'],
  usage,
  summary: 'list content automations (Gold+)',
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      {
        page: { type: 'string' },
        limit: { type: 'string' },
        account: { type: 'string', multiple: true },
        search: { type: 'string' },
        json: { type: 'boolean' },
      },
      usage,
    )
    noPositionals(positionals, usage)
    const query = {
      page: intOption(values.page, 'page', 1, 1_000_000) ?? 1,
      // Public clients cap the page size at 100 (reference/README.md).
      limit: intOption(values.limit, 'limit', 1, 100) ?? 20,
      accountIds: listOption(values.account, 'account'),
      search: stringOption(values.search, 'search'),
    }
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      const page = await client.listAutomations(query)
      if (values.json) {
        for (const doc of page.docs) writeJson(ctx.stdout, doc)
        return 0
      }
      for (const a of page.docs) writeLine(ctx.stdout, describe(a))
      writeLine(
        ctx.stdout,
        `page ${page.page} of ${Math.max(1, page.totalPages)} — ${page.totalDocs} automations`,
      )
      return 0
    } finally {
      await client.close()
    }
  },
}

function describe(a: Automation): string {
  const rules = (['delete', 'reply', 'like', 'message', 'story'] as const).filter((r) => a.config[r].isActive)
  const title = a.detail.title || a.detail.description.slice(0, 60) || '(untitled)'
  return `${a.id}  ${a.account.type}/${a.account.username}  ${title}  [${rules.join(', ') || 'no active rules'}]`
}
