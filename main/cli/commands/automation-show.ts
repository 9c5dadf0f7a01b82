// `automations show ID [--json]` and `automations set ID RULE on|off` (docs/design.md, CLI contract): one
// automation's rules in the words the app's reader uses, and one rule turned on or off.
import {
  AUTOMATION_RULES,
  checkConfigEnums,
  isAutomationRule,
  withRuleActive,
  type AutomationRule,
} from '../../../common/automation-edit'
import type { Automation } from '../../../common/service'
import { parse, UsageError } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'

const showUsage = 'automations show ID [--json]'
const setUsage = `automations set ID RULE on|off   (RULE: ${AUTOMATION_RULES.join(', ')})`

function oneId(positionals: string[], what: string): string {
  const id = positionals[0]
  if (!id?.trim()) throw new UsageError(`give the ${what} ID`)
  return id
}

export const automationShowCommand: CliCommand = {
  name: ['automations', 'show'],
  usage: showUsage,
  summary: "one automation's rules, on and off, with their texts",
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, showUsage)
    if (positionals.length !== 1) throw new UsageError('give exactly one automation ID')
    const id = oneId(positionals, 'automation')
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      const automation = await client.getAutomation(id)
      if (values.json) writeJson(ctx.stdout, automation)
      else for (const line of describeAutomation(automation)) writeLine(ctx.stdout, line)
      return 0
    } finally {
      await client.close()
    }
  },
}

export const automationSetCommand: CliCommand = {
  name: ['automations', 'set'],
  usage: setUsage,
  summary: 'turn one rule of an automation on or off',
  async run(argv, ctx) {
    const { positionals } = parse(argv, { json: { type: 'boolean' } }, setUsage)
    if (positionals.length !== 3) throw new UsageError('give the automation ID, a RULE and on or off')
    const [id, rule, state] = positionals as [string, string, string]
    if (!id.trim()) throw new UsageError('give the automation ID')
    if (!isAutomationRule(rule))
      throw new UsageError(`unknown rule ${JSON.stringify(rule)}: use one of ${AUTOMATION_RULES.join(', ')}`)
    if (state !== 'on' && state !== 'off') throw new UsageError(`say on or off, got ${JSON.stringify(state)}`)
    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      const before = await client.getAutomation(id)
      const config = withRuleActive(before.config, rule, state === 'on')
      checkConfigEnums(config, before.config)
      await client.updateAutomation(id, config)
      writeLine(ctx.stdout, `automation ${id}: ${rule} is now ${state}`)
      return 0
    } finally {
      await client.close()
    }
  },
}

const RULE_WORDS: Record<AutomationRule, string> = {
  delete: 'deletes comments that match',
  reply: 'replies to comments',
  like: 'likes comments',
  message: 'sends a private message to people who comment',
  chat: 'answers chat messages',
  story: 'answers story replies and mentions',
}

function quote(text: string): string {
  return text ? `“${text}”` : '(empty)'
}

/** One automation in plain lines: what it is on, then each rule on or off with what it sends. */
export function describeAutomation(a: Automation): string[] {
  const who = a.account ? `${a.account.type}/${a.account.username}` : a.accountId
  const title = a.detail.title || a.detail.description.slice(0, 60) || '(untitled)'
  const lines = [`automation ${a.id} on ${who}: ${title}`]
  const config = a.config as unknown as Record<string, Record<string, unknown> | undefined>
  for (const rule of AUTOMATION_RULES) {
    const r = config[rule]
    if (!r) continue
    const on = r.isActive === true
    let line = `  ${rule.padEnd(8)}${on ? 'on ' : 'off'}  ${RULE_WORDS[rule]}`
    const type = typeof r.type === 'string' ? r.type : ''
    if (rule === 'delete') {
      const words = Array.isArray(r.keywords) ? r.keywords.join(', ') : ''
      line += type === 'ai' ? ' (chosen by AI)' : `: ${words || 'no words listed'}`
    } else if (rule !== 'like') {
      if (type === 'ai') line += ' with AI'
      else if (type === 'text') line += ` with ${quote(typeof r.text === 'string' ? r.text : '')}`
      else if (type) line += ` (answer type ${type})`
      const delay = r.delay as { isActive?: boolean; value?: number; type?: string } | undefined
      if (delay?.isActive) line += `, after ${delay.value} ${delay.type}${delay.value === 1 ? '' : 's'}`
    }
    lines.push(line)
  }
  return lines
}
