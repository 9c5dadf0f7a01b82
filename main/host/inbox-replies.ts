// What a reply carries and how it is shown, for the inbox host (main/host/inbox.ts): its media as they will be
// sent (a library file, a granted file of the computer), the wait for a dropped file's upload that quitting or
// leaving the profile ends, and a queued reply as the page sees it.
import {
  isLocalMedium,
  type InboxReplyView,
  type ReplyLibraryMedium,
  type ReplyMediumInput,
} from '../../common/inbox'
import { AppError } from '../../common/errors'
import { errorReason } from '../../common/messages/index'
import { prepareMedia, type Medium } from '../core/inbox/reply-media'
import type { QueuedReply } from '../core/inbox/reply-outbox'
import { durationRefusal } from '../core/inbox/reply-parts'

export interface ReplyMediaDeps {
  isOnline: () => boolean
  /** How long a stored video or audio of the library plays (main/host/pictures.ts mediaDuration). */
  mediaDuration?: (url: string) => Promise<number>
  /** Whether the person picked or dropped this file of the computer (the grants). */
  allowFile?: (path: string) => Promise<boolean>
}

/**
 * The reply's media as they will be sent: a local file must have been granted, and is read now. A library
 * video or audio is timed from the storage now while the service is reachable (a refusal is said at once, and
 * nothing is queued); offline, it is queued untimed, and the outbox times it when it goes (reply-outbox.ts).
 */
export function replyMediaOf(deps: ReplyMediaDeps): (input: ReplyMediumInput[]) => Promise<Medium[]> {
  const { mediaDuration } = deps
  return async (input) => {
    const media: Medium[] = []
    for (const m of input) {
      if (!isLocalMedium(m)) {
        media.push(await libraryMedium(m, mediaDuration, { later: !deps.isOnline() }))
        continue
      }
      if (!(await (deps.allowFile?.(m.path) ?? Promise.resolve(false)))) {
        throw new AppError({
          kind: 'validation',
          field: 'media',
          ...errorReason('file-not-granted', { name: m.name }),
          message: `${m.name} was not picked or dropped: add it with the file dialog or by dropping it`,
        })
      }
      media.push(...(await prepareMedia([m.path])))
    }
    return media
  }
}

/**
 * A library file as a medium. A video or an audio needs its `duration`, read from the stored file by
 * `duration` (main's guarded ranged read, main/core/inbox/remote-duration.ts): refused when there is none, or
 * when the stored file cannot be read or timed, naming the file and why.
 */
export async function libraryMedium(
  input: ReplyLibraryMedium,
  duration?: (url: string) => Promise<number>,
  /** Not timed now (the service is out of reach): the outbox times it when the reply goes. */
  { later = false }: { later?: boolean } = {},
): Promise<Medium> {
  const kind = input.mimetype.startsWith('image/')
    ? 'image'
    : input.mimetype.startsWith('video/')
      ? 'video'
      : input.mimetype.startsWith('audio/')
        ? 'audio'
        : 'document'
  const timed = kind === 'video' || kind === 'audio'
  if (timed && !duration) {
    throw new AppError({
      kind: 'validation',
      field: 'media',
      ...errorReason('inbox-media-kind', { name: input.name }),
      message: `${input.name}: a video or audio from the library cannot be sent yet (its duration is read from a file)`,
    })
  }
  let seconds: number | undefined
  if (timed && !later) {
    try {
      seconds = await duration!(input.url)
    } catch (error) {
      const why = AppError.from(error)
      throw new AppError(
        {
          kind: why.kind === 'network' || why.kind === 'timeout' ? why.kind : 'validation',
          field: 'media',
          ...errorReason(durationRefusal(why), { name: input.name }),
          message: `${input.name}: its length could not be read from the stored file: ${why.message}`,
        },
        { cause: error },
      )
    }
  }
  return {
    source: input.url,
    kind,
    mimetype: input.mimetype,
    url: input.url,
    name: input.name,
    ...(input.size === undefined ? {} : { size: input.size }),
    ...(seconds === undefined ? {} : { duration: seconds }),
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
    ...(r.errorReason ? { errorReason: r.errorReason } : {}),
    createdAt: r.createdAt,
    resultIds: r.result,
  }
}
