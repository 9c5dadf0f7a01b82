// Templates (newer OpenAPI, "API Template Automation"): saved rule sets with a name, listed, read, created,
// replaced and deleted. The document gives them no plan tag; the sandbox asks for Gold like automations.
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import type { TemplateRecord } from './model'
import { newObjectId } from './automation-api'
import { checkNewerBody, newerRequestSchema } from './openapi-newer'
import { paginate, readPageRequest } from './paginate'
import { orderText } from './present'
import type { Route } from './route'

const ID = '(?<id>[^/]+)'
const BODY = newerRequestSchema('POST', '/public/template')

function findTemplate(ctx: SandboxContext, user: AuthedUser, id: string): TemplateRecord {
  const found = ctx.store.data.templates.find((t) => t._id === id && t.userId === user.record.userId)
  if (!found) throw new HttpError(404, 'template not found')
  return found
}

export function presentTemplate(t: TemplateRecord) {
  return { ...t, config: withOpeningDefaults(t.config), __v: 0, id: t._id }
}

/**
 * The service answers every opening entry of a message or story rule with its `file` member, null when none was
 * sent (the newer OpenAPI's template examples); a rule set stored as sent lacks it, so it is filled in on the way out.
 */
function withOpeningDefaults(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config }
  for (const rule of ['message', 'story']) {
    const value = out[rule] as { opening?: Record<string, unknown> } | undefined
    if (!value || typeof value !== 'object' || !value.opening || typeof value.opening !== 'object') continue
    const opening = Object.fromEntries(
      Object.entries(value.opening).map(([name, entry]) =>
        entry && typeof entry === 'object' && !Array.isArray(entry) && !('file' in entry)
          ? [name, { ...entry, file: null }]
          : [name, entry],
      ),
    )
    out[rule] = { ...value, opening }
  }
  return out
}

function readBody(body: unknown): { name: string; config: Record<string, unknown> } {
  checkNewerBody(BODY, body)
  const b = body as { name: string; config: Record<string, unknown> }
  if (b.name.trim() === '') throw new HttpError(400, 'name: must not be empty')
  return b
}

export const templateRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/template$/,
    tier: 'gold',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const search = query.string('search')?.trim().toLowerCase()
      const templates = ctx.store.data.templates
        .filter((t) => t.userId === user.record.userId)
        .filter((t) => !search || orderText(t.name).toLowerCase().includes(search))
        .sort((a, b) => orderText(b.createdAt).localeCompare(orderText(a.createdAt)))
      const page = paginate(templates, pageRequest)
      sendJson(res, 200, { ...page, docs: page.docs.map(presentTemplate) })
    },
  },
  {
    method: 'POST',
    pattern: /^\/public\/template$/,
    tier: 'gold',
    async handle({ req, res, user, ctx }) {
      const body = readBody(await readJsonBody(req))
      const now = ctx.now().toISOString()
      const id = newObjectId(ctx.now())
      ctx.store.data.templates.push({
        _id: id,
        name: body.name,
        config: body.config,
        userId: user.record.userId,
        createdAt: now,
        updatedAt: now,
      })
      await ctx.store.commit()
      // The OpenAPI documents 200 with `{_id}`.
      sendJson(res, 200, { _id: id })
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/template/${ID}$`),
    tier: 'gold',
    async handle({ res, params, user, ctx }) {
      sendJson(res, 200, presentTemplate(findTemplate(ctx, user, params.id!)))
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/public/template/${ID}$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      const raw = await readJsonBody(req)
      const template = findTemplate(ctx, user, params.id!)
      const body = readBody(raw)
      template.name = body.name
      template.config = body.config
      template.updatedAt = ctx.now().toISOString()
      await ctx.store.commit()
      sendNoContent(res)
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/public/template/${ID}$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const template = findTemplate(ctx, user, params.id!)
      ctx.store.data.templates = ctx.store.data.templates.filter((t) => t !== template)
      await ctx.store.commit()
      sendNoContent(res)
    },
  },
]
