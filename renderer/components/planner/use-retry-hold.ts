// A retry that cannot work is held before it is tried: a post of a disconnected account fails again at once,
// and so does one whose picture or text breaks its network's rule as it stands (use-failed-fixes.ts). Asking
// to retry such a post (alone or among others) holds the whole request: the person is told why, and chooses to
// fix it, to retry only the others, or to retry anyway. A request with nothing blocked goes straight on.
import { computed, ref } from 'vue'
import type { Schedule } from '../../../common/service'

export interface RetryHoldOptions {
  /** The posts a request may name (the failed list as shown). */
  posts: () => readonly Schedule[]
  isDisconnected: (post: Schedule) => boolean
  /** Its shape breaks its network's rule as it stands: refused again if sent unchanged. */
  hasBadShape: (post: Schedule) => boolean
  /** Sends the retry (a plain array: IPC cannot clone a reactive one). */
  send: (ids: string[]) => void
}

const idOf = (p: Schedule) => p.id ?? p._id

export function useRetryHold(options: RetryHoldOptions) {
  const held = ref<string[] | null>(null)
  const blocked = (p: Schedule) => options.isDisconnected(p) || options.hasBadShape(p)
  const posts = computed(() => options.posts().filter((p) => held.value?.includes(idOf(p))))

  /** Asks for a retry of `ids`: sent at once, or held when one of them cannot work as it is. */
  function ask(ids: readonly string[]) {
    if (options.posts().some((p) => ids.includes(idOf(p)) && blocked(p))) held.value = [...ids]
    else options.send([...ids])
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
    others: computed(() => posts.value.filter((p) => !blocked(p)).map(idOf)),
    /** Every held id, for "Retry anyway". */
    all: computed(() => [...(held.value ?? [])]),
    ask,
    release,
  }
}
