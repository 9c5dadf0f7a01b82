// The IPC calls that change automations and read what they did (common/contract.ts spreads them into its
// table, so they are validated like every other call before a handler runs). A rule set crosses as an object
// whose every member is kept; its enums are checked in main (common/automation-edit.ts), where what the service
// holds is known.
import { z } from 'zod'
import type { AppErrorData } from './errors'
import type { Freshness } from './freshness'
import { AUTOMATION_RULES, REPORT_STATUSES } from './automation-edit'
import type { Automation, Page, Report, Schedule, Template } from './service'

const id = z.string().min(1).max(200)

// A rule set as the app sends it: only the six rules, at least one of them, and each member the app knows of
// the type the service holds (a string "true" for a switch was sent as false). Members the app does not know
// inside a rule pass here: the service may have sent them itself (a newer field), and main checks that an
// update sends back only those (common/automation-edit.ts unknownMembers).
const flag = z.boolean()
const text = z.string().max(20_000)
const words = z.array(z.string().max(2_000)).max(2_000)
const member = <S extends z.core.$ZodLooseShape>(shape: S) => z.looseObject(shape).partial()
const button = member({ type: text, title: text, payload: text, url: text })
const keyword = member({
  isExactMatch: flag,
  values: z.array(member({ keyword: text, text })).max(2_000),
})
const wordList = member({ isActive: flag, isExactMatch: flag, keywords: words })
const delay = member({ isActive: flag, value: z.number().finite().min(0), type: text })
// The service's templates carry `file` beside `image` in each opening (null in every example of the newer
// OpenAPI's /public/template): a template applied to an automation sends it back.
const file = z.union([z.null(), text, z.looseObject({})])
const opening = member({
  postback: member({ isActive: flag, image: text, file, text, button }),
  additional: member({ isActive: flag, isPreventBeforeFollow: flag, image: text, file, text, button }),
  webUrl: member({ image: text, file, text, buttons: z.array(button).max(100) }),
})
const messageRule = member({
  isActive: flag,
  type: text,
  text,
  prompt: text,
  opening,
  keyword,
  condition: wordList,
  delay,
})
const ruleSet = z
  .object({
    delete: member({ isActive: flag, type: text, keywords: words, prompt: text }),
    reply: member({
      isActive: flag,
      type: text,
      text,
      prompt: text,
      isIncludeContentContext: flag,
      keyword,
      condition: wordList,
      exception: wordList,
      delay,
    }),
    like: member({ isActive: flag }),
    message: messageRule,
    story: messageRule,
    chat: member({ isActive: flag, type: text, text, prompt: text, keyword, delay }).nullable(),
  })
  .partial()
  .strict()
  .refine((config) => Object.values(config).some((rule) => rule != null), {
    message:
      'give at least one rule (delete, reply, like, message, story, chat); an empty one would reset them all',
  })
const name = z.string().trim().min(1).max(200)

export const automationCallSchemas = {
  /**
   * Changes the rules of one automation; answers it as the service now holds it. With `base` (the rules the
   * change was made on) only what differs between `base` and `config` is laid over the rules as the service
   * holds them when the change's turn comes (changes of one automation go one at a time); without it `config`
   * replaces them.
   */
  'automations:update': z.object({ id, config: ruleSet, base: ruleSet.optional() }).strict(),
  /** `templateId`: the template `config` was made from, whose members the app does not know may go too. */
  'automations:create': z
    .object({ contentId: id, accountId: id, config: ruleSet, templateId: id.optional() })
    .strict(),
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
  'reports:list': {
    value: Page<Report>
    stale: boolean
    fetchedAt: string
    freshness: Freshness
    skipped?: number
  }
  'reports:get': Report
  'reports:retry': ReportRetryResult[]
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The schema under optional/nullable wrappers. */
function bare(schema: z.ZodType): z.ZodType {
  let current = schema
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType
  }
  return current
}

/**
 * The members of `config` the app does not know and that `received` (the rule set as the service holds it)
 * does not carry at the same place either, as paths (`reply.colour`): what an update must not send, since the
 * service would store them. Members the service sent itself go back as they came.
 */
export function unknownConfigMembers(config: unknown, received: unknown): string[] {
  const out: string[] = []
  const walk = (value: unknown, before: unknown, schema: z.ZodType, path: string) => {
    const shape = bare(schema)
    if (shape instanceof z.ZodArray && Array.isArray(value)) {
      value.forEach((item, i) =>
        walk(item, Array.isArray(before) ? before[i] : undefined, shape.element as z.ZodType, `${path}${i}.`),
      )
      return
    }
    if (!(shape instanceof z.ZodObject) || !isObject(value)) return
    const known = shape.shape as Record<string, z.ZodType>
    const held = isObject(before) ? before : {}
    // Own members only: `in` finds Object's own (constructor, toString), which let a member of that name
    // pass as known and reach the service.
    for (const [key, member] of Object.entries(value)) {
      if (Object.hasOwn(known, key)) walk(member, held[key], known[key]!, `${path}${key}.`)
      else if (!Object.hasOwn(held, key)) out.push(`${path}${key}`)
    }
  }
  walk(config, received, ruleSet, '')
  return out
}
