// Who goes next: queued items start in order while fewer than LOOKAHEAD_ROUNDS x `concurrency` runs are ahead
// of their slot (before or in init, or initialised and waiting), and only the PUT holds one of `concurrency`
// transfer slots, first come first served. The lookahead bound is what keeps a presigned address from waiting
// long for its slot (DESIGN.md: no address expires before its PUT starts): at most two rounds of PUTs, and
// one older than addressMaxWaitMs is replaced anyway (./file-transfer.ts). Idleness is known here too: no run
// under way and nothing queued.
import { badConcurrency } from './upload-messages'
import type { Entry } from './upload-engine-types'

export interface QueueGate {
  /** Closing: nothing starts, and items left queued do not keep the queue from being idle. */
  closing: boolean
  /** The crash sweep of an earlier run's lost inits is under way: nothing starts, nothing is idle. */
  sweeping: boolean
  paused: boolean
}

export interface TransferQueue {
  /** Starts what may start now, then resolves the idle waiters if nothing is left to do. */
  pump(): void
  /** Waits for a transfer slot; resolves with its release, rejects when the signal aborts first. */
  acquireSlot(entry: Entry, signal: AbortSignal): Promise<() => void>
  /** The run took its slot (or ended): it no longer counts against the lookahead. */
  leaveAhead(entry: Entry): void
  /** A run ended, whatever its outcome. */
  runEnded(entry: Entry): void
  setConcurrency(n: number): void
  whenIdle(): Promise<void>
  /** Resolves every idle waiter now (close). */
  releaseIdleWaiters(): void
}

/**
 * With one round ahead, an init takes as long as a small file's PUT on a distant service, so any hiccup (an
 * fsync, a busy core) left a slot idle: 200 x 32 KiB at C = 4 took 1.31x of the bound at R = 150 ms and 1.67x
 * at R = 40 ms; with two rounds 1.23x and 1.61x (bench/run.ts --latency-only, same machine, load 9 to 16).
 */
const LOOKAHEAD_ROUNDS = 2

export function checkConcurrency(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 32) throw badConcurrency()
  return n
}

export function createTransferQueue(o: {
  entries: ReadonlyMap<string, Entry>
  concurrency: number
  gate: () => QueueGate
  /** Starts the run of a queued entry; the queue has already counted it as active and ahead. */
  start(entry: Entry): void
  /** Called before idle waiters are resolved (the last progress goes out first). */
  beforeIdle(): void
}): TransferQueue {
  let concurrency = checkConcurrency(o.concurrency)
  /** Runs in any phase: what idleness waits for. */
  let active = 0
  /** Runs that have not taken a transfer slot yet. */
  let ahead = 0
  /** Runs holding a transfer slot (their PUT). */
  let putting = 0
  const slotWaiters: { grant(): void; entry: Entry }[] = []
  let idleWaiters: (() => void)[] = []

  function pump(): void {
    const gate = o.gate()
    if (!gate.closing && !gate.sweeping && !gate.paused) {
      for (const entry of o.entries.values()) {
        if (ahead >= LOOKAHEAD_ROUNDS * concurrency) break
        if (entry.item.state === 'queued' && !entry.run) {
          active++
          ahead++
          entry.ahead = true
          o.start(entry)
        }
      }
    }
    checkIdle(gate)
  }

  function checkIdle(gate: QueueGate): void {
    if (active > 0 || gate.sweeping) return
    if (!gate.closing) for (const { item } of o.entries.values()) if (item.state === 'queued') return
    o.beforeIdle()
    releaseIdleWaiters()
  }

  function releaseIdleWaiters(): void {
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  function grantSlots(): void {
    while (putting < concurrency && slotWaiters.length > 0) {
      putting++
      slotWaiters.shift()!.grant()
    }
  }

  function leaveAhead(entry: Entry): void {
    if (!entry.ahead) return
    entry.ahead = false
    ahead--
    pump()
  }

  return {
    pump,
    leaveAhead,
    acquireSlot(entry, signal) {
      signal.throwIfAborted()
      let released = false
      const release = (): void => {
        if (released) return
        released = true
        putting--
        grantSlots()
      }
      if (putting < concurrency && slotWaiters.length === 0) {
        putting++
        return Promise.resolve(release)
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          entry,
          grant: () => {
            signal.removeEventListener('abort', onAbort)
            resolve(release)
          },
        }
        const onAbort = (): void => {
          const i = slotWaiters.indexOf(waiter)
          if (i !== -1) slotWaiters.splice(i, 1)
          reject(signal.reason)
        }
        signal.addEventListener('abort', onAbort, { once: true })
        slotWaiters.push(waiter)
      })
    },
    runEnded(entry) {
      active--
      leaveAhead(entry)
      pump()
    },
    setConcurrency(n) {
      concurrency = checkConcurrency(n)
      grantSlots()
      pump()
    },
    whenIdle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve)
        // Restored items start on the next turn; let pump() decide whether we are idle.
        queueMicrotask(pump)
      })
    },
    releaseIdleWaiters,
  }
}
