// A retry that cannot work is held before it is tried: a post of a disconnected account fails again at once,
// and so does one whose picture or text breaks its network's rule as it stands (use-failed-fixes.ts). Asking
// to retry such a post (alone or among others) holds the whole request: the person is told why, and chooses to
// fix it, to retry only the others, or to retry anyway. A request with nothing blocked goes straight on. A retry
// asked for before its pictures were measured waits for them (at most MEASURE_WAIT_MS: a picture that never
// loads holds nothing back), so a quick click cannot send a picture its network refuses.
import { computed, ref } from 'vue'
import type { Schedule } from '../../../common/service'
import { scheduleIdOf } from '../../../common/service-vocabulary'

export interface RetryHoldOptions {
  /** The posts a request may name (the failed list as shown). */
  posts: () => readonly Schedule[]
  isDisconnected: (post: Schedule) => boolean
  /** Its shape breaks its network's rule as it stands: refused again if sent unchanged. */
  hasBadShape: (post: Schedule) => boolean
  /** Sends the retry (a plain array: IPC cannot clone a reactive one). */
  send: (ids: string[]) => void
  /** Resolves once the named posts' pictures are measured, so `hasBadShape` can see their shape. */
  measured?: (ids: readonly string[]) => Promise<void>
  /** Resolves after `ms` (tests pass their own clock). */
  delay?: (ms: number) => Promise<void>
}

/** The longest a retry waits for its pictures' measures before it is decided on what is known. */
export const MEASURE_WAIT_MS = 3_000
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function useRetryHold(options: RetryHoldOptions) {
  const held = ref<string[] | null>(null)
  const blocked = (p: Schedule) => options.isDisconnected(p) || options.hasBadShape(p)
  const posts = computed(() => options.posts().filter((p) => held.value?.includes(scheduleIdOf(p))))

  const measuring = ref(false)

  /** Asks for a retry of `ids`: sent once its pictures are measured, or held when one cannot work as it is. */
  async function ask(ids: readonly string[]) {
    if (measuring.value) return
    if (options.measured) {
      measuring.value = true
      try {
        await Promise.race([options.measured(ids), (options.delay ?? sleep)(MEASURE_WAIT_MS)])
      } finally {
        measuring.value = false
      }
    }
    // Decided on the failed list as it is after the wait: a post retried elsewhere meanwhile, or gone with a
    // switch of profile, is no longer asked for.
    const asked = options.posts().filter((p) => ids.includes(scheduleIdOf(p)))
    if (asked.length === 0) return
    const live = asked.map(scheduleIdOf)
    if (asked.some(blocked)) held.value = live
    else options.send(live)
  }

  /** Ends the hold, sending `ids` (none: nothing is sent). */
  function release(ids: readonly string[] = []) {
    held.value = null
    if (ids.length) options.send([...ids])
  }

  return {
    /** Whether a request is held (a dialog's v-model: closing it sends nothing). */
    open: computed({
      get: () => held.value !== null,
      set: (open: boolean) => {
        if (!open) held.value = null
      },
    }),
    /** The held request's posts, and those of them a retry would fail for each reason. */
    posts,
    disconnected: computed(() => posts.value.filter(options.isDisconnected)),
    badShape: computed(() => posts.value.filter(options.hasBadShape)),
    /** The held posts nothing blocks. */
    others: computed(() => posts.value.filter((p) => !blocked(p)).map(scheduleIdOf)),
    /** A retry waits for its pictures' measures: the retry buttons say it is busy meanwhile. */
    measuring: computed(() => measuring.value),
    /** Every held id, for "Retry anyway". */
    all: computed(() => [...(held.value ?? [])]),
    ask,
    release,
  }
}
