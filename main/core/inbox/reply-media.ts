// The media of a reply, read before anything is sent: a picture, video, audio or document given as a local file
// (uploaded first; a video's or audio's duration read from it, a document's size and name taken from it) or
// as an address (a picture only: a video's duration or a document's size cannot be read from an address); and
// the direct message each makes (BodySendMessageDTO), the text on the first.
import { basename } from 'node:path'
import mime from 'mime'
import { AppError } from '../../../common/errors'
import type { SendMessageRequest } from '../../../common/service'
import { probeFile } from '../uploads/file-probe'
import { mediaDuration } from './media-duration'

/** A medium as it will be sent: its kind, and where its address comes from. */
export interface Medium {
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
export async function prepareMedia(sources: readonly string[]): Promise<Medium[]> {
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
