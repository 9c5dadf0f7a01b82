// The composer's plain helpers, kept out of the components so they can be tested alone.
import type { PickedFile } from '../../../common/app-state'
import { isValidOffset } from '../../../common/campaigns'
import type { Draft, DraftFieldError, DraftPost, DraftTarget, LocalMedia } from '../../../common/drafts'
import { localFileAddress } from '../../../common/local-files'
import type { PostAgainDraft } from '../../../common/insights-calls'
import type { PreflightPost } from '../../../common/preflight'
import { PUBLISHING_LIMITS } from '../../../common/publishing-limits'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import type { Schedule, ScheduleMedia } from '../../../common/service'
import { emptyScheduleRequest } from '../../../common/service-vocabulary'
import type { MeasuredMedium, MediaMetrics } from '../../composables/use-media-metrics'
import { toLocalTime } from './calendar'

/** What the composer opens on: a new post (maybe on a day and hour, maybe with Library files), a draft, a post. */
export type ComposerTarget =
  | { kind: 'new'; day?: string; hour?: number; medias?: ScheduleMedia[] }
  | { kind: 'draft'; draft: Draft }
  | { kind: 'service'; post: Schedule }

/** The lists typed as one comma-separated line each. */
export interface ComposerLists {
  tags: string
  mentions: string
  collaborators: string
  targetCountries: string
}

/** The form's state: the post as typed, its local files, the time on the person's clock, the typed lists. */
export interface ComposerFields {
  /** The accounts it goes to, in the order chosen; the post's `accountId` is the first. */
  accountIds: string[]
  /** Each account's own text where the person wrote one; the post's description otherwise. */
  captions: Record<string, string>
  /**
   * Each account's minutes from the post's time where it is not 0, typed as text (a half-typed "-" stays);
   * several accounts make a campaign (common/campaigns.ts), each going out at the time plus its offset.
   */
  offsets: Record<string, string>
  post: DraftPost
  localMedia: LocalMedia[]
  date: string
  time: string
  lists: ComposerLists
}

/** The opened form with where it came from: the draft it saves into and that draft's status. */
export interface ComposerStart {
  fields: ComposerFields
  draftId: string | undefined
  status: Draft['status'] | 'service'
  /** Media brought from the Library are work the person asked for: closing asks before dropping them. */
  edited: boolean
}

/** Plain copies of the form's reactive data: structuredClone refuses Vue's proxies, and the post is JSON anyway. */
export function plainCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

export const POST_TYPES = ['text', 'image', 'video', 'reel', 'album', 'link', 'story'] as const

/** Caption lengths the networks take (common/publishing-limits.ts); the count turns red beyond it. */
export const CAPTION_LIMITS: Record<string, number> = Object.fromEntries(
  Object.entries(PUBLISHING_LIMITS).flatMap(([type, limits]) =>
    limits.captionLength ? [[type, limits.captionLength.value]] : [],
  ),
)

/** Every medium of the form where the page reads it, for measuring its shape and length. */
export function measuredMediaOf(fields: ComposerFields): MeasuredMedium[] {
  return [
    ...fields.post.medias.map((m) => ({ address: m.url, kind: m.type })),
    ...fields.localMedia.map((m) => ({ address: localFileAddress(m.path), kind: m.type })),
  ]
}

/**
 * The post one account gets, as the preflight reads it: its text and what is known of each medium, its shape
 * and length once `metricsOf` has measured it (measuredMediaOf gives the addresses it is asked for).
 */
export function preflightPostOf(
  fields: ComposerFields,
  accountId: string,
  nameOf: (url: string) => string,
  metricsOf: (address: string) => MediaMetrics | undefined = () => undefined,
): PreflightPost {
  const remote = fields.post.medias.map((m) => {
    const name = nameOf(m.url)
    const mimetype = mimetypeOf({ name, mimetype: null })
    return { kind: m.type, name, ...(mimetype ? { mimetype } : {}), ...metricsOf(m.url) }
  })
  const local = fields.localMedia.map((m) => ({
    kind: m.type,
    name: m.name,
    bytes: m.size,
    ...(m.mimetype ? { mimetype: m.mimetype } : {}),
    ...metricsOf(localFileAddress(m.path)),
  }))
  const info = fields.post.additionalInfo
  return {
    type: fields.post.type,
    text: fields.captions[accountId] ?? fields.post.description,
    media: [...remote, ...local],
    ...(info.channel?.id ? { channelId: info.channel.id } : {}),
    ...(info.isShareToFeed ? { shareToFeed: true } : {}),
  }
}

export function blankPost(): DraftPost {
  return { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }
}

/**
 * A post of the service as the request that writes it back (schedules:update): every member it holds, the
 * ones the editor does not show included (common/schedule-merge.ts), over a blank post's defaults for the
 * members an older record lacks.
 */
export function postOfSchedule(p: Schedule): DraftPost {
  return mergeScheduleEdit(blankPost(), p as unknown as DraftPost)
}

/** A post of the service as a new draft with its content: no time yet, so it waits under "Drafts without a time". */
export function duplicateOfSchedule(p: Schedule): DraftPost {
  return plainCopy({ ...postOfSchedule(p), scheduleAt: '' })
}

/** A network's own type the composer does not know ("carousel"), named from what the post carries. */
function typeOfMedias(medias: readonly { type: string }[]): DraftPost['type'] {
  if (medias.length > 1) return 'album'
  if (medias[0]) return medias[0].type === 'video' ? 'video' : 'image'
  return 'text'
}

/** A published post's content (insights' "post again") as a new draft on its account, with no time yet. */
export function draftOfPublished(p: PostAgainDraft): DraftPost {
  return plainCopy({
    ...blankPost(),
    accountId: p.accountId,
    title: p.title,
    description: p.description,
    type: (POST_TYPES as readonly string[]).includes(p.type) ? p.type : typeOfMedias(p.medias),
    medias: p.medias,
  })
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

/** The form a target opens on, its time shown on the person's clock in `timeZone`. */
export function formOfTarget(target: ComposerTarget, timeZone: string): ComposerStart {
  const base = blankPost()
  let post: DraftPost = base
  let localMedia: LocalMedia[] = []
  let draftId: string | undefined
  let status: ComposerStart['status'] = 'draft'
  if (target.kind === 'draft') {
    post = plainCopy({ ...target.draft.post })
    localMedia = plainCopy([...target.draft.localMedia])
    draftId = target.draft.id
    status = target.draft.status
  } else if (target.kind === 'service') {
    post = plainCopy(postOfSchedule(target.post))
    status = 'service'
  } else if (target.medias?.length) {
    // Files chosen in the Library: the post starts with them, typed as their kinds suggest.
    post = {
      ...base,
      medias: plainCopy(target.medias),
      type: suggestType(
        base.type,
        target.medias.map((m) => m.type),
      ),
    }
  }
  let date = ''
  let time = ''
  if (post.scheduleAt) {
    ;({ date, time } = toLocalTime(post.scheduleAt, timeZone))
  } else if (target.kind === 'new' && target.day) {
    date = target.day
    time = `${String(target.hour ?? 9).padStart(2, '0')}:00`
  }
  const info = post.additionalInfo
  const targets: DraftTarget[] =
    target.kind === 'draft' && target.draft.targets?.length
      ? target.draft.targets
      : post.accountId
        ? [{ accountId: post.accountId }]
        : []
  return {
    fields: {
      accountIds: targets.map((t) => t.accountId),
      captions: Object.fromEntries(
        targets.flatMap((t) => (t.description === undefined ? [] : [[t.accountId, t.description]])),
      ),
      offsets: Object.fromEntries(
        targets.flatMap((t) => (t.offsetMinutes ? [[t.accountId, String(t.offsetMinutes)]] : [])),
      ),
      post,
      localMedia,
      date,
      time,
      lists: {
        tags: listToText(info.tags),
        mentions: listToText(info.mentions),
        collaborators: listToText(info.collaborators),
        targetCountries: listToText(info.targetCountries),
      },
    },
    draftId,
    status,
    edited: target.kind === 'new' && Boolean(target.medias?.length),
  }
}

/** An account's offset as typed, in minutes; null when it is not whole minutes within ±12 h. */
export function offsetOf(fields: Pick<ComposerFields, 'offsets'>, accountId: string): number | null {
  const minutes = Number(fields.offsets[accountId]?.trim() || '0')
  return isValidOffset(minutes) ? minutes : null
}

/** The accounts whose typed offset is not one the campaign takes. */
export function offsetErrors(fields: Pick<ComposerFields, 'offsets' | 'accountIds'>): string[] {
  return fields.accountIds.filter((id) => offsetOf(fields, id) === null)
}

/** The form as the draft it saves: the typed lists split, the time as the UTC instant it resolved to. */
export function draftOfForm(
  fields: ComposerFields,
  scheduleAt: string,
): { post: DraftPost; localMedia: LocalMedia[]; targets?: DraftTarget[] } {
  const { post, lists, accountIds } = fields
  const info = post.additionalInfo
  // One account is the post's own; several are listed with their own texts (an empty one is "the same").
  const targets =
    accountIds.length > 1
      ? accountIds.map((accountId): DraftTarget => {
          const own = fields.captions[accountId]
          const offset = offsetOf(fields, accountId)
          return {
            accountId,
            ...(own?.trim() ? { description: own } : {}),
            // An offset that is not one yet (typed half, or past 12 h) is not saved: the composer marks it and
            // holds Schedule back until it is fixed (offsetErrors).
            ...(offset ? { offsetMinutes: offset } : {}),
          }
        })
      : undefined
  return {
    ...(targets ? { targets } : {}),
    post: {
      ...plainCopy({ ...post, additionalInfo: { ...info } }),
      accountId: accountIds[0] ?? '',
      scheduleAt,
      additionalInfo: {
        ...plainCopy({ ...info }),
        tags: textToList(lists.tags),
        mentions: textToList(lists.mentions),
        collaborators: textToList(lists.collaborators),
        targetCountries: textToList(lists.targetCountries),
      },
    },
    localMedia: plainCopy([...fields.localMedia]),
  }
}

/** Members of the post the form has a control for, so their refusal is shown next to it. */
const FIELDS_WITH_A_CONTROL = new Set([
  'accountId',
  'type',
  'title',
  'description',
  'scheduleAt',
  'medias',
  'meta.url',
  'additionalInfo.link',
])
/** Per-item members of the media lists that the media editor shows a refusal beside. */
const MEDIA_MEMBERS_WITH_A_CONTROL: Record<string, readonly string[]> = {
  medias: ['type', 'url'],
  localMedia: ['type'],
}

/** Whether a refused member (`medias.2.url`, `title`, …) has a place in the form to be shown at. */
export function hasControl(field: string): boolean {
  if (FIELDS_WITH_A_CONTROL.has(field)) return true
  const [list, index, member, ...rest] = field.split('.')
  return (
    rest.length === 0 &&
    list !== undefined &&
    member !== undefined &&
    /^\d+$/.test(index ?? '') &&
    (MEDIA_MEMBERS_WITH_A_CONTROL[list]?.includes(member) ?? false)
  )
}

/**
 * A refusal's field errors by where the form shows them: each field with a control keeps its first message;
 * any other (or the whole form's) is gathered under `form`, listed at the top so no refusal goes unseen.
 */
export function routeFieldErrors(
  errors: readonly DraftFieldError[],
  textOf: (error: DraftFieldError) => string,
): Record<string, string> {
  const routed: Record<string, string> = {}
  const elsewhere: string[] = []
  for (const error of errors) {
    const text = textOf(error)
    if (hasControl(error.field)) routed[error.field] ??= text
    else elsewhere.push(error.field === 'form' ? text : `${error.field}: ${text}`)
  }
  if (elsewhere.length) routed.form = elsewhere.join(' ')
  return routed
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
