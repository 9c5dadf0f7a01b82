// Schedules: create (section 2.4, answers {scheduleId}), retry (section 4.6), and from the OpenAPI the
// list (page, limit, accountIds, status, fromDate, toDate), get, update and delete. Premium+ throughout.
import { randomBytes } from 'node:crypto'
import { SCHEDULE_STATUSES, type ScheduleStatus } from '../common/service'
import { userAccounts } from './account-api'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import type { ScheduleRecord } from './model'
import { checkSchema, requestSchema } from './openapi'
import { paginate, readPageRequest } from './paginate'
import { presentSchedule } from './present'
import { isCalendarDate, parseIsoDate } from './query'
import type { Route } from './route'
import { orderText } from './present'

const ID = '(?<id>[^/]+)'

function findSchedule(ctx: SandboxContext, user: AuthedUser, id: string): ScheduleRecord {
  const post = ctx.store.data.schedules.find((s) => s._id === id && s.userId === user.record.userId)
  if (!post) throw new HttpError(404, 'schedule not found')
  return post
}

function checkScheduleAt(text: string): void {
  if (!isCalendarDate(text) || Number.isNaN(Date.parse(text))) {
    throw new HttpError(400, 'scheduleAt: must be an ISO 8601 date-time')
  }
}

/** The post body as the OpenAPI requires it (BodyCreateSchedulePublicDTO / BodyUpdateSchedulePublicDTO). */
type PostBody = Pick<
  ScheduleRecord,
  'title' | 'description' | 'topic' | 'type' | 'medias' | 'meta' | 'additionalInfo' | 'replies'
> & { accountId?: string; scheduleAt: string }

const CREATE_BODY = requestSchema('POST', '/public/schedule')
const UPDATE_BODY = requestSchema('PUT', '/public/schedule/{scheduleId}')

function readPostBody(body: unknown, schema: typeof CREATE_BODY): PostBody {
  const problem = checkSchema(schema, body)
  if (problem) throw new HttpError(400, problem)
  const post = body as PostBody
  checkScheduleAt(post.scheduleAt)
  // The service answers each reply with its own publishing status (OpenAPI GET /public/schedule example).
  // The developer docs make replies (and topic, meta, additionalInfo) optional on create: none is none.
  const replies = (post.replies ?? []).map((r) =>
    r !== null && typeof r === 'object' && !Array.isArray(r) ? { status: 'pending', ...r } : r,
  )
  return { ...post, replies }
}

function findAccount(ctx: SandboxContext, user: AuthedUser, id: string) {
  const account = userAccounts(ctx, user).find((a) => a._id === id)
  if (!account) throw new HttpError(404, 'account not found')
  return account
}

export const scheduleRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/schedule$/,
    tier: 'premium',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const accountIds = query.array('accountIds')
      const status = query.string('status')
      if (status !== undefined && !(SCHEDULE_STATUSES as readonly string[]).includes(status)) {
        throw new HttpError(400, `status must be one of ${SCHEDULE_STATUSES.join(', ')}`)
      }
      const from = parseIsoDate('fromDate', query.string('fromDate'))
      const to = parseIsoDate('toDate', query.string('toDate'))
      const accounts = new Map(userAccounts(ctx, user).map((a) => [a._id, a]))
      const posts = ctx.store.data.schedules
        .filter((s) => s.userId === user.record.userId)
        .filter((s) => !accountIds || accountIds.includes(s.accountId))
        .filter((s) => !status || s.status === (status as ScheduleStatus))
        .filter((s) => !from || Date.parse(s.scheduleAt) >= from.getTime())
        .filter((s) => !to || Date.parse(s.scheduleAt) <= to.getTime())
        .sort(
          (a, b) =>
            orderText(a.scheduleAt).localeCompare(orderText(b.scheduleAt)) ||
            orderText(a._id).localeCompare(orderText(b._id)),
        )
      const page = paginate(posts, pageRequest)
      sendJson(res, 200, {
        ...page,
        docs: page.docs.map((s) => presentSchedule(s, accounts.get(s.accountId), ctx.origins)),
      })
    },
  },
  {
    method: 'POST',
    pattern: /^\/public\/schedule$/,
    tier: 'premium',
    async handle({ req, res, user, ctx }) {
      const body = readPostBody(await readJsonBody(req), CREATE_BODY)
      findAccount(ctx, user, body.accountId!)
      const now = ctx.now()
      const id =
        Math.floor(now.getTime() / 1000)
          .toString(16)
          .padStart(8, '0') + randomBytes(8).toString('hex')
      const record: ScheduleRecord = {
        _id: id,
        title: body.title,
        description: body.description,
        topic: body.topic,
        type: body.type,
        medias: body.medias,
        meta: body.meta,
        additionalInfo: body.additionalInfo,
        replies: body.replies,
        status: 'pending',
        scheduleAt: new Date(body.scheduleAt).toISOString(),
        accountId: body.accountId!,
        userId: user.record.userId,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }
      ctx.store.data.schedules.push(record)
      await ctx.store.commit({ upsert: { collection: 'schedules', record } })
      sendJson(res, 201, { scheduleId: id })
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/schedule/${ID}/retry$`),
    tier: 'premium',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const post = findSchedule(ctx, user, params.id!)
      // A retry that arrives twice (the client could not see the first answer) must not fail.
      if (post.status === 'pending') return sendNoContent(res)
      if (post.status !== 'error')
        throw new HttpError(400, `only a failed schedule can be retried (it is ${post.status})`)
      post.status = 'pending'
      delete post.errorMessage
      post.updatedAt = ctx.now().toISOString()
      await ctx.store.commit({ upsert: { collection: 'schedules', record: post } })
      sendNoContent(res)
    },
  },
  {
    // OpenAPI "API Remove Schedules": before the `{scheduleId}` route, which would read "mass" as an id.
    method: 'DELETE',
    pattern: /^\/public\/schedule\/mass$/,
    tier: 'premium',
    async handle({ req, res, query, user, ctx }) {
      await readJsonBody(req)
      const ids = query.array('scheduleIds')
      if (!ids || ids.length === 0) throw new HttpError(400, 'scheduleIds is required')
      const wanted = new Set(ids)
      const removed = (s: ScheduleRecord) => s.userId === user.record.userId && wanted.has(s._id)
      const gone = ctx.store.data.schedules.filter(removed)
      ctx.store.data.schedules = ctx.store.data.schedules.filter((s) => !removed(s))
      await ctx.store.commit(gone.map((s) => ({ remove: { collection: 'schedules', id: s._id } })))
      sendNoContent(res)
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/schedule/${ID}$`),
    tier: 'premium',
    async handle({ res, params, user, ctx }) {
      const post = findSchedule(ctx, user, params.id!)
      const account = ctx.store.data.accounts.find((a) => a._id === post.accountId)
      sendJson(res, 200, presentSchedule(post, account, ctx.origins))
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/schedule/${ID}$`),
    tier: 'premium',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      const refusal = ctx.faults().scheduleUpdateStatus
      if (refusal) throw new HttpError(refusal, `schedule update refused (${refusal})`)
      if (ctx.faults().scheduleUpdateFailIds?.includes(params.id!))
        throw new HttpError(500, 'schedule update failed (fault)')
      const post = findSchedule(ctx, user, params.id!)
      // The post keeps its status: a failed one stays `error` until it is retried (OpenAPI: the update
      // changes the post's content and time, the retry sends it again).
      const update = readPostBody(body, UPDATE_BODY)
      if (update.accountId !== undefined) findAccount(ctx, user, update.accountId)
      if (post.status === 'process' || post.status === 'success') {
        throw new HttpError(400, `a schedule in ${post.status} cannot be changed`)
      }
      Object.assign(post, {
        title: update.title,
        description: update.description,
        topic: update.topic,
        type: update.type,
        medias: update.medias,
        meta: update.meta,
        additionalInfo: update.additionalInfo,
        replies: update.replies,
        scheduleAt: new Date(update.scheduleAt).toISOString(),
        accountId: update.accountId ?? post.accountId,
        updatedAt: ctx.now().toISOString(),
      })
      await ctx.store.commit({ upsert: { collection: 'schedules', record: post } })
      if (ctx.faults().scheduleUpdateLostIds?.includes(post._id)) return void req.socket.destroy()
      sendNoContent(res)
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/public/schedule/${ID}$`),
    tier: 'premium',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const post = findSchedule(ctx, user, params.id!)
      ctx.store.data.schedules = ctx.store.data.schedules.filter((s) => s !== post)
      await ctx.store.commit({ remove: { collection: 'schedules', id: post._id } })
      sendNoContent(res)
    },
  },
]
