// Figures (newer OpenAPI): GET /public/content/{contentId}/statistic?accountId (API Content, Gold+) and
// GET /public/account/{accountId}/statistic (API Account, Standard+). Nothing is stored: each answer is made
// by figures.ts from the published post (or the account's published posts) and the clock, so the same post
// read at the same moment answers the same figures, and a later read answers figures that have grown.
//
// 404s, as the OpenAPI lists them: "account not found" for an account the user does not hold, "statistic
// not found" for a content the account did not publish, for one younger than an hour (the platform has
// counted nothing yet: the app's "no figures yet"), and for a network the document shows no figures for
// (WhatsApp's posts; the account figures of every network but Instagram, Threads and TikTok).
import { userAccounts } from './account-api'
import { accountContents } from './content-api'
import type { AuthedUser, SandboxContext } from './context'
import { accountFigures, postFigures, type FigurePost } from './figures'
import { HttpError, sendJson } from './http-util'
import type { AccountRecord, ScheduleRecord } from './model'
import type { Route } from './route'

function findAccount(ctx: SandboxContext, user: AuthedUser, id: string): AccountRecord {
  const account = userAccounts(ctx, user).find((a) => a._id === id)
  if (!account) throw new HttpError(404, 'account not found')
  return account
}

/** The account's published posts: in the sandbox, its `success` schedules (as automation-api.ts reads them). */
export function publishedPosts(ctx: SandboxContext, account: AccountRecord): ScheduleRecord[] {
  return ctx.store.data.schedules.filter(
    (s) => s.accountId === account._id && s.status === 'success' && typeof s.scheduleAt === 'string',
  )
}

function asFigurePost(post: ScheduleRecord, account: AccountRecord): FigurePost {
  return {
    id: post._id,
    publishedAt: post.scheduleAt,
    type: typeof post.type === 'string' ? post.type : 'text',
    network: account.type,
  }
}

export const statisticRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/content\/(?<contentId>[^/]+)\/statistic$/,
    tier: 'gold',
    async handle({ res, params, query, user, ctx }) {
      const account = findAccount(ctx, user, query.requiredString('accountId'))
      const post = publishedPosts(ctx, account).find((s) => s._id === params.contentId)
      // GET /public/content lists the contents the account's automations are on too: they have figures.
      const content = post ? undefined : accountContents(ctx, account).find((c) => c.id === params.contentId)
      const figurePost = post
        ? asFigurePost(post, account)
        : content && {
            id: content.id,
            publishedAt: content.createdAt,
            type: content.type,
            network: account.type,
          }
      const figures = figurePost ? postFigures(figurePost, ctx.now()) : null
      if (!figures) throw new HttpError(404, 'statistic not found')
      sendJson(res, 200, figures)
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/account\/(?<accountId>[^/]+)\/statistic$/,
    tier: 'standard',
    async handle({ res, params, user, ctx }) {
      const account = findAccount(ctx, user, params.accountId!)
      const posts = publishedPosts(ctx, account).map((p) => asFigurePost(p, account))
      const figures = accountFigures(account, posts, ctx.now())
      if (!figures) throw new HttpError(404, 'statistic not found')
      sendJson(res, 200, figures)
    },
  },
]
