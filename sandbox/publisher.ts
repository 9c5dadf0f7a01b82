// The simulated publisher: a post moves pending -> process at its scheduleAt, then process -> success or
// error once its publishing time has passed. Failures are reproducible, never random: a disconnected
// account, a post type its platform does not publish (OpenAPI "Supported Post Types"), or what the network
// certainly refuses by its own documented limits (common/publishing-limits.ts: text length, media count), the
// same table the app checks a post against before it is queued. An image's shape is checked on the stored
// file's real dimensions, where the network states a range (Instagram: 4:5 to 1.91:1): a shape the composer
// only warns about (the person may not have measured it) is refused here, as the network refuses it. So a post
// retried unchanged fails again, every time, and a fixed one publishes.
import { WHATSAPP } from './addon-api'
import { describePreflightIssue, preflight, ratioText, type PreflightIssue } from '../common/preflight'
import { SCHEDULE_TYPE_PLATFORMS, type SchedulePostType } from '../common/service'
import type { SandboxContext } from './context'
import { imageDimensions, type Dimensions } from './image-dimensions'
import type { AccountRecord, ScheduleRecord } from './model'
import { isSafeKey } from './objects'

export const DEFAULT_PUBLISH_DURATION_MS = 2000

export interface Publisher {
  /** Advances every post as of `now()`; resolves once the change is on disk. */
  tick(): Promise<void>
}

/** What the publisher knows of a stored medium: its file's name and real dimensions. */
export interface StoredMedium {
  name: string
  dimensions: Dimensions | null
}

function describeRefusal(issue: PreflightIssue, network: string): string {
  if (issue.code !== 'aspect-ratio') return describePreflightIssue(issue, network)
  // The wording the service gives (and renderer/lib/failure-reasons.ts recognises), with the file named.
  return (
    `${network} rejected the media: aspect ratio must be between ${ratioText(Number(issue.params.min))} ` +
    `and ${ratioText(Number(issue.params.max))}; ${issue.params.name} is ${issue.params.ratio}:1`
  )
}

const WHATSAPP_POST_TYPES: readonly string[] = ['text', 'image', 'video', 'album']

export function publishFailure(
  post: ScheduleRecord,
  account: AccountRecord | undefined,
  stored: (url: string) => StoredMedium | undefined = () => undefined,
): string | null {
  if (!account) return 'account not found'
  if (!account.isConnected) {
    return `account ${account.name} (${account.type}) is disconnected; reconnect it and retry`
  }
  const platforms = SCHEDULE_TYPE_PLATFORMS[post.type as SchedulePostType] as readonly string[] | undefined
  // The OpenAPI's "Supported Post Types" predates WhatsApp; a channel or group takes text, pictures and videos
  // (docs/service-fidelity.md), and a post with no channel has nowhere to go.
  const whatsapp = account.type === WHATSAPP && WHATSAPP_POST_TYPES.includes(post.type)
  if (!whatsapp && !platforms?.includes(account.type))
    return `${account.type} does not support ${post.type} posts`
  const refused = preflight(
    {
      type: post.type,
      text: post.description,
      media: post.medias.map((m) => {
        const file = m.type === 'image' ? stored(m.url) : undefined
        return { kind: m.type, name: file?.name ?? m.url, ...(file?.dimensions ?? {}) }
      }),
      channelId: (post.additionalInfo?.channel as { id?: string } | undefined)?.id,
    },
    account.type,
  ).find((issue) => issue.severity === 'block' || issue.code === 'aspect-ratio')
  return refused ? describeRefusal(refused, account.type) : null
}

/** The object key a media address names (`…/uploads/<user>/<uuid>.<ext>`), or null for any other address. */
export function objectKeyOf(url: string): string | null {
  const path = /(?:^|\/)(uploads\/[^?#]+)/.exec(url)?.[1] ?? ''
  return isSafeKey(path) ? path : null
}

/** The header bytes the dimensions are read from: enough for a JPEG with a large EXIF block before its frame. */
const HEAD_BYTES = 256 * 1024

async function readHead(ctx: SandboxContext, key: string): Promise<Buffer | null> {
  if ((await ctx.objects.size(key)) === null) return null
  const chunks: Buffer[] = []
  try {
    for await (const chunk of ctx.objects.read(key, { start: 0, end: HEAD_BYTES - 1 }))
      chunks.push(chunk as Buffer)
  } catch {
    return null
  }
  return Buffer.concat(chunks)
}

/** The name and dimensions of each stored image `posts` use, read from the objects. */
async function storedMedia(ctx: SandboxContext, posts: readonly ScheduleRecord[]) {
  const known = new Map<string, StoredMedium>()
  for (const post of posts) {
    for (const m of post.medias) {
      const key = m.type === 'image' && typeof m.url === 'string' ? objectKeyOf(m.url) : null
      if (!key || known.has(m.url)) continue
      const head = await readHead(ctx, key)
      const file = ctx.store.data.files.find((f) => f.key === key)
      known.set(m.url, {
        name: file?.filename ?? key.split('/').pop()!,
        dimensions: head && imageDimensions(head),
      })
    }
  }
  return (url: string) => known.get(url)
}

export function createPublisher(ctx: SandboxContext, durationMs: number): Publisher {
  return {
    async tick() {
      const now = ctx.now()
      const nowIso = now.toISOString()
      const changed = new Set<ScheduleRecord>()
      // Those that may finish in this tick (a zero publishing time finishes a due post at once).
      const finishing = ctx.store.data.schedules.filter(
        (p) =>
          p.status === 'process' || (p.status === 'pending' && Date.parse(p.scheduleAt) <= now.getTime()),
      )
      const stored = await storedMedia(ctx, finishing)
      const considered = new Set(finishing)
      for (const post of ctx.store.data.schedules) {
        // One written while the files were read waits for the next tick, when its media are read too.
        if (!considered.has(post)) continue
        if (post.status === 'pending' && Date.parse(post.scheduleAt) <= now.getTime()) {
          post.status = 'process'
          post.processUntil = new Date(now.getTime() + durationMs).toISOString()
          post.updatedAt = nowIso
          changed.add(post)
        }
        if (post.status === 'process' && Date.parse(post.processUntil ?? nowIso) <= now.getTime()) {
          const account = ctx.store.data.accounts.find((a) => a._id === post.accountId)
          const failure = publishFailure(post, account, stored)
          post.status = failure ? 'error' : 'success'
          if (failure) post.errorMessage = failure
          else delete post.errorMessage
          delete post.processUntil
          post.updatedAt = nowIso
          changed.add(post)
        }
      }
      if (changed.size > 0) {
        await ctx.store.commit(
          [...changed].map((record) => ({ upsert: { collection: 'schedules', record } })),
        )
      }
    },
  }
}
