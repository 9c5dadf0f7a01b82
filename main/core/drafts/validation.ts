// What a draft must satisfy before it may join the outbox. Every error names the field it is about (the
// composer puts the message next to that field), using the body's own paths: `accountId`, `scheduleAt`,
// `medias.0.type`, `localMedia.1.type`, `meta.url`.
import type { Draft, DraftFieldError } from '../../../common/drafts'
import { createScheduleRequestSchema } from '../../../common/service'

/** The post types of the service's BodyCreateSchedulePublicDTO (service-openapi.json). */
export const POST_TYPES = ['text', 'image', 'video', 'reel', 'album', 'link', 'story'] as const
export type PostType = (typeof POST_TYPES)[number]

export const MEDIA_TYPES = ['image', 'video'] as const

/**
 * Which media each post type takes, from the service's own examples (one image for `image` and `link`, one
 * video for `video`/`reel`/`story`, several for `album`, none for `text`). `story` takes an image too, as on
 * the platforms the service posts to.
 */
export const MEDIA_RULES: Record<PostType, { min: number; max: number; types: readonly string[] }> = {
  text: { min: 0, max: 0, types: [] },
  image: { min: 1, max: 10, types: ['image'] },
  video: { min: 1, max: 1, types: ['video'] },
  reel: { min: 1, max: 1, types: ['video'] },
  album: { min: 2, max: 10, types: ['image', 'video'] },
  link: { min: 0, max: 1, types: ['image'] },
  story: { min: 1, max: 1, types: ['image', 'video'] },
}

/** The media type a MIME type can be used as, or null when the service takes neither. */
export function mediaTypeOfMime(mimetype: string): 'image' | 'video' | null {
  if (mimetype.startsWith('image/')) return 'image'
  if (mimetype.startsWith('video/')) return 'video'
  return null
}

/** Margin so a post queued now is not refused by the service for being in the past by the time it is sent. */
export const MIN_LEAD_MS = 60_000

export function validateForQueue(draft: Pick<Draft, 'post' | 'localMedia'>, now: Date): DraftFieldError[] {
  const errors: DraftFieldError[] = []
  const { post, localMedia } = draft
  const add = (field: string, message: string, code?: string, params?: Record<string, string | number>) => {
    if (errors.some((e) => e.field === field)) return
    errors.push({ field, message, ...(code ? { code } : {}), ...(params ? { params } : {}) })
  }

  if (!post.accountId.trim()) add('accountId', 'Choose an account.', 'account-required')

  if (!post.scheduleAt) add('scheduleAt', 'Choose when to publish.', 'time-required')
  else {
    const at = Date.parse(post.scheduleAt)
    if (Number.isNaN(at)) add('scheduleAt', 'The time is not a valid date.', 'time-invalid')
    else if (at < now.getTime() + MIN_LEAD_MS)
      add('scheduleAt', 'The time must be at least a minute from now.', 'time-too-soon')
  }

  const type = post.type as PostType
  if (!(POST_TYPES as readonly string[]).includes(post.type)) {
    add('type', `Choose a post type (${POST_TYPES.join(', ')}).`, 'type-invalid', {
      types: POST_TYPES.join(', '),
    })
  } else {
    const rule = MEDIA_RULES[type]
    const allowed = rule.types.join(' or ')
    const count = post.medias.length + localMedia.length
    if (count < rule.min) {
      add(
        'medias',
        rule.min === 1
          ? `${article(type)} ${type} post needs a media file.`
          : `${article(type)} ${type} post needs ${rule.min} media files.`,
        'media-too-few',
        { type, min: rule.min },
      )
    } else if (count > rule.max) {
      add(
        'medias',
        rule.max === 0
          ? 'A text post takes no media.'
          : `${article(type)} ${type} post takes at most ${rule.max} media files.`,
        rule.max === 0 ? 'media-none' : 'media-too-many',
        { type, max: rule.max },
      )
    }
    post.medias.forEach((media, index) => {
      if (rule.max > 0 && !rule.types.includes(media.type)) {
        add(
          `medias.${index}.type`,
          `${article(type)} ${type} post takes ${allowed}, not ${media.type || 'this file'}.`,
          'media-wrong-type',
          { type, allowed, actual: media.type },
        )
      }
      if (!media.url.trim()) add(`medias.${index}.url`, 'This media has no address.', 'media-no-url')
    })
    localMedia.forEach((media, index) => {
      const field = `localMedia.${index}.type`
      const fromMime = mediaTypeOfMime(media.mimetype)
      if (!fromMime)
        add(field, `${media.name} is neither an image nor a video.`, 'file-not-media', { name: media.name })
      else if (media.type !== fromMime) {
        add(field, `${media.name} is a ${fromMime}, not a ${media.type}.`, 'file-type-mismatch', {
          name: media.name,
          actual: fromMime,
          declared: media.type,
        })
      } else if (rule.max > 0 && !rule.types.includes(media.type)) {
        add(field, `${article(type)} ${type} post takes ${allowed}, not ${media.type}.`, 'media-wrong-type', {
          type,
          allowed,
          actual: media.type,
        })
      }
    })
  }

  if (type === 'text' && !post.description.trim() && !post.title.trim()) {
    add('description', 'Write something to post.', 'text-required')
  }
  if (type === 'link' && !post.meta.url.trim() && !(post.additionalInfo.link ?? '').trim()) {
    add('meta.url', 'A link post needs the link.', 'link-required')
  }
  for (const [field, value] of [
    ['meta.url', post.meta.url],
    ['additionalInfo.link', post.additionalInfo.link ?? ''],
  ] as const) {
    if (value.trim() && !isHttpUrl(value)) add(field, 'This is not a web address (https://…).', 'url-invalid')
  }

  // Whatever the rules above did not cover: the wire schema, with local media standing in for their future URLs.
  const body = {
    ...post,
    medias: [
      ...post.medias,
      ...localMedia.map((m) => ({
        alt: m.alt,
        type: m.type,
        thumbnail: m.thumbnail,
        url: 'https://pending.invalid/',
      })),
    ],
  }
  const parsed = createScheduleRequestSchema.safeParse(body)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.join('.') || 'post', issue.message)
  }
  return errors
}

/** "An image post", "a video post". */
function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A'
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
