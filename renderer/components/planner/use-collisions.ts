// The composer's collision check (main/core/posts/post-collisions.ts) as the post is written: the query is
// built from the form, asked of main a moment after the last change (each ask reads the service), and an
// answer that arrives after a newer question is dropped, so the warnings always match the form on screen.
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'
import type { CollisionReport } from '../../../common/account-watch'
import { AppError, type AppErrorData } from '../../../common/errors'
import type { ScheduleMedia } from '../../../common/service'
import type { CallRequest } from '../../../common/contract'
import { useAccountWatchStore } from '../../stores/account-watch'

/** Typing pauses this long before the service is asked. */
export const COLLISION_DEBOUNCE_MS = 600

export interface CollisionInput {
  scheduleAt: string | null
  accountIds: readonly string[]
  title: string
  description: string
  /** Each account's own caption, where one was written. */
  captions: Readonly<Record<string, string>>
  medias: readonly Pick<ScheduleMedia, 'url'>[]
  /** Local files already uploaded by the outbox: compared by their stored address. */
  uploadedUrls: readonly string[]
  excludeIds: readonly string[]
}

export type CollisionQuery = CallRequest<'schedules:collisions'>

/** The question for main, or null when there is nothing to ask yet (no time, no account). */
export function collisionQueryOf(input: CollisionInput): CollisionQuery | null {
  if (!input.scheduleAt || input.accountIds.length === 0) return null
  const media = [...input.medias.map((m) => m.url), ...input.uploadedUrls]
    .filter((url) => url.trim() !== '')
    .map((url) => ({ url }))
  return {
    scheduleAt: input.scheduleAt,
    accounts: input.accountIds.map((id) => ({
      id,
      text: [input.title, input.captions[id] ?? input.description].filter((part) => part.trim()).join('\n'),
    })),
    media,
    ...(input.excludeIds.length ? { excludeIds: [...input.excludeIds] } : {}),
  }
}

export function useCollisions(input: () => CollisionInput): {
  report: Ref<CollisionReport | null>
  error: Ref<AppErrorData | null>
  checking: Ref<boolean>
  recheck(): void
} {
  const accountWatch = useAccountWatchStore()
  const report = ref<CollisionReport | null>(null)
  const error = ref<AppErrorData | null>(null)
  const checking = ref(false)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0

  async function ask(query: CollisionQuery) {
    const mine = ++asked
    checking.value = true
    try {
      const answer = await accountWatch.collisions(query)
      if (mine !== asked) return
      report.value = answer
      error.value = answer.checked ? null : (answer.error ?? null)
    } catch (failure) {
      if (mine !== asked) return
      // The call itself failed (the app serving the page stopped): said as a check that could not be made.
      report.value = { checked: false, collisions: [] }
      error.value = AppError.from(failure).toJSON()
    } finally {
      if (mine === asked) checking.value = false
    }
  }

  function schedule(query: CollisionQuery | null) {
    if (timer !== undefined) clearTimeout(timer)
    if (!query) {
      asked++
      report.value = null
      error.value = null
      checking.value = false
      return
    }
    timer = setTimeout(() => void ask(query), COLLISION_DEBOUNCE_MS)
  }

  watch(
    () => JSON.stringify(collisionQueryOf(input())),
    () => schedule(collisionQueryOf(input())),
    {
      immediate: true,
    },
  )
  onBeforeUnmount(() => {
    if (timer !== undefined) clearTimeout(timer)
    asked++
  })

  return {
    report,
    error,
    checking,
    recheck: () => {
      const query = collisionQueryOf(input())
      if (query) void ask(query)
    },
  }
}
