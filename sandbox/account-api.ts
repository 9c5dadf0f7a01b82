// Accounts (OpenAPI GET /public/account) and automations (section 4.5): filtered, searched, paginated.
import { ACCOUNT_TYPES } from '../common/service'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, sendJson } from './http-util'
import type { AccountRecord } from './model'
import { paginate, readPageRequest } from './paginate'
import { presentAccount, presentAutomation } from './present'
import type { Route } from './route'

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
        .filter((a) => !search || `${a.name}\n${a.username}`.toLowerCase().includes(search))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      const page = paginate(accounts, pageRequest)
      sendJson(res, 200, { ...page, docs: page.docs.map((a) => presentAccount(a, ctx.origins)) })
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
          const haystack = `${a.detail.title}\n${a.detail.description}\n${accounts.get(a.accountId)?.name ?? ''}`
          return haystack.toLowerCase().includes(search)
        })
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
      const page = paginate(automations, pageRequest)
      sendJson(res, 200, {
        ...page,
        docs: page.docs.map((a) => presentAutomation(a, accounts.get(a.accountId), ctx.origins)),
      })
    },
  },
]
