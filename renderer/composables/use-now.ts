import { getCurrentScope, onScopeDispose, readonly, ref, type Ref } from 'vue'

// The clock of every relative time on the page ("5 minutes ago", a queued post now late): it ticks while what
// shows one is there, so what is said grows with the time instead of staying as it was first drawn. Each user
// has its own (a handful on a page: the notices, the planner's store), stopped with its scope.

/** How often the shown times move on: a relative time is said to the minute, so a few ticks a minute suffice. */
export const NOW_TICK_MS = 15_000

/** The time now (ms), moving every NOW_TICK_MS until the calling component or store goes. */
export function useNow(): Readonly<Ref<number>> {
  const now = ref(Date.now())
  // Outside a component or a store nothing would stop it: the time at the call, not ticking.
  if (getCurrentScope()) {
    const timer = setInterval(() => (now.value = Date.now()), NOW_TICK_MS)
    onScopeDispose(() => clearInterval(timer))
  }
  return readonly(now)
}
