// Comments in the service's queue (newer OpenAPI, "API Comment (Standard+)"): the comments left on every
// account's contents, with a triage status, filtered by status, accounts and a search, newest first; one
// comment; the account's reply (text only: the OpenAPI's body has `text` and nothing else, so media is refused
// rather than dropped); a status change; and removal (from the platform too).
import { userAccounts } from './account-api'
import type { AuthedUser, SandboxContext } from './context'
import {
  accountContents,
  presentContent,
  presentPlatformComment,
  requireText,
  type ContentItem,
} from './content-api'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import { replyToComment } from './inbox'
import type { AccountRecord, CommentRecord } from './model'
import { checkSchema, OPENAPI, requestSchema } from './openapi'
import { paginate, readPageRequest } from './paginate'
import { orderText, presentAccount } from './present'
import type { Route } from './route'
import { reportFailure } from './report-api'

const ID = '(?<id>[^/]+)'

export const COMMENT_STATUSES = ['pending', 'resolved', 'ignored'] as const

const REPLY_BODY = requestSchema('POST', '/public/comment/{commentId}')
const STATUS_BODY = requestSchema('PUT', '/public/comment/{commentId}/status')

/** Members a client might send media in; the reply's body takes none of them (see the header). */
const MEDIA_MEMBERS = ['medias', 'media', 'image', 'video', 'audio', 'document', 'attachment', 'attachments']

function checkBody(schema: ReturnType<typeof requestSchema>, body: unknown): void {
  const problem = checkSchema(schema, body, OPENAPI)
  if (problem) throw new HttpError(400, problem)
}

function queued(ctx: SandboxContext, user: AuthedUser): CommentRecord[] {
  return ctx.store.data.comments.filter((c) => c.userId === user.record.userId && !c.own)
}

function findComment(ctx: SandboxContext, user: AuthedUser, id: string): CommentRecord {
  const found = queued(ctx, user).find((c) => c._id === id)
  if (!found) throw new HttpError(404, 'comment not found')
  return found
}

/** What presenting comments reads, gathered once per answer: each account's contents, each content's count. */
function presenter(ctx: SandboxContext) {
  const contents = new Map<string, Map<string, ContentItem>>()
  const counts = new Map<string, number>()
  for (const x of ctx.store.data.comments) {
    const key = `${x.accountId}/${x.contentId}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const contentOf = (account: AccountRecord, id: string): ContentItem | undefined => {
    let mine = contents.get(account._id)
    if (!mine)
      contents.set(account._id, (mine = new Map(accountContents(ctx, account).map((c) => [c.id, c]))))
    return mine.get(id)
  }
  return (c: CommentRecord, account: AccountRecord | undefined) =>
    present(
      ctx,
      c,
      account,
      account && contentOf(account, c.contentId),
      counts.get(`${c.accountId}/${c.contentId}`) ?? 0,
    )
}

/** A queued comment as the list shows it: the content it is on (with its comment count) and the account. */
function present(
  ctx: SandboxContext,
  c: CommentRecord,
  account: AccountRecord | undefined,
  content: ContentItem | undefined,
  count: number,
) {
  const shown =
    content && account
      ? presentContent(content, account, ctx.origins)
      : // The content is gone from the platform (deleted since): what the comment still knows of it.
        {
          id: c.contentId,
          title: '',
          description: '',
          topic: '',
          type: 'text',
          owner: { id: '', name: '' },
          medias: [],
          url: '',
          createdAt: '',
          hasAutomation: false,
        }
  return {
    _id: c._id,
    status: c.status,
    content: { ...shown, statistic: { comment: count } },
    comment: {
      ...presentPlatformComment(c.comment, ctx.origins),
      replies: c.comment.replies.map((r) => presentPlatformComment(r, ctx.origins)),
    },
    accountId: c.accountId,
    userId: c.userId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    __v: 0,
    ...(account ? { account: presentAccount(account, ctx.origins) } : {}),
    id: c._id,
  }
}

function searchText(c: CommentRecord, account: AccountRecord | undefined): string {
  return [c.comment.text, c.comment.owner?.name, account?.name, account?.username]
    .map(orderText)
    .join('\n')
    .toLowerCase()
}

export const commentRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/comment$/,
    tier: 'standard',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const status = query.string('status')
      if (status !== undefined && !(COMMENT_STATUSES as readonly string[]).includes(status)) {
        throw new HttpError(400, `status must be one of ${COMMENT_STATUSES.join(', ')}`)
      }
      const accountIds = query.array('accountIds')
      const search = query.string('search')?.trim().toLowerCase()
      const accounts = new Map(userAccounts(ctx, user).map((a) => [a._id, a]))
      const comments = queued(ctx, user)
        .filter((c) => !status || c.status === status)
        .filter((c) => !accountIds || accountIds.includes(c.accountId))
        .filter((c) => !search || searchText(c, accounts.get(c.accountId)).includes(search))
        .sort(
          (a, b) =>
            orderText(b.createdAt).localeCompare(orderText(a.createdAt)) ||
            orderText(b._id).localeCompare(orderText(a._id)),
        )
      const page = paginate(comments, pageRequest)
      const show = presenter(ctx)
      sendJson(res, 200, { ...page, docs: page.docs.map((c) => show(c, accounts.get(c.accountId))) })
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/comment/${ID}$`),
    tier: 'standard',
    async handle({ res, params, user, ctx }) {
      const comment = findComment(ctx, user, params.id!)
      const account = userAccounts(ctx, user).find((a) => a._id === comment.accountId)
      sendJson(res, 200, presenter(ctx)(comment, account))
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/comment/${ID}$`),
    tier: 'standard',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      const comment = findComment(ctx, user, params.id!)
      checkBody(REPLY_BODY, body)
      const media = MEDIA_MEMBERS.find((m) => (body as Record<string, unknown>)[m] !== undefined)
      if (media) throw new HttpError(400, `${media}: a comment reply takes text only`)
      const text = requireText('text', (body as { text: unknown }).text)
      const account = userAccounts(ctx, user).find((a) => a._id === comment.accountId)
      const failure = reportFailure(account)
      if (failure) throw new HttpError(400, failure)
      const reply = replyToComment(comment, account!, text, ctx.now())
      await ctx.store.commit({ upsert: { collection: 'comments', record: comment } })
      sendJson(res, 200, { commentId: reply.id })
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/comment/${ID}/status$`),
    tier: 'standard',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      const comment = findComment(ctx, user, params.id!)
      checkBody(STATUS_BODY, body)
      comment.status = (body as { status: CommentRecord['status'] }).status
      comment.updatedAt = ctx.now().toISOString()
      await ctx.store.commit({ upsert: { collection: 'comments', record: comment } })
      sendNoContent(res)
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/public/comment/${ID}$`),
    tier: 'standard',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const comment = findComment(ctx, user, params.id!)
      ctx.store.data.comments = ctx.store.data.comments.filter((c) => c !== comment)
      await ctx.store.commit({ remove: { collection: 'comments', id: comment._id } })
      sendNoContent(res)
    },
  },
]
