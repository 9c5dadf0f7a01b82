// One run at a time of a job that reads or sends, and one more after it when it was asked for meanwhile: the
// answer in flight may predate the reason it was asked again (a reply queued, a post scheduled), so that
// reason gets a run of its own, however many times it was asked during the first. The inbox's sending of
// replies and the account watch's check share this rule.

export interface CoalescedRun {
  /** Runs now, or, when a run is under way, asks for one more after it; resolves when the runs are over. */
  run(): Promise<void>
  /** Asks the run under way for one more after it; false (and nothing asked) when none is under way. */
  again(): boolean
}

/** `stopped()` is read before each run: once true, nothing new starts. */
export function coalescedRun(job: () => Promise<void>, stopped: () => boolean): CoalescedRun {
  let running: Promise<void> | null = null
  let again = false
  return {
    run() {
      if (stopped()) return Promise.resolve()
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        try {
          do {
            again = false
            await job()
          } while (again && !stopped())
        } finally {
          running = null
        }
      })()
      return running
    },
    again() {
      if (!running) return false
      again = true
      return true
    },
  }
}
