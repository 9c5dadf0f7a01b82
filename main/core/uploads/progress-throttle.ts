// The one progress throttle: runs a job at most once per interval on the injected clock, however often it is
// asked for, and never drops the last ask. The engine's progress feed (./progress-feed.ts) runs on it, so the
// app's IPC events and the CLI's progress bar see the same ~10 messages a second (DESIGN.md: "at most ~10
// messages a second in total"), batched once rather than once in the engine and again in the host.
export interface ThrottleOptions {
  intervalMs: number
  now: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export interface Throttle {
  /** Runs the job once the interval since its last run has passed; asks meanwhile share that run. */
  request(): void
  /** Runs the job now (a final state must not wait), cancelling the one scheduled. */
  flush(): void
  /** Cancels a scheduled run without running it. */
  cancel(): void
}

/** `job` says whether it sent anything: a run with nothing to send does not start a new interval. */
export function createThrottle(options: ThrottleOptions, job: () => boolean): Throttle {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>))
  let timer: unknown
  let lastRun = -Infinity
  const cancel = (): void => {
    if (timer === undefined) return
    clearTimer(timer)
    timer = undefined
  }
  const flush = (): void => {
    cancel()
    const at = options.now()
    if (job()) lastRun = at
  }
  return {
    request() {
      if (timer !== undefined) return
      // Even with no wait the run goes on a timer: changes made in the same turn share one message.
      timer = setTimer(flush, Math.max(0, lastRun + options.intervalMs - options.now()))
    },
    flush,
    cancel,
  }
}
