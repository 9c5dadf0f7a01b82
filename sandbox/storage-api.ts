// Storage endpoints of the API (sections 2.1, 2.2, 4.1, 4.3, 4.4, and from the OpenAPI the file list,
// get, delete and mass delete). Init reserves the declared size; the statistic counts pending and success.
import { randomBytes, randomUUID } from 'node:crypto'
import mime from 'mime'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import type { FileRecord } from './model'
import { paginate, readPageRequest } from './paginate'
import { orderText, presentFile } from './present'
import type { Route } from './route'
import { checkSchema, requestSchema } from './openapi'

const ID = '(?<id>[^/]+)'

export const DEFAULT_UPLOAD_TTL_SECONDS = 600

const INIT_BODY = requestSchema('POST', '/public/storage/file/init')

function userFiles(ctx: SandboxContext, user: AuthedUser): FileRecord[] {
  return ctx.store.data.files.filter((f) => f.userId === user.record.userId)
}

/**
 * Each user's files newest first, sorted once per version of the file list rather than for every page: a
 * client reading 10,000 files asks for 100 pages, and each sort of all of them took tens of milliseconds.
 * The list only grows by push (a new length) or is replaced whole (a new array), and a record's `createdAt`,
 * `_id` and `userId` never change, so the array and its length name its version.
 */
const sortedFiles = new WeakMap<FileRecord[], { length: number; byUser: Map<string, FileRecord[]> }>()

function newestFirst(ctx: SandboxContext, user: AuthedUser): readonly FileRecord[] {
  const all = ctx.store.data.files
  let entry = sortedFiles.get(all)
  if (!entry || entry.length !== all.length) {
    entry = { length: all.length, byUser: new Map() }
    sortedFiles.set(all, entry)
  }
  let sorted = entry.byUser.get(user.record.userId)
  if (!sorted) {
    sorted = userFiles(ctx, user).sort(
      (a, b) =>
        orderText(b.createdAt).localeCompare(orderText(a.createdAt)) ||
        orderText(b._id).localeCompare(orderText(a._id)),
    )
    entry.byUser.set(user.record.userId, sorted)
  }
  return sorted
}

function usedBytes(files: readonly FileRecord[]): number {
  return files.reduce((sum, f) => sum + f.size, 0)
}

function findFile(ctx: SandboxContext, user: AuthedUser, id: string): FileRecord {
  const file = ctx.store.data.files.find((f) => f._id === id && f.userId === user.record.userId)
  if (!file) throw new HttpError(404, 'file not found')
  return file
}

/** The key's extension: the filename's when it has a sane one, else the mimetype's, else bin. */
function extensionFor(filename: string, mimetype: string): string {
  const fromName = /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1]
  return (fromName ?? mime.getExtension(mimetype) ?? 'bin').toLowerCase()
}

async function removeFiles(ctx: SandboxContext, files: FileRecord[]): Promise<void> {
  const ids = new Set(files.map((f) => f._id))
  ctx.store.data.files = ctx.store.data.files.filter((f) => !ids.has(f._id))
  await ctx.store.commit(files.map((f) => ({ remove: { collection: 'files', id: f._id } })))
  await Promise.all(files.map((f) => ctx.objects.remove(f.key)))
}

export const storageRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/public\/storage\/file\/init$/,
    tier: 'standard',
    async handle({ req, res, user, ctx }) {
      const body = await readJsonBody(req)
      const problem = checkSchema(INIT_BODY, body)
      if (problem) throw new HttpError(400, problem)
      const { filename, size, mimetype } = body as { filename: string; size: number; mimetype: string }
      // Beyond the document's types: what the storage itself cannot do (an empty name, a negative size).
      if (filename === '') throw new HttpError(400, 'filename must not be empty')
      if (!Number.isInteger(size) || size <= 0) throw new HttpError(400, 'size must be a positive integer')
      // The mimetype becomes the signed Content-Type of the upload address.
      if (!/^[\w.+-]+\/[\w.+-]+$/.test(mimetype))
        throw new HttpError(400, 'mimetype must look like type/subtype')
      if (filename.length > 255) throw new HttpError(400, 'filename must be at most 255 characters')
      if (!Number.isSafeInteger(size)) throw new HttpError(400, 'size must be a safe integer')
      if (usedBytes(userFiles(ctx, user)) + size > user.config.storageLimit) {
        throw new HttpError(402, 'upgrade to get more storage')
      }
      const now = ctx.now()
      const id =
        Math.floor(now.getTime() / 1000)
          .toString(16)
          .padStart(8, '0') + randomBytes(8).toString('hex')
      const key = `uploads/${user.record.userId}/${randomUUID()}.${extensionFor(filename, mimetype)}`
      const record: FileRecord = {
        _id: id,
        filename,
        mimetype,
        size,
        key,
        status: 'pending',
        userId: user.record.userId,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }
      // Reserve before the first await, so concurrent inits cannot both squeeze under the limit.
      ctx.store.data.files.push(record)
      const expiresIn =
        ctx.faults().uploadUrlTtlSeconds ?? ctx.config.uploadUrlTtlSeconds ?? DEFAULT_UPLOAD_TTL_SECONDS
      const upload = await ctx.presigner.presignPut({
        host: ctx.origins.storageHost,
        key,
        contentType: mimetype,
        now,
        expiresIn,
      })
      await ctx.store.commit({ upsert: { collection: 'files', record } })
      sendJson(res, 201, {
        id,
        upload: ctx.origins.storage + upload,
        key,
        url: presentFile(record, ctx.origins).url,
      })
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/storage/file/${ID}/complete$`),
    tier: 'standard',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const file = findFile(ctx, user, params.id!)
      if (file.status === 'success') return sendNoContent(res) // completing twice is harmless
      const stored = await ctx.objects.size(file.key)
      if (stored === null) throw new HttpError(400, 'file has not been uploaded')
      if (stored !== file.size) {
        throw new HttpError(400, `uploaded size ${stored} does not match the declared size ${file.size}`)
      }
      // The plan may have shrunk since init (config change): the service refuses here too.
      if (usedBytes(userFiles(ctx, user)) > user.config.storageLimit) {
        throw new HttpError(402, 'upgrade to get more storage')
      }
      file.status = 'success'
      file.updatedAt = ctx.now().toISOString()
      await ctx.store.commit({ upsert: { collection: 'files', record: file } })
      sendNoContent(res)
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/storage\/statistic$/,
    tier: 'standard',
    async handle({ res, user, ctx }) {
      const files = userFiles(ctx, user)
      const used = usedBytes(files)
      const total = user.config.storageLimit
      sendJson(res, 200, {
        file: {
          total: files.length,
          success: files.filter((f) => f.status === 'success').length,
          pending: files.filter((f) => f.status === 'pending').length,
        },
        usage: { total, free: Math.max(0, total - used), used },
      })
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/storage\/file$/,
    tier: 'standard',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const search = query.string('search')?.trim().toLowerCase()
      const sorted = newestFirst(ctx, user)
      const files = search ? sorted.filter((f) => f.filename.toLowerCase().includes(search)) : sorted
      const page = paginate(files, pageRequest)
      sendJson(res, 200, { ...page, docs: page.docs.map((f) => presentFile(f, ctx.origins)) })
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/public\/storage\/file\/mass$/,
    tier: 'standard',
    async handle({ req, res, query, user, ctx }) {
      await readJsonBody(req)
      const ids = query.array('fileIds')
      if (!ids || ids.length === 0) throw new HttpError(400, 'fileIds is required')
      const wanted = new Set(ids)
      await removeFiles(
        ctx,
        userFiles(ctx, user).filter((f) => wanted.has(f._id)),
      )
      sendNoContent(res)
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/storage/file/${ID}$`),
    tier: 'standard',
    async handle({ res, params, user, ctx }) {
      sendJson(res, 200, presentFile(findFile(ctx, user, params.id!), ctx.origins))
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/public/storage/file/${ID}$`),
    tier: 'standard',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      await removeFiles(ctx, [findFile(ctx, user, params.id!)])
      sendNoContent(res)
    },
  },
]
