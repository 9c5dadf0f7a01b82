import { stringOption } from '../args'
import type { CliCommand } from '../context'
import { parseListArgs, printPage } from '../list-command'
import type { Automation } from '../../../common/service'
import { printable } from '../printable'

const usage = 'automations [--page N] [--limit N] [--account ID]... [--search TEXT] [--json]'

export const automationsCommand: CliCommand = {
  name: ['automations'],
  usage,
  summary: 'list content automations (Gold+)',
  async run(argv, ctx) {
    const { values, query } = parseListArgs(argv, { search: { type: 'string' } }, usage)
    const search = stringOption(values.search, 'search')
    return printPage(ctx, {
      json: Boolean(values.json),
      one: 'automation',
      noun: 'automations',
      load: (client) => client.listAutomations({ ...query, search }),
      describe,
    })
  },
}

function describe(a: Automation): string {
  const rules = (['delete', 'reply', 'like', 'message', 'story'] as const).filter((r) => a.config[r].isActive)
  const title = a.detail.title || a.detail.description.slice(0, 60) || '(untitled)'
  const who = a.account ? `${a.account.type}/${a.account.username}` : a.accountId
  return printable(`${a.id}  ${who}  ${title}  [${rules.join(', ') || 'no active rules'}]`)
}
