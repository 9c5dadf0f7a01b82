// Which rules an automation had on when the list's switch turned it off. The service has no "paused" state for
// an automation (ConfigAutomation holds one isActive per rule, nothing for the whole), so "off" is every rule
// off, and turning it back on needs to know which rules were on: kept here, per profile and automation, in the
// window's local storage (synchronous, as lib/reply-drafts.ts, so a reload right after the switch keeps it). What
// cannot be read back (another device switched it off, a refused storage) only means the person picks the rules.
import { CONTENT_RULES } from '../../common/automation-edit'
import { windowStorage, type KeptStorage } from './window-storage'

export type ContentRule = (typeof CONTENT_RULES)[number]

const PREFIX = 'mediadeck.paused-rules:'

export interface PausedRules {
  /** The rules to turn back on; none when nothing (or nothing readable) was kept. */
  get(profileId: string, automationId: string): ContentRule[]
  /** Keeps `rules` (an empty list forgets them). */
  set(profileId: string, automationId: string, rules: readonly ContentRule[]): void
}

function isContentRule(value: unknown): value is ContentRule {
  return typeof value === 'string' && (CONTENT_RULES as readonly string[]).includes(value)
}

export function pausedRules(storage: KeptStorage | null): PausedRules {
  const key = (profileId: string, automationId: string) =>
    `${PREFIX}${encodeURIComponent(profileId)}:${encodeURIComponent(automationId)}`
  return {
    get(profileId, automationId) {
      try {
        const kept: unknown = JSON.parse(storage?.getItem(key(profileId, automationId)) ?? '[]')
        // Written by another version, or by hand: only rule names this app knows are turned back on.
        return Array.isArray(kept) ? [...new Set(kept.filter(isContentRule))] : []
      } catch {
        return []
      }
    },
    set(profileId, automationId, rules) {
      try {
        if (rules.length === 0) storage?.removeItem(key(profileId, automationId))
        else storage?.setItem(key(profileId, automationId), JSON.stringify(rules))
      } catch {
        // Full or refused: the switch still works, only turning back on asks which rules.
      }
    },
  }
}

export function windowPausedRules(): PausedRules {
  return pausedRules(windowStorage())
}
