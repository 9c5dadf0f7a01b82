// Changing automations, templates and account defaults, and reading and retrying what the automations did
// (common/automation-calls.ts). Every change goes to the service at once or fails: nothing is queued, since a
// rule changed later than the person believes is worse than one not changed. Before a rule set is sent its
// enums are checked against the values the service accepts, except those it sent itself and that were left
// alone (common/automation-edit.ts).
import { unknownConfigMembers, type ReportRetryResult } from '../../common/automation-calls'
import { checkConfigEnums, CONTENT_RULES } from '../../common/automation-edit'
import { AppError } from '../../common/errors'
import { errorReason } from '../../common/messages/index'
import type { Schedule, Template } from '../../common/service'
import { changesOver } from '../core/changes-over'
import { inTurn } from '../core/in-turn'
import type { RetryBudget } from '../core/retry-budget'
import type { HostDeps } from './host-deps'
import { allPages, findAutomation } from './service-handlers'
import type { HandlerGroup } from './types'

type AutomationCall =
  | 'automations:update'
  | 'automations:create'
  | 'automations:delete'
  | 'automations:set-account-defaults'
  | 'automations:contents'
  | 'templates:list'
  | 'templates:save'
  | 'templates:delete'
  | 'reports:list'
  | 'reports:get'
  | 'reports:retry'

export const AUTOMATION_HANDLER_NEEDS = ['active', 'replica'] as const
export type AutomationHandlerDeps = Pick<HostDeps, (typeof AUTOMATION_HANDLER_NEEDS)[number]>

const PAGE_LIMIT = 100

export function createAutomationHandlers(
  deps: AutomationHandlerDeps,
  o: { retryBudget: RetryBudget },
): HandlerGroup<AutomationCall> {
  const client = () => deps.active().client
  /** Changes of each automation, one at a time. */
  const turns = inTurn()
  /** Report retries under way, by report: the same one asked again while it runs shares its answer. */
  const retrying = new Map<string, Promise<ReportRetryResult>>()

  return {
    // One change of an automation at a time, each read fresh once the one before has landed: two switches
    // flipped within a slow save were each sent on the rules from before the other, and the second undid
    // the first without a word (the page waits too, but another window or a page reloaded meanwhile did not).
    'automations:update': ({ id, config, base }) =>
      turns.run(id, async () => {
        const before = await findAutomation(client(), id)
        // A rule left out of `config` is kept: one rule sent over a whole copy resets no other.
        const next = base
          ? changesOver(before.config, base, config, {
              dropLeftOut: false,
              // Keywords, word lists, buttons: two windows each adding one keep both.
              mergeLists: true,
            })
          : config
        refuseUnknownMembers(next, before.config)
        checkConfigEnums(pick(next, CONTENT_RULES), before.config)
        await client().updateAutomation(id, next)
        return findAutomation(client(), id)
      }),
    'automations:create': async ({ contentId, accountId, config, templateId }) => {
      // Members the app does not know go only when the service sent them itself, in the template applied.
      refuseUnknownMembers(config, templateId ? (await client().getTemplate(templateId)).config : undefined)
      checkConfigEnums(pick(config, CONTENT_RULES))
      const { automationId } = await client().createAutomation({ contentId, accountId, config })
      return findAutomation(client(), automationId)
    },
    'automations:delete': ({ id }) => client().deleteAutomation(id),
    'automations:set-account-defaults': async ({ accountId, config }) => {
      // The defaults have no rules of the service's to send back, as a new automation: a member the app does
      // not know (a misspelt one, one named after Object's own) is refused by name, never stored for every
      // new post of the account.
      refuseUnknownMembers(config, undefined)
      checkConfigEnums(config)
      await client().setAccountAutomation(accountId, config)
    },
    'automations:contents': async ({ accountId }) => {
      const [posts, automations] = await Promise.all([
        allPages<Schedule>((page) =>
          client().listSchedules({ page, limit: PAGE_LIMIT, status: 'success', accountIds: [accountId] }),
        ),
        allPages((page) => client().listAutomations({ page, limit: PAGE_LIMIT, accountIds: [accountId] })),
      ])
      const automated = new Set(automations.docs.map((a) => a.detail.id))
      return posts.docs.filter((p) => !automated.has(p.id))
    },

    'templates:list': async () =>
      (await allPages<Template>((page) => client().listTemplates({ page, limit: PAGE_LIMIT }))).docs,
    'templates:save': async ({ id, name, config }) => {
      const held = id ? (await client().getTemplate(id)).config : undefined
      refuseUnknownMembers(config, held)
      checkConfigEnums(config, held)
      const saved = id ?? (await client().createTemplate({ name, config }))._id
      if (id) await client().updateTemplate(id, { name, config })
      return client().getTemplate(saved)
    },
    'templates:delete': ({ id }) => client().deleteTemplate(id),

    'reports:list': (request) => deps.replica().list('reports', request, () => client().listReports(request)),
    'reports:get': ({ id }) => client().getReport(id),
    'reports:retry': async ({ ids }) => {
      // One at a time, like posts: a burst of retries is what the networks read as spam. One report asked
      // for alone always goes (and is counted); several are each held once their account's budget is spent.
      // The same report twice (a double click, two windows) is retried once: a second PUT is a second reply.
      const unique = [...new Set(ids)]
      const kind = unique.length === 1 ? 'manual' : 'bulk'
      const retryOne = async (id: string): Promise<ReportRetryResult> => {
        try {
          const report = await client().getReport(id)
          const take = o.retryBudget.take(report.accountId, kind)
          if (!take.allowed) {
            const resetsAt = o.retryBudget.status(report.accountId).resetsAt
            return { id, ok: false, held: { resetsAt: resetsAt?.toISOString() ?? null } }
          }
          await client().retryReport(id)
          const after = await client().getReport(id)
          return { id, ok: true, status: after.status, ...(take.warned ? { warned: true } : {}) }
        } catch (error) {
          return { id, ok: false, error: AppError.from(error).toJSON() }
        }
      }
      const byId = new Map<string, ReportRetryResult>()
      for (const id of unique) {
        // Already under way in another call: its answer is this one's too.
        let running = retrying.get(id)
        if (!running) {
          running = retryOne(id)
          retrying.set(id, running)
          void running.finally(() => retrying.delete(id))
        }
        byId.set(id, await running)
      }
      return ids.map((id) => byId.get(id)!)
    },
  }
}

/** Refuses members the app does not know and the service did not send (common/automation-calls.ts). */
function refuseUnknownMembers(config: unknown, held: unknown): void {
  const unknown = unknownConfigMembers(config, held)
  if (unknown.length === 0) return
  throw new AppError({
    kind: 'validation',
    field: `config.${unknown[0]}`,
    ...errorReason('request-invalid', { field: unknown.map((path) => `config.${path}`).join(', ') }),
    message: `config: unknown member${unknown.length === 1 ? '' : 's'} ${unknown.map((path) => `config.${path}`).join(', ')}; nothing was changed`,
  })
}

/** The members of a rule set a content automation carries (the others are not checked or sent). */
function pick(config: Record<string, unknown>, rules: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(rules.filter((r) => r in config).map((r) => [r, config[r]]))
}
