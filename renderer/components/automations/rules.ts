import type { AutomationConfig } from '../../../common/service'
import type { IconName } from '../ui/icons'

export const RULES = ['delete', 'reply', 'like', 'message', 'story'] as const
export type RuleName = (typeof RULES)[number]

export const RULE_ICON: Record<RuleName, IconName> = {
  delete: 'trash',
  reply: 'reply',
  like: 'heart',
  message: 'message',
  story: 'story',
}

export function activeRules(config: AutomationConfig): RuleName[] {
  return RULES.filter((rule) => config[rule]?.isActive)
}
