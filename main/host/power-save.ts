// Keeping the machine awake while uploads run: a laptop that sleeps mid-transfer stalls every PUT, and the
// queue waits for the person to come back. The hold starts when the queue has work (a transfer under way or
// waiting its turn) and ends when it has none, followed from the upload engine's own progress events. The
// blocker itself (Electron's powerSaveBlocker) is behind a port: main/app/power-save.ts wires it.
import type { UploadProgressEvent, UploadTotals } from '../../common/uploads'
import type { EventHub } from './event-hub'
import type { Logger } from '../core/ports'

export interface PowerSaveBlockerPort {
  /** Starts a hold; answers its id. */
  start(type: 'prevent-app-suspension'): number
  stop(id: number): void
}

/** Whether the queue has work that a sleeping machine would hold up. */
export function queueNeedsAwake(totals: Pick<UploadTotals, 'active' | 'queued'>): boolean {
  return totals.active + totals.queued > 0
}

export interface PowerSaveHold {
  holding(): boolean
  /** Stops following the events and releases any hold. */
  stop(): void
}

export function holdAwakeWhileUploading(deps: {
  events: Pick<EventHub, 'subscribe'>
  blocker: PowerSaveBlockerPort
  /** The queue's totals now: uploads resumed at start are already running before any event. */
  initial: Pick<UploadTotals, 'active' | 'queued'>
  log?: Pick<Logger, 'warn'>
}): PowerSaveHold {
  let id: number | undefined
  const apply = (needed: boolean): void => {
    try {
      if (needed && id === undefined) id = deps.blocker.start('prevent-app-suspension')
      else if (!needed && id !== undefined) {
        const held = id
        id = undefined
        deps.blocker.stop(held)
      }
    } catch (error) {
      // Sleeping is the worst that follows; the uploads themselves go on.
      deps.log?.warn('could not change the hold that keeps the machine awake during uploads', error)
    }
  }
  apply(queueNeedsAwake(deps.initial))
  const unsubscribe = deps.events.subscribe((name, payload) => {
    if (name !== 'uploads:progress') return
    apply(queueNeedsAwake((payload as UploadProgressEvent).totals))
  })
  return {
    holding: () => id !== undefined,
    stop() {
      unsubscribe()
      apply(false)
    },
  }
}
