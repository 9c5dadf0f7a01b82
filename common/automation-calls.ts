// The IPC calls that change automations and read what they did (common/contract.ts spreads them into its
// table, so they are validated like every other call before a handler runs). A rule set crosses as an object
// whose every member is kept; its enums are checked in main (common/automation-edit.ts), where what the service
// holds is known.
import { z } from 'zod'
import type { AppErrorData } from './errors'
import { AUTOMATION_RULES, REPORT_STATUSES } from './automation-edit'
import type { Automation, Page, Report, Schedule, Template } from './service'

const id = z.string().min(1).max(200)
const ruleSet = z.record(z.string(), z.unknown())
const name = z.string().trim().min(1).max(200)

export const automationCallSchemas = {
  /** Replaces the rules of one automation; answers it as the service now holds it. */
  'automations:update': z.object({ id, config: ruleSet }).strict(),
  'automations:create': z.object({ contentId: id, accountId: id, config: ruleSet }).strict(),
  /** Sent when the Undo window of the delete ends (or the window closes within it), never before. */
  'automations:delete': z.object({ id }).strict(),
  /** The rules new content of the account starts with (all six rules). */
  'automations:set-account-defaults': z.object({ accountId: id, config: ruleSet }).strict(),
  /** The account's published posts that have no automation yet: what one can be created for. */
  'automations:contents': z.object({ accountId: id }).strict(),

  'templates:list': z.undefined(),
  /** Creates a template (no id) or replaces one. */
  'templates:save': z.object({ id: id.optional(), name, config: ruleSet }).strict(),
  'templates:delete': z.object({ id }).strict(),

  'reports:list': z
    .object({
      page: z.number().int().min(1).max(1_000_000),
      limit: z.number().int().min(1).max(100),
      type: z.enum(AUTOMATION_RULES).optional(),
      status: z.enum(REPORT_STATUSES).optional(),
      accountIds: z.array(id).max(100).optional(),
      search: z.string().max(200).optional(),
    })
    .strict(),
  'reports:get': z.object({ id }).strict(),
  /** Retries one (a person's own, always sent) or several (counted against each account's retry budget). */
  'reports:retry': z.object({ ids: z.array(id).min(1).max(100) }).strict(),
} as const

export interface ReportRetryResult {
  id: string
  ok: boolean
  /** The report's status after the retry: a retry can be accepted and fail again. */
  status?: string
  /** Not sent: the account's retry budget for bulk retries is spent until `resetsAt`. */
  held?: { resetsAt: string | null }
  /** Sent although the budget was spent (a single retry always goes): the account is at risk. */
  warned?: boolean
  error?: AppErrorData
}

export interface AutomationCallResponses {
  'automations:update': Automation
  'automations:create': Automation
  'automations:delete': void
  'automations:set-account-defaults': void
  'automations:contents': Schedule[]
  'templates:list': Template[]
  'templates:save': Template
  'templates:delete': void
  'reports:list': { value: Page<Report>; stale: boolean; fetchedAt: string; skipped?: number }
  'reports:get': Report
  'reports:retry': ReportRetryResult[]
}
