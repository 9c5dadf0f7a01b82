// When the outbox is sent: on start, when the connection comes back, every `intervalMs` while something waits,
// and when the person asks ("send now"). Also turns store and run changes into OutboxState for the UI.
import { DRAFT_STATUSES } from '../../../common/drafts'
import type { DraftStatus, OutboxState } from '../../../common/drafts'
import type { ConnectionMonitor } from '../ports'
import type { DraftStore } from './draft-store'
import type { Outbox, SyncResult } from './outbox'

export interface OutboxRunnerDeps {
  outbox: Outbox
  store: DraftStore
  connection: Pick<ConnectionMonitor, 'isOnline' | 'check' | 'onChange'>
  /** The active profile: its drafts are the ones counted and waited for. */
  profileId: () => string
  now: () => Date
  intervalMs?: number
  onState(state: OutboxState): void
  /** A run that threw outside the outbox's own handling (a disk error): logged by the host, never lost. */
  onError?(error: unknown): void
}

export interface OutboxRunner {
  state(): OutboxState
  /**
   * The active profile changed: a run in flight is cancelled (its posts stay queued for their own profile),
   * the state is published for the new profile, and its queue is sent when online.
   */
  profileChanged(): Promise<void>
  /** Checks the connection and sends what waits, whatever the timer says. */
  sendNow(): Promise<OutboxState>
  start(): void
  /** Stops the timer, cancels a run in flight (its posts stay queued) and resolves once it has ended. */
  stop(): Promise<void>
  /**
   * Resolves once no work the runner started on its own (on start, on the timer, on reconnect) is in flight:
   * the point after which "nothing was sent" is a fact, not a guess about how long the work takes.
   */
  whenSettled(): Promise<void>
}

export const DEFAULT_SYNC_INTERVAL_MS = 60_000

export function createOutboxRunner(deps: OutboxRunnerDeps): OutboxRunner {
  const { outbox, store, connection, now, onState, profileId } = deps
  const intervalMs = deps.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS
  let timer: ReturnType<typeof setInterval> | undefined
  let nextSyncAt: number | null = null
  let unsubscribes: Array<() => void> = []
  let wasOnline = connection.isOnline()
  let abort = new AbortController()
  let running: Promise<unknown> | null = null
  const inFlight = new Set<Promise<void>>()

  function state(): OutboxState {
    const counts = Object.fromEntries(DRAFT_STATUSES.map((s) => [s, 0])) as Record<DraftStatus, number>
    Object.assign(counts, store.countsForProfile(profileId()))
    return {
      online: connection.isOnline(),
      sending: outbox.running,
      counts,
      lastSyncAt: store.lastSyncAt(),
      nextSyncAt: timer && nextSyncAt !== null ? new Date(nextSyncAt).toISOString() : null,
      ...(store.notice && store.notice.kind !== 'migrated' ? { storeNotice: store.notice } : {}),
    }
  }

  const publish = () => onState(state())

  function waiting(): boolean {
    const counts = store.countsForProfile(profileId())
    return Boolean(counts.queued || counts.sending)
  }

  async function sync(): Promise<SyncResult | null> {
    if (!waiting()) return null
    const run = outbox.sync(abort.signal)
    running = run
    publish()
    try {
      return await run
    } finally {
      running = null
      publish()
    }
  }

  function background(task: () => Promise<unknown>): void {
    const work: Promise<void> = task()
      .then(() => undefined)
      .catch((error: unknown) => deps.onError?.(error))
      .finally(() => inFlight.delete(work))
    inFlight.add(work)
  }

  async function tick(): Promise<void> {
    nextSyncAt = now().getTime() + intervalMs
    if (!waiting()) return
    if (!connection.isOnline()) await connection.check()
    if (connection.isOnline()) await sync()
  }

  return {
    state,
    async sendNow() {
      await connection.check().catch(() => undefined)
      // Even when the check said offline: the person asked, and a failed run records the reason per post.
      await sync()
      return state()
    },
    start() {
      if (timer) return
      abort = new AbortController()
      unsubscribes = [
        store.onChange(publish),
        connection.onChange((next) => {
          const online = next.status === 'online'
          if (online && !wasOnline) background(sync)
          wasOnline = online
          publish()
        }),
      ]
      nextSyncAt = now().getTime() + intervalMs
      timer = setInterval(() => background(tick), intervalMs)
      // The CLI and tests end when their work does; a pending outbox tick must not keep Node alive.
      timer.unref?.()
      if (connection.isOnline()) background(sync)
      else background(tick)
    },
    async profileChanged() {
      if (!timer) return publish()
      abort.abort()
      await running?.catch(() => undefined)
      abort = new AbortController()
      publish()
      if (connection.isOnline()) await sync()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      for (const unsubscribe of unsubscribes) unsubscribe()
      unsubscribes = []
      abort.abort()
      await running?.catch(() => undefined)
    },
    async whenSettled() {
      // A task may start another (a tick that finds the connection back): wait until none is left.
      while (inFlight.size > 0) await Promise.all(inFlight)
    },
  }
}
