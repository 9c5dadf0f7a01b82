// The simulated publisher: a post moves pending -> process at its scheduleAt, then process -> success or
// error once its publishing time has passed. Failures are reproducible, never random: a disconnected
// account, a post type its platform does not publish (OpenAPI "Supported Post Types"), or what the network
// certainly refuses by its own documented limits (common/publishing-limits.ts: text length, media count), the
// same table the app checks a post against before it is queued.
import { WHATSAPP } from './addon-api'
import { describePreflightIssue, preflight } from '../common/preflight'
import { SCHEDULE_TYPE_PLATFORMS, type SchedulePostType } from '../common/service'
import type { SandboxContext } from './context'
import type { AccountRecord, ScheduleRecord } from './model'

export const DEFAULT_PUBLISH_DURATION_MS = 2000

export interface Publisher {
  /** Advances every post as of `now()`; resolves once the change is on disk. */
  tick(): Promise<void>
}

const WHATSAPP_POST_TYPES: readonly string[] = ['text', 'image', 'video', 'album']

export function publishFailure(post: ScheduleRecord, account: AccountRecord | undefined): string | null {
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
      media: post.medias.map((m) => ({ kind: m.type, name: m.url })),
      channelId: (post.additionalInfo?.channel as { id?: string } | undefined)?.id,
    },
    account.type,
  ).find((issue) => issue.severity === 'block')
  return refused ? describePreflightIssue(refused, account.type) : null
}

export function createPublisher(ctx: SandboxContext, durationMs: number): Publisher {
  return {
    async tick() {
      const now = ctx.now()
      const nowIso = now.toISOString()
      let changed = false
      for (const post of ctx.store.data.schedules) {
        if (post.status === 'pending' && Date.parse(post.scheduleAt) <= now.getTime()) {
          post.status = 'process'
          post.processUntil = new Date(now.getTime() + durationMs).toISOString()
          post.updatedAt = nowIso
          changed = true
        }
        if (post.status === 'process' && Date.parse(post.processUntil ?? nowIso) <= now.getTime()) {
          const account = ctx.store.data.accounts.find((a) => a._id === post.accountId)
          const failure = publishFailure(post, account)
          post.status = failure ? 'error' : 'success'
          if (failure) post.errorMessage = failure
          else delete post.errorMessage
          delete post.processUntil
          post.updatedAt = nowIso
          changed = true
        }
      }
      if (changed) await ctx.store.commit()
    },
  }
}
