// Accounts (OpenAPI GET /public/account) and automations (section 4.5): filtered, searched, paginated.
import { ACCOUNT_TYPES, type PlanTier } from '../common/service'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, sendJson } from './http-util'
import type { AccountRecord } from './model'
import { paginate, readPageRequest } from './paginate'
import { orderText, presentAccount, presentAutomation } from './present'
import type { Route } from './route'

/** Accounts a plan may connect; the service's own figures are not published, these only fill the member. */
const ACCOUNT_LIMIT: Record<PlanTier, number> = { standard: 5, gold: 15, premium: 50 }

export function userAccounts(ctx: SandboxContext, user: AuthedUser): AccountRecord[] {
  return ctx.store.data.accounts.filter((a) => a.userId === user.record.userId)
}

export const accountRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/account$/,
    tier: 'standard',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const types = query.array('types')
      for (const t of types ?? []) {
        if (!(ACCOUNT_TYPES as readonly string[]).includes(t)) {
          throw new HttpError(400, `types must be some of ${ACCOUNT_TYPES.join(', ')}`)
        }
      }
      const search = query.string('search')?.trim().toLowerCase()
      const accounts = userAccounts(ctx, user)
        .filter((a) => !types || types.includes(a.type))
        .filter(
          (a) => !search || `${orderText(a.name)}\n${orderText(a.username)}`.toLowerCase().includes(search),
        )
        .sort((a, b) => orderText(b.createdAt).localeCompare(orderText(a.createdAt)))
      const page = paginate(accounts, pageRequest)
      sendJson(res, 200, { ...page, docs: page.docs.map((a) => presentAccount(a, ctx.origins)) })
    },
  },
  {
    // OpenAPI "API Count Account": the total, one count per platform, and the plan's account limit.
    method: 'GET',
    pattern: /^\/public\/account\/count$/,
    tier: 'standard',
    async handle({ res, user, ctx }) {
      const accounts = userAccounts(ctx, user)
      const perType = Object.fromEntries(
        [...ACCOUNT_TYPES, 'pinterest'].map((type) => [type, accounts.filter((a) => a.type === type).length]),
      )
      sendJson(res, 200, { total: accounts.length, ...perType, limit: ACCOUNT_LIMIT[user.config.tier] })
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/automation$/,
    tier: 'gold',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const accountIds = query.array('accountIds')
      const search = query.string('search')?.trim().toLowerCase()
      const accounts = new Map(userAccounts(ctx, user).map((a) => [a._id, a]))
      const automations = ctx.store.data.automations
        .filter((a) => a.userId === user.record.userId)
        .filter((a) => !accountIds || accountIds.includes(a.accountId))
        .filter((a) => {
          if (!search) return true
          const haystack = `${orderText(a.detail?.title)}\n${orderText(a.detail?.description)}\n${orderText(accounts.get(a.accountId)?.name)}`
          return haystack.toLowerCase().includes(search)
        })
        .sort(
          (a, b) =>
            orderText(b.createdAt).localeCompare(orderText(a.createdAt)) ||
            orderText(b._id).localeCompare(orderText(a._id)),
        )
      const page = paginate(automations, pageRequest)
      sendJson(res, 200, {
        ...page,
        docs: page.docs.map((a) => presentAutomation(a, accounts.get(a.accountId), ctx.origins)),
      })
    },
  },
]
