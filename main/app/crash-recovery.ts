// What to do when the renderer process dies (`render-process-gone`), without Electron: the first crash reloads
// the window (the queue, drafts and outbox live in main, so nothing is lost); a second one within a minute
// means reloading would crash again, so the person is offered a restart or the diagnostics instead.

export type CrashAction = 'reload' | 'offer-restart' | 'ignore'

/** Reasons that are not crashes: the window was closed or the process ended on purpose. */
const NOT_A_CRASH = new Set(['clean-exit'])

export function createCrashRecovery(options: { now?: () => number; windowMs?: number } = {}) {
  const now = options.now ?? Date.now
  const windowMs = options.windowMs ?? 60_000
  let lastCrashAt: number | undefined
  return {
    onGone(reason: string): CrashAction {
      if (NOT_A_CRASH.has(reason)) return 'ignore'
      const at = now()
      const recent = lastCrashAt !== undefined && at - lastCrashAt < windowMs
      lastCrashAt = at
      return recent ? 'offer-restart' : 'reload'
    },
  }
}
