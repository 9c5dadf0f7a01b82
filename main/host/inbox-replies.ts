// What a reply carries and how it is shown, for the inbox host (main/host/inbox.ts): a library file as a
// medium, the wait for a dropped file's upload that quitting or leaving the profile ends, and a queued reply as
// the page sees it.
import type { InboxReplyView, ReplyLibraryMedium } from '../../common/inbox'
import { AppError } from '../../common/errors'
import { errorReason } from '../../common/messages/index'
import type { Medium } from '../core/inbox/reply-media'
import type { QueuedReply } from '../core/inbox/reply-outbox'

export function libraryMedium(input: ReplyLibraryMedium): Medium {
  const kind = input.mimetype.startsWith('image/')
    ? 'image'
    : input.mimetype.startsWith('video/') || input.mimetype.startsWith('audio/')
      ? null
      : 'document'
  if (kind === null) {
    throw new AppError({
      kind: 'validation',
      field: 'media',
      ...errorReason('inbox-media-kind', { name: input.name }),
      message: `${input.name}: a video or audio from the library cannot be sent yet (its duration is read from a file)`,
    })
  }
  return {
    source: input.url,
    kind,
    mimetype: input.mimetype,
    url: input.url,
    name: input.name,
    ...(input.size === undefined ? {} : { size: input.size }),
  }
}

/**
 * What `work` answers (an upload's address, a send of the replies), or the stop of the wait for it. The stop
 * (quitting, the profile left, the scheduler stopped) ends only the wait: the upload is not cancelled, so its
 * engine keeps it to resume at the next start.
 */
export function untilStopped<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work
  work.catch(() => undefined) // answered by the engine's close once nobody waits
  return new Promise((resolve, reject) => {
    const stop = () => reject(AppError.from(signal.reason))
    if (signal.aborted) return stop()
    signal.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}

export function replyView(r: QueuedReply): InboxReplyView {
  return {
    id: r.id,
    targetId: r.targetId,
    action: r.action,
    text: r.text,
    media: r.media.map((m) => ({
      name: m.name,
      kind: m.kind,
      ...(m.url ? { url: m.url } : m.path ? { path: m.path } : {}),
    })),
    state: r.state,
    error: r.error,
    createdAt: r.createdAt,
    resultIds: r.result,
  }
}
