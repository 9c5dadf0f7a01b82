// A post checked against its network's limits (common/publishing-limits.ts) before it is queued: each problem
// as a code with its figures (the renderer words it in the person's language), whether the network certainly
// refuses it ("block": a type it does not take, text or media beyond its count) or may not take it ("warn":
// a format, size, shape or length it documents but the service may convert), and the page that says so.
import { limitsOf, type MediaLimits, type Sourced } from './publishing-limits'

export type PreflightCode =
  | 'type-not-taken'
  | 'caption-too-long'
  | 'too-many-media'
  | 'format-not-taken'
  | 'file-too-large'
  | 'aspect-ratio'
  | 'too-short'
  | 'too-long'
  | 'channel-required'
  | 'share-to-feed-video-only'

export interface PreflightIssue {
  code: PreflightCode
  severity: 'block' | 'warn'
  /** The numbers and names the sentence needs. */
  params: Record<string, string | number>
  source: string
}

/** What is known of one medium: a picked file knows its type and size; the shape and length only once read. */
export interface PreflightMedia {
  kind: string
  name: string
  mimetype?: string
  bytes?: number
  width?: number
  height?: number
  durationSeconds?: number
}

export interface PreflightPost {
  type: string
  text: string
  media: readonly PreflightMedia[]
  /** The WhatsApp channel or group chosen (additionalInfo.channel), by its id. */
  channelId?: string
  /** Instagram: also share the video to the feed (additionalInfo.isShareToFeed). */
  shareToFeed?: boolean
}

/** Where the service says what a WhatsApp post and an Instagram video take (its newer published OpenAPI). */
const SERVICE_SOURCE = 'https://docs.repliz.com/'

/** What the newer service's per-network options need, whatever the network's own limits. */
function checkServiceOptions(post: PreflightPost, accountType: string, out: PreflightIssue[]) {
  const source = { value: null, source: SERVICE_SOURCE }
  // A WhatsApp account posts to one of its channels or groups; without one the post has nowhere to go.
  if (accountType === 'whatsapp' && !post.channelId) out.push(issue('channel-required', 'block', source, {}))
  // Instagram shares videos (reels) to the feed; on another type the option does nothing.
  if (accountType === 'instagram' && post.shareToFeed && !['video', 'reel'].includes(post.type))
    out.push(issue('share-to-feed-video-only', 'warn', source, { type: post.type }))
}

/** Characters as people count them: an emoji is one, not the two UTF-16 units of String.length. */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

function issue(
  code: PreflightCode,
  severity: PreflightIssue['severity'],
  limit: Sourced<unknown>,
  params: PreflightIssue['params'],
): PreflightIssue {
  return { code, severity, params, source: limit.source }
}

function checkMedium(medium: PreflightMedia, limits: MediaLimits | undefined, out: PreflightIssue[]) {
  if (!limits) return
  const name = medium.name
  if (medium.mimetype && !limits.formats.value.includes(medium.mimetype)) {
    out.push(
      issue('format-not-taken', 'warn', limits.formats, {
        name,
        format: medium.mimetype.split('/')[1]?.toUpperCase() ?? medium.mimetype,
        formats: limits.formats.value.map((f) => f.split('/')[1]?.toUpperCase() ?? f).join(', '),
      }),
    )
  }
  if (medium.bytes !== undefined && medium.bytes > limits.maxBytes.value) {
    out.push(
      issue('file-too-large', 'warn', limits.maxBytes, {
        name,
        bytes: medium.bytes,
        max: limits.maxBytes.value,
      }),
    )
  }
  const ratio = limits.aspectRatio
  if (ratio && medium.width && medium.height) {
    const actual = medium.width / medium.height
    if (actual < ratio.value.min - 0.005 || actual > ratio.value.max + 0.005) {
      out.push(
        issue('aspect-ratio', 'warn', ratio, {
          name,
          ratio: Math.round(actual * 100) / 100,
          min: Math.round(ratio.value.min * 100) / 100,
          max: Math.round(ratio.value.max * 100) / 100,
        }),
      )
    }
  }
  if ('durationSeconds' in limits && medium.durationSeconds !== undefined) {
    const bounds = (limits as { durationSeconds: Sourced<{ min: number; max: number }> }).durationSeconds
    const seconds = Math.round(medium.durationSeconds)
    if (medium.durationSeconds < bounds.value.min)
      out.push(issue('too-short', 'warn', bounds, { name, seconds, min: bounds.value.min }))
    if (medium.durationSeconds > bounds.value.max)
      out.push(issue('too-long', 'warn', bounds, { name, seconds, max: bounds.value.max }))
  }
}

/** The post's problems on a network of `accountType`, the certain refusals first; none for a network not known. */
export function preflight(post: PreflightPost, accountType: string): PreflightIssue[] {
  const out: PreflightIssue[] = []
  checkServiceOptions(post, accountType, out)
  const limits = limitsOf(accountType)
  if (!limits) return out
  if (!(limits.postTypes.value as readonly string[]).includes(post.type)) {
    out.push(issue('type-not-taken', 'block', limits.postTypes, { type: post.type, network: accountType }))
  }
  const length = characterCount(post.text)
  if (limits.captionLength && length > limits.captionLength.value) {
    out.push(
      issue('caption-too-long', 'block', limits.captionLength, {
        count: length,
        max: limits.captionLength.value,
        over: length - limits.captionLength.value,
      }),
    )
  }
  if (limits.maxMedia && post.media.length > limits.maxMedia.value) {
    out.push(
      issue('too-many-media', 'block', limits.maxMedia, {
        count: post.media.length,
        max: limits.maxMedia.value,
      }),
    )
  }
  for (const medium of post.media) {
    checkMedium(
      medium,
      medium.kind === 'video' ? limits.video : medium.kind === 'image' ? limits.image : undefined,
      out,
    )
  }
  return out
}

/** An issue in plain English, for the sandbox's publisher and logs (the app words it through its catalogue). */
export function describePreflightIssue(issue: PreflightIssue, network: string): string {
  const p = issue.params
  switch (issue.code) {
    case 'type-not-taken':
      return `${network} does not support ${p.type} posts`
    case 'caption-too-long':
      return `${network} takes at most ${p.max} characters of text; this post has ${p.count}`
    case 'too-many-media':
      return `${network} takes at most ${p.max} media files in one post; this post has ${p.count}`
    case 'format-not-taken':
      return `${network} does not take ${p.format} files (${p.name}); it takes ${p.formats}`
    case 'file-too-large':
      return `${p.name} is larger than the ${p.max} bytes ${network} takes`
    case 'aspect-ratio':
      return `${p.name} has a shape (${p.ratio}:1) ${network} does not take (${p.min}:1 to ${p.max}:1)`
    case 'too-short':
      return `${p.name} is shorter than the ${p.min} seconds ${network} takes`
    case 'too-long':
      return `${p.name} is longer than the ${p.max} seconds ${network} takes`
    case 'channel-required':
      return `a ${network} post needs a channel or group to go to`
    case 'share-to-feed-video-only':
      return `${network} shares only videos to the feed, not ${p.type} posts`
  }
}
