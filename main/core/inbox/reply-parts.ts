// What a queued reply sends, for the outbox (./reply-outbox.ts): the requests its media and text make, and what
// must be done to its media before the first leaves (a file of this computer uploaded, a stored video or audio
// queued offline timed).
import { AppError, isUnreachable } from '../../../common/errors'
import type { ReplyErrorReason } from '../../../common/inbox'
import { errorReason, type ErrorReason } from '../../../common/messages/index'
import type { SendMessageRequest } from '../../../common/service'
import { messageFor, type Medium } from './reply-media'
import type { QueuedReply } from './reply-outbox'

/** The requests a reply makes, in order: one for a comment, one per message for a chat. */
export function parts(reply: QueuedReply): SendMessageRequest[] {
  if (reply.media.length === 0) return [{ type: 'text', text: reply.text }]
  return reply.media.map((m, i) =>
    messageFor(m as Medium & { url: string }, i === 0 ? reply.text : undefined),
  )
}

/** A file of the reply is still only a path on this computer. */
export const needsUpload = (reply: QueuedReply): boolean =>
  reply.media.some((m) => m.path !== undefined && m.url === undefined)

const untimed = (m: Medium): boolean =>
  (m.kind === 'video' || m.kind === 'audio') && m.duration === undefined && m.url !== undefined

/** A stored video or audio of the reply was queued without its length (offline): it is read before it goes. */
export const needsDuration = (reply: QueuedReply): boolean => reply.media.some(untimed)

/**
 * Why a stored file's length was not read, as a reason of the catalogue (worded in the person's language): the
 * read's own message is English, for the log and the CLI.
 */
export function durationRefusal(why: AppError): ErrorReason {
  if (why.code === 'picture-refused') return 'inbox-media-duration-refused'
  if (why.kind === 'not-found') return 'inbox-media-duration-gone'
  if (isUnreachable(why)) return 'inbox-media-duration-unreachable'
  return 'inbox-media-duration-unreadable'
}

/**
 * The reply's media with the length of each untimed one read from its address. An unreachable storage throws
 * (the reply waits for the next run, as for an upload); anything else is the reply's failure: in English (the
 * log, the CLI) and as a reason of the catalogue, which the page words in the person's language.
 */
export async function timeMedia(
  reply: QueuedReply,
  duration: (url: string) => Promise<number>,
): Promise<{ media: Medium[] } | { error: { error: string; errorReason: ReplyErrorReason } }> {
  const media: Medium[] = []
  for (const m of reply.media as Medium[]) {
    if (!untimed(m)) {
      media.push(m)
      continue
    }
    try {
      media.push({ ...m, duration: await duration(m.url!) })
    } catch (error) {
      const e = AppError.from(error)
      if (isUnreachable(e)) throw e
      return {
        error: {
          error: `${m.name}: its length could not be read from the stored file: ${e.message}`,
          errorReason: errorReason(durationRefusal(e), { name: m.name }),
        },
      }
    }
  }
  return { media }
}

export function fileUrl(part: SendMessageRequest): string | undefined {
  const p = part as Record<string, unknown>
  for (const name of ['image', 'video', 'audio', 'document']) {
    const file = p[name] as { url?: unknown } | undefined
    if (file && typeof file.url === 'string') return file.url
  }
  return undefined
}
