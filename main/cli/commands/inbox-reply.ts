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
import { resolve } from 'node:path'
import { AppError, isUnreachable } from '../../../common/errors'
import type { SendMessageRequest } from '../../../common/service'
import { findInboxItem } from '../../core/inbox/inbox-item'
import { messageFor, prepareMedia, type Medium } from '../../core/inbox/reply-media'
import { openCliUploads } from '../cli-uploads'
import { openReplyOutbox } from '../cli-replies'
import { openCliDatabase } from '../database'
import { parse, stringOption, UsageError, listOption } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { describeError } from '../describe-error'

const usage = 'inbox reply ID --text TEXT [--media FILE|URL]... [--json]'

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
      media = await prepareMedia(sources)
    } catch (error) {
      return fail(describeError(AppError.from(error)))
    }

    const profile = await ctx.resolveProfile(ctx.env)
    const client = ctx.createClient(profile)
    try {
      let item: Awaited<ReturnType<typeof findInboxItem>>
      try {
        item = await findInboxItem(client, id)
      } catch (error) {
        const e = AppError.from(error)
        if (!isUnreachable(e)) throw e
        // Nothing was sent: the reply waits in the data folder's outbox, with its media, for `sync`.
        const database = openCliDatabase(profile.dataDir, ctx)
        try {
          const outbox = openReplyOutbox({
            database,
            profile,
            client,
            engine: () => {
              throw new AppError({ kind: 'internal', message: 'nothing is uploaded while queueing' })
            },
            now: ctx.now,
          })
          const queued = outbox.queue({ targetId: id, text, media })
          if (json) writeJson(ctx.stdout, { id, kind: null, state: 'queued', replyId: queued.id })
          else
            writeLine(
              ctx.stdout,
              `queued reply ${queued.id} to ${id}: the service cannot be reached (${describeError(e)}); sync sends it`,
            )
          return 0
        } finally {
          database.close()
        }
      }
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
