// Changing automations (newer OpenAPI, "API Automation (Gold+)"): get one, create one for a content, replace
// its rules, delete it; and an account's default rules (PUT /public/account/{id}/automation, tagged Standard+).
// Bodies are checked against the newer description (./openapi-newer.ts): its enums and required members.
import { randomBytes } from 'node:crypto'
import { userAccounts } from './account-api'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import type { AccountRecord, AutomationRecord, ScheduleRecord } from './model'
import { checkNewerBody, newerRequestSchema } from './openapi-newer'
import { presentAutomation } from './present'
import type { Route } from './route'

const ID = '(?<id>[^/]+)'

const CREATE_BODY = newerRequestSchema('POST', '/public/automation')
const UPDATE_BODY = newerRequestSchema('PUT', '/public/automation/{automationId}')
const ACCOUNT_BODY = newerRequestSchema('PUT', '/public/account/{accountId}/automation')

/** A Mongo-shaped id: the creation second, then randomness. */
export function newObjectId(now: Date): string {
  return (
    Math.floor(now.getTime() / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  )
}

function findAutomation(ctx: SandboxContext, user: AuthedUser, id: string): AutomationRecord {
  const found = ctx.store.data.automations.find((a) => a._id === id && a.userId === user.record.userId)
  if (!found) throw new HttpError(404, 'automation not found')
  return found
}

function findAccount(ctx: SandboxContext, user: AuthedUser, id: string): AccountRecord {
  const account = userAccounts(ctx, user).find((a) => a._id === id)
  if (!account) throw new HttpError(404, 'account not found')
  return account
}

/**
 * The sandbox's contents are the account's published posts: a `success` schedule is the content its id names.
 * (The service reads contents from the platform; GET /public/content is not served here.)
 */
function findContent(ctx: SandboxContext, account: AccountRecord, contentId: string): ScheduleRecord {
  const post = ctx.store.data.schedules.find(
    (s) => s._id === contentId && s.accountId === account._id && s.status === 'success',
  )
  if (!post) throw new HttpError(404, 'content not found')
  return post
}

function present(ctx: SandboxContext, a: AutomationRecord) {
  const account = ctx.store.data.accounts.find((x) => x._id === a.accountId)
  return presentAutomation(a, account, ctx.origins)
}

export const automationRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/public\/automation$/,
    tier: 'gold',
    async handle({ req, res, user, ctx }) {
      const body = await readJsonBody(req)
      checkNewerBody(CREATE_BODY, body)
      const { contentId, accountId, config } = body as {
        contentId: string
        accountId: string
        config: AutomationRecord['config']
      }
      const account = findAccount(ctx, user, accountId)
      const post = findContent(ctx, account, contentId)
      if (ctx.store.data.automations.some((a) => a.accountId === accountId && a.detail.id === contentId)) {
        throw new HttpError(400, 'content already has an automation')
      }
      const now = ctx.now()
      const id = newObjectId(now)
      ctx.store.data.automations.push({
        _id: id,
        detail: {
          id: contentId,
          title: post.title,
          description: post.description,
          topic: post.topic,
          type: post.type,
          owner: { id: account.generatedId, name: account.name, picture: account.picture },
          medias: post.medias,
          url: `https://www.${account.type}.com/${contentId}`,
          createdAt: post.scheduleAt,
        },
        config,
        accountId,
        userId: user.record.userId,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      await ctx.store.commit()
      // The OpenAPI documents 200 with `{automationId}` (not 201 as schedule creation is seen answering).
      sendJson(res, 200, { automationId: id })
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/automation/${ID}$`),
    tier: 'gold',
    async handle({ res, params, user, ctx }) {
      sendJson(res, 200, present(ctx, findAutomation(ctx, user, params.id!)))
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/automation/${ID}$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      const automation = findAutomation(ctx, user, params.id!)
      checkNewerBody(UPDATE_BODY, body)
      automation.config = (body as { config: AutomationRecord['config'] }).config
      automation.updatedAt = ctx.now().toISOString()
      await ctx.store.commit()
      sendNoContent(res)
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/public/automation/${ID}$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const automation = findAutomation(ctx, user, params.id!)
      ctx.store.data.automations = ctx.store.data.automations.filter((a) => a !== automation)
      await ctx.store.commit()
      sendNoContent(res)
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/account/${ID}/automation$`),
    tier: 'standard',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      const account = findAccount(ctx, user, params.id!)
      checkNewerBody(ACCOUNT_BODY, body)
      account.automationDefaults = body as Record<string, unknown>
      account.updatedAt = ctx.now().toISOString()
      await ctx.store.commit()
      sendNoContent(res)
    },
  },
]
