// `inbox reply ID --text TEXT [--media FILE|URL]... [--json]` (docs/design.md, CLI contract): the account
// answers a comment of the queue, or writes in a direct-message chat; ID is either's.
//
// - A comment's reply takes text only (the OpenAPI's body is `{text}`, and the sandbox refuses media there),
//   so media for a comment is refused before anything is sent.
// - In a chat, the first message carries the text and the first medium, each further medium a message of its
//   own (a message holds one file). A FILE is uploaded first through the upload engine (the CLI's queue, as
//   `upload` uses it) and its public address sent; a video's or audio's duration is read from the file and a
//   document's size and name taken from it, before anything is uploaded. A URL is sent as it is, for a picture
//   only: a video's duration or a document's size cannot be read from an address.
// Every file is checked before the first request; a failed upload sends nothing.
import { basename, resolve } from 'node:path'
import mime from 'mime'
import { AppError } from '../../../common/errors'
import type { SendMessageRequest } from '../../../common/service'
import { mediaDuration } from '../../core/inbox/media-duration'
import { probeFile } from '../../core/uploads/file-probe'
import { openCliUploads } from '../cli-uploads'
import { parse, stringOption, UsageError, listOption } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { describeError } from '../describe-error'
import { findInboxItem } from './inbox'

const usage = 'inbox reply ID --text TEXT [--media FILE|URL]... [--json]'

/** A medium as it will be sent: its kind, and where its address comes from. */
interface Medium {
  source: string
  kind: 'image' | 'video' | 'audio' | 'document'
  mimetype: string
  /** A local file to upload first; absent for an address. */
  path?: string
  url?: string
  duration?: number
  name: string
  size?: number
}

function kindOf(mimetype: string): Medium['kind'] {
  if (mimetype.startsWith('image/')) return 'image'
  if (mimetype.startsWith('video/')) return 'video'
  if (mimetype.startsWith('audio/')) return 'audio'
  return 'document'
}

/** Reads what each medium needs before anything is sent; throws an AppError naming the first bad one. */
async function prepare(sources: readonly string[]): Promise<Medium[]> {
  const media: Medium[] = []
  for (const source of sources) {
    if (/^https?:\/\//i.test(source)) {
      let pathname: string
      try {
        pathname = new URL(source).pathname
      } catch {
        throw new AppError({ kind: 'validation', message: `${source} is not a valid address` })
      }
      const mimetype = mime.getType(pathname) ?? ''
      if (kindOf(mimetype) !== 'image' || mimetype === '') {
        throw new AppError({
          kind: 'validation',
          message: `${source}: only a picture can be sent by its address; give a video, audio or document as a FILE (its duration or size is read from it)`,
        })
      }
      media.push({ source, kind: 'image', mimetype, url: source, name: basename(pathname) })
      continue
    }
    const probed = await probeFile(source)
    const kind = kindOf(probed.mimetype)
    media.push({
      source,
      kind,
      mimetype: probed.mimetype,
      path: probed.path,
      name: probed.name,
      size: probed.size,
      ...(kind === 'video' || kind === 'audio' ? { duration: await mediaDuration(probed.path) } : {}),
    })
  }
  return media
}

/** The message a medium makes, with the text on the first one. */
export function messageFor(m: Medium & { url: string }, text: string | undefined): SendMessageRequest {
  const withText = text === undefined ? {} : { text }
  const file = { url: m.url, mimetype: m.mimetype }
  switch (m.kind) {
    case 'image':
      return { type: 'image', ...withText, image: file }
    case 'video':
      return { type: 'video', ...withText, video: { ...file, duration: m.duration ?? 0 } }
    case 'audio':
      return { type: 'audio', ...withText, audio: { ...file, duration: m.duration ?? 0 } }
    default:
      return { type: 'document', ...withText, document: { ...file, name: m.name, size: m.size ?? 0 } }
  }
}

export const inboxReplyCommand: CliCommand = {
  name: ['inbox', 'reply'],
  usage,
  summary: 'answer a comment (text only) or write in a chat (text, pictures, video, audio, documents)',
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      { text: { type: 'string' }, media: { type: 'string', multiple: true }, json: { type: 'boolean' } },
      usage,
    )
    if (positionals.length !== 1 || !positionals[0]!.trim())
      throw new UsageError(`give exactly one ID\n${usage}`)
    const id = positionals[0]!
    const text = stringOption(values.text, 'text')
    if (text === undefined) throw new UsageError(`--text is required\n${usage}`)
    const sources = listOption(values.media, 'media') ?? []
    const json = Boolean(values.json)
    const fail = (message: string): number => {
      writeLine(ctx.stderr, `error: ${message}`)
      return 1
    }

    let media: Medium[]
    try {
      media = await prepare(sources)
    } catch (error) {
      return fail(describeError(AppError.from(error)))
    }

    const profile = await ctx.resolveProfile(ctx.env)
    const client = ctx.createClient(profile)
    try {
      const item = await findInboxItem(client, id)
      if (!item) return fail(`no comment or chat ${id}`)
      if (item.kind === 'comment') {
        if (media.length > 0) {
          return fail(`${id} is a comment: a comment reply takes text only, so nothing was sent`)
        }
        const { commentId } = await client.replyComment(id, text)
        if (json) writeJson(ctx.stdout, { id, kind: 'comment', state: 'sent', replyId: commentId })
        else writeLine(ctx.stdout, `replied to comment ${id} (${commentId})`)
        return 0
      }

      // Files first, all of them: a message is sent only once every address it needs exists.
      const files = media.filter((m) => m.path !== undefined)
      if (files.length > 0) {
        const uploads = openCliUploads(profile, ctx, { client, network: ctx.network })
        const stop = ctx.onInterrupt(() => void uploads.engine.close())
        let added: { id: string }[] = []
        try {
          added = await uploads.engine.add([...new Set(files.map((m) => resolve(m.path!)))])
          await uploads.engine.whenIdle()
          const byPath = new Map(uploads.engine.list().map((i) => [i.path, i]))
          for (const m of files) {
            const done = byPath.get(resolve(m.path!))
            if (done?.state !== 'done' || !done.url) {
              const why = done?.error ? describeError(AppError.from(done.error)) : 'the upload did not finish'
              return fail(`${m.source}: ${why}; nothing was sent`)
            }
            m.url = done.url
          }
        } finally {
          // This run's items only: the queue is shared with `upload` and `sync`.
          for (const i of added) uploads.engine.remove(i.id)
          stop()
          await uploads.close()
        }
      }

      const messages: SendMessageRequest[] =
        media.length === 0
          ? [{ type: 'text', text }]
          : media.map((m, i) => messageFor(m as Medium & { url: string }, i === 0 ? text : undefined))
      for (const message of messages) {
        const { messageId } = await client.sendChatMessage(id, message)
        if (json) writeJson(ctx.stdout, { id, kind: 'chat', state: 'sent', messageId, type: message.type })
        else writeLine(ctx.stdout, `sent ${message.type} to chat ${id} (${messageId})`)
      }
      return 0
    } finally {
      await client.close()
    }
  },
}
