// The composer's plain helpers, kept out of the components so they can be tested alone.
import type { PickedFile } from '../../../common/app-state'
import type { DraftPost, LocalMedia } from '../../../common/drafts'
import { emptyScheduleRequest, type Schedule } from '../../../common/service'

export const POST_TYPES = ['text', 'image', 'video', 'reel', 'album', 'link', 'story'] as const

/** Caption lengths the platforms accept; the count turns red beyond it (the service decides in the end). */
export const CAPTION_LIMITS: Record<string, number> = {
  twitter: 280,
  threads: 500,
  instagram: 2200,
  tiktok: 2200,
  linkedin: 3000,
  youtube: 5000,
  facebook: 63206,
  shopee: 3000,
}

export function blankPost(): DraftPost {
  return { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }
}

/** A post of the service as the request that writes it back (schedules:update): the editable members only. */
export function postOfSchedule(p: Schedule): DraftPost {
  const base = blankPost()
  return {
    ...base,
    title: p.title,
    description: p.description,
    type: p.type,
    topic: p.topic,
    medias: p.medias.map((m) => ({ alt: m.alt, type: m.type, thumbnail: m.thumbnail, url: m.url })),
    meta: { ...base.meta, ...(p.meta ?? {}) },
    additionalInfo: { ...base.additionalInfo, ...((p.additionalInfo ?? {}) as object) },
    replies: p.replies,
    accountId: p.accountId,
    scheduleAt: p.scheduleAt,
  }
}

export function mediaTypeOfMime(mimetype: string | null | undefined): 'image' | 'video' | null {
  if (mimetype?.startsWith('image/')) return 'image'
  if (mimetype?.startsWith('video/')) return 'video'
  return null
}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
}

/** A picked file's type may be unknown until the engine probes it; the extension decides meanwhile. */
export function mimetypeOf(file: Pick<PickedFile, 'name' | 'mimetype'>): string {
  if (file.mimetype) return file.mimetype
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  return EXTENSION_TYPES[ext] ?? ''
}

/** A picked or dropped file as a local medium of the draft; uploaded through the engine when the post is sent. */
export function localMediaOf(file: PickedFile, newId: () => string = () => crypto.randomUUID()): LocalMedia {
  const mimetype = mimetypeOf(file)
  return {
    id: newId(),
    path: file.path,
    name: file.name,
    size: file.size,
    mimetype,
    alt: '',
    type: mediaTypeOfMime(mimetype) ?? '',
    thumbnail: '',
  }
}

/** Tags, mentions, collaborators and countries are typed as one line, comma separated. */
export function listToText(list: readonly unknown[]): string {
  return list.map(String).join(', ')
}
export function textToList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Whether the person has typed or added anything: an untouched composer is not saved as an empty draft. */
export function hasContent(post: DraftPost, localMedia: readonly LocalMedia[]): boolean {
  return Boolean(
    post.title.trim() ||
    post.description.trim() ||
    post.medias.length ||
    localMedia.length ||
    post.topic.trim(),
  )
}

/** A post type that fits the media added, when the person has not chosen one yet. */
export function suggestType(current: string, mediaTypes: readonly string[]): string {
  if (current !== 'text' || mediaTypes.length === 0) return current
  if (mediaTypes.length > 1) return 'album'
  return mediaTypes[0] === 'video' ? 'video' : 'image'
}
