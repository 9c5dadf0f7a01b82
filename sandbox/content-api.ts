// Contents (newer OpenAPI, "API Content (Gold+)"): the posts published on an account, paged with an opaque
// `nextToken` as the platforms page them; one content; its comments straight from the platform (a thread with
// `commentId`), a comment or a reply written by the account, a comment removed or liked, and a private message
// to a comment's author.
//
// The sandbox's contents are what its accounts published: a `success` post (its id is the schedule's, as
// POST /public/automation takes it) and the content each automation is on (its `detail`), newest first.
import { userAccounts } from './account-api'
import type { AuthedUser, Origins, SandboxContext } from './context'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import { accountPerson, addMessage, chatWith, RANDOM_IDS, replyToComment } from './inbox'
import type { AccountRecord, CommentRecord, PlatformComment } from './model'
import { checkSchema, OPENAPI, requestSchema } from './openapi'
import { orderText, resolveUrl } from './present'
import type { Query } from './query'
import type { Route } from './route'
import { newObjectId } from './automation-api'

const ID = '(?<id>[^/]+)'
const COMMENT_ID = '(?<commentId>[^/]+)'

/** Contents a page holds, as a platform's feed pages them (the OpenAPI example shows five; Facebook's is 25). */
export const CONTENT_PAGE_SIZE = 10

const PLATFORM_URL: Record<string, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/p/',
  tiktok: 'https://www.tiktok.com/@user/video/',
  threads: 'https://www.threads.net/post/',
  youtube: 'https://www.youtube.com/watch?v=',
  linkedin: 'https://www.linkedin.com/feed/update/',
  twitter: 'https://x.com/i/status/',
}

/** A content as stored (pictures sandbox-relative), before it is presented. */
export interface ContentItem {
  id: string
  title: string
  description: string
  topic: string
  type: string
  medias: { type?: unknown; url?: unknown; thumbnail?: unknown }[]
  url: string
  createdAt: string
  hasAutomation: boolean
}

/** Everything the account published, newest first. */
export function accountContents(ctx: SandboxContext, account: AccountRecord): ContentItem[] {
  const automated = new Set(
    ctx.store.data.automations.filter((a) => a.accountId === account._id).map((a) => orderText(a.detail?.id)),
  )
  const byId = new Map<string, ContentItem>()
  for (const s of ctx.store.data.schedules) {
    if (s.accountId !== account._id || s.status !== 'success') continue
    byId.set(s._id, {
      id: s._id,
      title: orderText(s.title),
      description: orderText(s.description),
      topic: orderText(s.topic),
      type: orderText(s.type),
      medias: Array.isArray(s.medias) ? s.medias : [],
      url: `${PLATFORM_URL[account.type] ?? `https://www.${account.type}.com/`}${s._id}`,
      createdAt: orderText(s.scheduleAt),
      hasAutomation: automated.has(s._id),
    })
  }
  for (const a of ctx.store.data.automations) {
    const d = a.detail
    if (a.accountId !== account._id || !d || typeof d.id !== 'string' || byId.has(d.id)) continue
    byId.set(d.id, {
      id: d.id,
      title: orderText(d.title),
      description: orderText(d.description),
      topic: orderText(d.topic),
      type: orderText(d.type),
      medias: Array.isArray(d.medias) ? (d.medias as ContentItem['medias']) : [],
      url: orderText(d.url),
      createdAt: orderText(d.createdAt),
      hasAutomation: true,
    })
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
}

function presentMedias(medias: ContentItem['medias'], origins: Origins) {
  return medias.map((m) => ({
    ...m,
    ...(typeof m.url === 'string' ? { url: resolveUrl(m.url, origins) } : {}),
    ...(typeof m.thumbnail === 'string' ? { thumbnail: resolveUrl(m.thumbnail, origins) } : {}),
  }))
}

function presentOwner(owner: { id: string; name: string; picture?: string }, origins: Origins) {
  return {
    id: owner.id,
    name: owner.name,
    ...(owner.picture === undefined ? {} : { picture: resolveUrl(owner.picture, origins) }),
  }
}

export function presentContent(c: ContentItem, account: AccountRecord, origins: Origins) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    topic: c.topic,
    type: c.type,
    owner: presentOwner(accountPerson(account), origins),
    medias: presentMedias(c.medias, origins),
    url: c.url,
    createdAt: c.createdAt,
    hasAutomation: c.hasAutomation,
  }
}

/** A comment or reply as the platform shows it (the `liked` mark is the sandbox's own, never shown). */
export function presentPlatformComment(c: PlatformComment, origins: Origins) {
  const { liked: _liked, ...rest } = c
  return { ...rest, owner: presentOwner(c.owner, origins), medias: presentMedias(c.medias, origins) }
}

/** The account named by `accountId` (query or body), else 404 `account not found` as the service says. */
export function accountOf(ctx: SandboxContext, user: AuthedUser, accountId: unknown): AccountRecord {
  const account =
    typeof accountId === 'string' ? userAccounts(ctx, user).find((a) => a._id === accountId) : undefined
  if (!account) throw new HttpError(404, 'account not found')
  return account
}

export function findContent(ctx: SandboxContext, account: AccountRecord, id: string): ContentItem {
  const content = accountContents(ctx, account).find((c) => c.id === id)
  if (!content) throw new HttpError(404, 'content not found')
  return content
}

/** An opaque cursor: the offset of the next page, so a token from another listing or service is refused. */
function pageToken(offset: number): string {
  return Buffer.from(`sandbox:${offset}`).toString('base64url')
}

function readPageToken(query: Query): number {
  const raw = query.string('nextToken')
  if (raw === undefined || raw === '') return 0
  const m = /^sandbox:(\d{1,9})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'))
  if (!m) throw new HttpError(400, 'invalid nextToken')
  return Number(m[1])
}

/** One page of a cursor-paged list: `{docs, nextToken}`, the token empty on the last page. */
function tokenPage<T>(items: readonly T[], query: Query): { docs: T[]; nextToken: string } {
  const offset = readPageToken(query)
  const docs = items.slice(offset, offset + CONTENT_PAGE_SIZE)
  const next = offset + CONTENT_PAGE_SIZE
  return { docs, nextToken: next < items.length ? pageToken(next) : '' }
}

/** The comments on one content the platform shows: the queue's records, whatever their status. */
function contentComments(ctx: SandboxContext, account: AccountRecord, contentId: string): CommentRecord[] {
  return ctx.store.data.comments.filter((c) => c.accountId === account._id && c.contentId === contentId)
}

/** A comment or a reply under one, by the platform's id; else 404 `comment not found`. */
function findPlatformComment(
  ctx: SandboxContext,
  account: AccountRecord,
  contentId: string,
  commentId: string,
): { record: CommentRecord; reply: PlatformComment | null } {
  for (const record of contentComments(ctx, account, contentId)) {
    if (record.comment.id === commentId) return { record, reply: null }
    const reply = record.comment.replies.find((r) => r.id === commentId)
    if (reply) return { record, reply }
  }
  throw new HttpError(404, 'comment not found')
}

const CREATE_COMMENT = requestSchema('POST', '/public/content/{contentId}/comment')
const MESSAGE_COMMENT = requestSchema('POST', '/public/content/{contentId}/message')

function checkBody(schema: ReturnType<typeof requestSchema>, body: unknown): void {
  const problem = checkSchema(schema, body, OPENAPI)
  if (problem) throw new HttpError(400, problem)
}

/** Refuses text that is not text, or nothing but blanks: the platforms post no empty comment or message. */
export function requireText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${name}: must not be empty`)
  return value
}

export const contentRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/content$/,
    tier: 'gold',
    async handle({ res, query, user, ctx }) {
      const account = accountOf(ctx, user, query.requiredString('accountId'))
      const type = query.string('type') ?? 'media'
      if (type !== 'media' && type !== 'story') throw new HttpError(400, 'type must be one of media, story')
      const contents = accountContents(ctx, account).filter(
        (c) => (c.type === 'story') === (type === 'story'),
      )
      const page = tokenPage(contents, query)
      sendJson(res, 200, { ...page, docs: page.docs.map((c) => presentContent(c, account, ctx.origins)) })
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/content/${ID}$`),
    tier: 'gold',
    async handle({ res, params, query, user, ctx }) {
      const account = accountOf(ctx, user, query.requiredString('accountId'))
      sendJson(res, 200, presentContent(findContent(ctx, account, params.id!), account, ctx.origins))
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/content/${ID}/comment$`),
    tier: 'gold',
    async handle({ res, params, query, user, ctx }) {
      const account = accountOf(ctx, user, query.requiredString('accountId'))
      const content = findContent(ctx, account, params.id!)
      const commentId = query.string('commentId')
      // With `commentId`, the thread under that comment; else the comments on the content, newest first.
      const items: (PlatformComment & { hasReplies: boolean })[] = commentId
        ? findPlatformComment(ctx, account, content.id, commentId).record.comment.replies.map((r) => ({
            ...r,
            hasReplies: false,
          }))
        : contentComments(ctx, account, content.id)
            .map(({ comment: { replies, ...c } }) => ({ ...c, hasReplies: replies.length > 0 }))
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      const page = tokenPage(items, query)
      sendJson(res, 200, {
        ...page,
        docs: page.docs.map((c) => ({ ...presentPlatformComment(c, ctx.origins), hasReplies: c.hasReplies })),
      })
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/content/${ID}/comment$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      checkBody(CREATE_COMMENT, body)
      const { accountId, text, commentId } = body as { accountId: string; text: string; commentId?: string }
      requireText('text', text)
      const account = accountOf(ctx, user, accountId)
      const content = findContent(ctx, account, params.id!)
      const now = ctx.now()
      if (commentId !== undefined) {
        const { record } = findPlatformComment(ctx, account, content.id, commentId)
        const reply = replyToComment(record, account, text, now)
        await ctx.store.commit({ upsert: { collection: 'comments', record } })
        return sendJson(res, 200, { commentId: reply.id })
      }
      // The account's own comment on its content: shown on the platform, never queued for triage.
      const at = now.toISOString()
      const record: CommentRecord = {
        _id: newObjectId(now),
        status: 'resolved',
        contentId: content.id,
        comment: {
          id: `${content.id}_${RANDOM_IDS.digits(16)}`,
          type: 'text',
          text,
          owner: accountPerson(account),
          medias: [],
          createdAt: at,
          replies: [],
        },
        accountId: account._id,
        userId: user.record.userId,
        createdAt: at,
        updatedAt: at,
        own: true,
      }
      ctx.store.data.comments.push(record)
      await ctx.store.commit({ upsert: { collection: 'comments', record } })
      sendJson(res, 200, { commentId: record.comment.id })
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/public/content/${ID}/comment/${COMMENT_ID}$`),
    tier: 'gold',
    async handle({ req, res, params, query, user, ctx }) {
      await readJsonBody(req)
      const account = accountOf(ctx, user, query.requiredString('accountId'))
      const content = findContent(ctx, account, params.id!)
      const { record, reply } = findPlatformComment(ctx, account, content.id, params.commentId!)
      if (reply) {
        record.comment.replies = record.comment.replies.filter((r) => r !== reply)
        record.updatedAt = ctx.now().toISOString()
        await ctx.store.commit({ upsert: { collection: 'comments', record } })
      } else {
        ctx.store.data.comments = ctx.store.data.comments.filter((c) => c !== record)
        await ctx.store.commit({ remove: { collection: 'comments', id: record._id } })
      }
      sendNoContent(res)
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/content/${ID}/like/${COMMENT_ID}$`),
    tier: 'gold',
    async handle({ req, res, params, query, user, ctx }) {
      await readJsonBody(req)
      const account = accountOf(ctx, user, query.requiredString('accountId'))
      const content = findContent(ctx, account, params.id!)
      const { record, reply } = findPlatformComment(ctx, account, content.id, params.commentId!)
      ;(reply ?? record.comment).liked = true
      await ctx.store.commit({ upsert: { collection: 'comments', record } })
      sendNoContent(res)
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/content/${ID}/message$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      checkBody(MESSAGE_COMMENT, body)
      const { accountId, commentId, text, button } = body as {
        accountId: string
        commentId: string
        text?: string
        button?: Record<string, unknown>
      }
      // The OpenAPI requires neither; a private reply is one or the other (its examples send each alone).
      if (button === undefined) requireText('text', text)
      const account = accountOf(ctx, user, accountId)
      const content = findContent(ctx, account, params.id!)
      const { record, reply } = findPlatformComment(ctx, account, content.id, commentId)
      const now = ctx.now()
      const person = (reply ?? record.comment).owner
      const { chat } = chatWith(ctx, account, person, now)
      const { message, changes } = addMessage(
        ctx,
        chat,
        account,
        button === undefined ? { type: 'text', text } : { type: 'button', button },
        { fromMe: true, at: now },
      )
      await ctx.store.commit(changes)
      sendJson(res, 200, { messageId: message.messageId })
    },
  },
]
