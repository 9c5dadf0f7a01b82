// Changing automations: the rule names and the enums the service accepts (the newer OpenAPI description,
// ../shared/reference/service-openapi-newer.json, schemas ConfigAutomation*, ConfigDelay, ConfigOpeningButton,
// GET /public/report), and the one function that turns a rule set as read into a body the service accepts.
//
// Reading stays tolerant (common/service.ts): a value outside an enum is kept and shown as it came. Sending is
// checked: a value the person chose must be one the service accepts. A value that came from the service and was
// left alone is sent back unchanged (the service holds it, so refusing it here would block every other edit);
// if the service refuses it, its own error says so.
import { AppError } from './errors'

/** Every rule of an automation, in the order the service lists them. `chat` is for account defaults and
 * templates (BodyUpdateAutomationAccountDTO, ConfigAutomationTemplate); a content automation does not need it. */
export const AUTOMATION_RULES = ['delete', 'reply', 'like', 'message', 'chat', 'story'] as const
export type AutomationRule = (typeof AUTOMATION_RULES)[number]
/** The rules ConfigAutomation (create and update of a content automation) requires. */
export const CONTENT_RULES = ['delete', 'reply', 'like', 'message', 'story'] as const

export const RULE_TYPES = {
  delete: ['ai', 'keyword'],
  reply: ['ai', 'text', 'keyword'],
  message: ['ai', 'text', 'opening', 'keyword'],
  story: ['ai', 'text', 'opening', 'keyword'],
  chat: ['ai', 'text', 'keyword'],
} as const satisfies Partial<Record<AutomationRule, readonly string[]>>
export type TypedRule = keyof typeof RULE_TYPES

export const DELAY_UNITS = ['second', 'minute'] as const
export const BUTTON_TYPES = ['postback', 'web_url'] as const

/** GET /public/report `type` and `status`. */
export const REPORT_TYPES = AUTOMATION_RULES
export const REPORT_STATUSES = ['error', 'success'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export function isAutomationRule(value: string): value is AutomationRule {
  return (AUTOMATION_RULES as readonly string[]).includes(value)
}

type Json = Record<string, unknown>

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
}
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback)
/** An enum member: absent or empty (a rule an older record lacks reads so) takes the rule's default. */
const choice = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback
const bool = (value: unknown): boolean => value === true
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []

function button(value: unknown): Json {
  const b = obj(value)
  return {
    ...b,
    type: choice(b.type, 'postback'),
    title: str(b.title),
    payload: str(b.payload),
    url: str(b.url),
  }
}
function keyword(value: unknown): Json {
  const k = obj(value)
  const values = Array.isArray(k.values) ? k.values.map(obj) : []
  return {
    ...k,
    isExactMatch: bool(k.isExactMatch),
    values: values.map((v) => ({ ...v, keyword: str(v.keyword), text: str(v.text) })),
  }
}
function wordList(value: unknown): Json {
  const w = obj(value)
  return {
    ...w,
    isActive: bool(w.isActive),
    isExactMatch: bool(w.isExactMatch),
    keywords: strings(w.keywords),
  }
}
function delay(value: unknown): Json {
  const d = obj(value)
  return { ...d, isActive: bool(d.isActive), value: num(d.value, 10), type: choice(d.type, 'second') }
}
function opening(value: unknown): Json {
  const o = obj(value)
  const postback = obj(o.postback)
  const additional = obj(o.additional)
  const webUrl = obj(o.webUrl)
  return {
    ...o,
    postback: {
      ...postback,
      isActive: bool(postback.isActive),
      text: str(postback.text),
      image: str(postback.image),
      button: button(postback.button),
    },
    additional: {
      ...additional,
      isActive: bool(additional.isActive),
      isPreventBeforeFollow: bool(additional.isPreventBeforeFollow),
      text: str(additional.text),
      image: str(additional.image),
      button: button(additional.button),
    },
    webUrl: {
      ...webUrl,
      text: str(webUrl.text),
      image: str(webUrl.image),
      buttons: (Array.isArray(webUrl.buttons) ? webUrl.buttons : []).map(button),
    },
  }
}
const RULE_BODY: Record<AutomationRule, (r: Json) => Json> = {
  delete: (r) => ({
    ...r,
    type: choice(r.type, 'keyword'),
    keywords: strings(r.keywords),
    prompt: str(r.prompt),
  }),
  reply: (r) => ({
    ...r,
    type: choice(r.type, 'text'),
    text: str(r.text),
    prompt: str(r.prompt),
    isIncludeContentContext: bool(r.isIncludeContentContext),
    keyword: keyword(r.keyword),
    exception: wordList(r.exception),
    condition: wordList(r.condition),
    delay: delay(r.delay),
  }),
  like: (r) => r,
  message: (r) => messageBody(r),
  story: (r) => messageBody(r),
  chat: (r) => ({
    ...r,
    type: choice(r.type, 'text'),
    text: str(r.text),
    prompt: str(r.prompt),
    keyword: keyword(r.keyword),
    delay: delay(r.delay),
  }),
}
function messageBody(r: Json): Json {
  return {
    ...r,
    type: choice(r.type, 'text'),
    text: str(r.text),
    prompt: str(r.prompt),
    opening: opening(r.opening),
    keyword: keyword(r.keyword),
    condition: wordList(r.condition),
    delay: delay(r.delay),
  }
}

/**
 * The rule set as the service requires it in a request body: every required member present (a rule or member
 * an older record lacks gets its inactive, empty default), every member the app does not know kept as it came.
 * `rules` says which rules the body carries (CONTENT_RULES for a content automation, all six otherwise).
 */
export function configBody(config: unknown, rules: readonly AutomationRule[] = AUTOMATION_RULES): Json {
  const c = obj(config)
  const out: Json = { ...c }
  // The rules the body requires, and any other rule it carries (chat on a content automation), made whole.
  for (const rule of AUTOMATION_RULES) {
    if (!rules.includes(rule) && (c[rule] === undefined || c[rule] === null)) continue
    const r = obj(c[rule])
    out[rule] = RULE_BODY[rule]({ ...r, isActive: bool(r.isActive) })
  }
  return out
}

/** One value that is not among those the service accepts: where, what, and what would be accepted. */
export interface EnumProblem {
  path: string
  value: string
  allowed: readonly string[]
}

/** Every enum member of a rule set, as [path, value, allowed]. */
function enumMembers(config: Json): [string, unknown, readonly string[]][] {
  const out: [string, unknown, readonly string[]][] = []
  for (const rule of AUTOMATION_RULES) {
    const r = obj(config[rule])
    if (!(rule in config)) continue
    if (rule in RULE_TYPES) out.push([`${rule}.type`, r.type, RULE_TYPES[rule as TypedRule]])
    if ('delay' in r) out.push([`${rule}.delay.type`, obj(r.delay).type, DELAY_UNITS])
    if (rule === 'message' || rule === 'story') {
      const o = obj(r.opening)
      out.push([`${rule}.opening.postback.button.type`, obj(obj(o.postback).button).type, BUTTON_TYPES])
      out.push([`${rule}.opening.additional.button.type`, obj(obj(o.additional).button).type, BUTTON_TYPES])
      const buttons = Array.isArray(obj(o.webUrl).buttons) ? (obj(o.webUrl).buttons as unknown[]) : []
      buttons.forEach((b, i) =>
        out.push([`${rule}.opening.webUrl.buttons.${i}.type`, obj(b).type, BUTTON_TYPES]),
      )
    }
  }
  return out
}

function at(config: Json, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (Array.isArray(v) ? v[Number(key)] : obj(v)[key]), config)
}

/**
 * The values of `config` outside the service's enums that the person chose: a value equal to the one at the
 * same place in `received` (what the service sent) is kept without complaint.
 */
export function enumProblems(config: unknown, received?: unknown): EnumProblem[] {
  const c = obj(config)
  const before = obj(received)
  return enumMembers(c).flatMap(([path, value, allowed]) => {
    if (typeof value === 'string' && allowed.includes(value)) return []
    if (received !== undefined && at(before, path) === value) return []
    return [{ path, value: typeof value === 'string' ? value : String(value), allowed }]
  })
}

/** Throws a validation AppError naming the first value the service would refuse (see enumProblems). */
export function checkConfigEnums(config: unknown, received?: unknown): void {
  const problem = enumProblems(config, received)[0]
  if (!problem) return
  throw new AppError({
    kind: 'validation',
    field: `config.${problem.path}`,
    code: 'automation-value-not-accepted',
    params: { field: problem.path, value: problem.value, allowed: problem.allowed.join(', ') },
    message: `config.${problem.path}: ${JSON.stringify(problem.value)} is not one of ${problem.allowed.join(', ')}`,
  })
}

/** The config with one rule turned on or off, everything else as it was. */
export function withRuleActive(config: unknown, rule: AutomationRule, isActive: boolean): Json {
  const c = obj(config)
  return { ...c, [rule]: { ...obj(c[rule]), isActive } }
}
