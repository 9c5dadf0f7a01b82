// Reports (newer OpenAPI, "API Report (Gold+)"): what each rule of an automation did, newest first, filtered
// by type, status, accounts and search; one report; and the retry of a failed one.
//
// A retry runs the rule again at once, and its outcome is decided, never random: it fails again exactly when
// the account is disconnected or gone (the message says which), and succeeds otherwise. A retry of a report
// that did not fail is a 400, like a schedule's.
import { AUTOMATION_RULES, REPORT_STATUSES } from '../common/automation-edit'
import { userAccounts } from './account-api'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import type { AccountRecord, ReportRecord } from './model'
import { paginate, readPageRequest } from './paginate'
import { orderText, presentAccount, resolveUrl } from './present'
import type { Route } from './route'
import type { Origins } from './context'

const ID = '(?<id>[^/]+)'

function findReport(ctx: SandboxContext, user: AuthedUser, id: string): ReportRecord {
  const found = ctx.store.data.reports.find((r) => r._id === id && r.userId === user.record.userId)
  if (!found) throw new HttpError(404, 'report not found')
  return found
}

/** Pictures are stored sandbox-relative (demo-seed.ts) and resolved against the running origins. */
function presentValue(value: Record<string, unknown>, origins: Origins): Record<string, unknown> {
  const withOwner = (v: Record<string, unknown>) => {
    const owner = v.owner as { picture?: unknown } | undefined
    return owner && typeof owner.picture === 'string'
      ? { ...v, owner: { ...owner, picture: resolveUrl(owner.picture, origins) } }
      : v
  }
  const reply = value.reply as Record<string, unknown> | undefined
  return { ...withOwner(value), ...(reply && typeof reply === 'object' ? { reply: withOwner(reply) } : {}) }
}

export function presentReport(r: ReportRecord, account: AccountRecord | undefined, origins: Origins) {
  return {
    ...r,
    value: presentValue(r.value, origins),
    __v: 0,
    ...(account ? { account: presentAccount(account, origins) } : {}),
    id: r._id,
  }
}

/** Why a rule cannot act for this account right now, or null when it can. */
export function reportFailure(account: AccountRecord | undefined): string | null {
  if (!account) return 'account not found'
  if (!account.isConnected) {
    return `account ${account.name} (${account.type}) is disconnected; reconnect it and retry`
  }
  return null
}

function oneOf(name: string, value: string | undefined, allowed: readonly string[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new HttpError(400, `${name} must be one of ${allowed.join(', ')}`)
  }
}

function searchText(r: ReportRecord, account: AccountRecord | undefined): string {
  const value = r.value as { text?: unknown; owner?: { name?: unknown }; reply?: { text?: unknown } }
  return [value.text, value.owner?.name, value.reply?.text, account?.name, account?.username]
    .map(orderText)
    .join('\n')
    .toLowerCase()
}

export const reportRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/report$/,
    tier: 'gold',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const type = query.string('type')
      const status = query.string('status')
      oneOf('type', type, AUTOMATION_RULES)
      oneOf('status', status, REPORT_STATUSES)
      const accountIds = query.array('accountIds')
      const search = query.string('search')?.trim().toLowerCase()
      const accounts = new Map(userAccounts(ctx, user).map((a) => [a._id, a]))
      const reports = ctx.store.data.reports
        .filter((r) => r.userId === user.record.userId)
        .filter((r) => !type || r.type === type)
        .filter((r) => !status || r.status === status)
        .filter((r) => !accountIds || accountIds.includes(r.accountId))
        .filter((r) => !search || searchText(r, accounts.get(r.accountId)).includes(search))
        .sort(
          (a, b) =>
            orderText(b.createdAt).localeCompare(orderText(a.createdAt)) ||
            orderText(b._id).localeCompare(orderText(a._id)),
        )
      const page = paginate(reports, pageRequest)
      sendJson(res, 200, {
        ...page,
        docs: page.docs.map((r) => presentReport(r, accounts.get(r.accountId), ctx.origins)),
      })
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/report/${ID}$`),
    tier: 'gold',
    async handle({ res, params, user, ctx }) {
      const report = findReport(ctx, user, params.id!)
      const account = userAccounts(ctx, user).find((a) => a._id === report.accountId)
      sendJson(res, 200, presentReport(report, account, ctx.origins))
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/report/${ID}/retry$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const report = findReport(ctx, user, params.id!)
      if (report.status !== 'error') {
        throw new HttpError(400, `only a failed report can be retried (it is ${report.status})`)
      }
      const account = userAccounts(ctx, user).find((a) => a._id === report.accountId)
      const failure = reportFailure(account)
      if (failure) report.errorMessage = failure
      else {
        report.status = 'success'
        delete report.errorMessage
      }
      report.updatedAt = ctx.now().toISOString()
      await ctx.store.commit()
      sendNoContent(res)
    },
  },
]
