// What the host offers code that reads the service on its own (handlers, host modules): register a task once,
// and it runs on the active profile's scheduler, whichever profile that is (main/host/background.ts builds it;
// docs/background.md says how to register). A port here so that handlers, which may not import the host, can
// take it.
import type { ServiceClient } from '../service-client'
import type { BackgroundScheduler, BackgroundTask, ReadOptions, TaskContext } from './background-scheduler'

export interface HostTaskContext extends TaskContext {
  /** The profile the run is for (its data is kept under this id). */
  profileId: string
  /** The profile's client, each call counted against the budget (and waiting for it). */
  client: ServiceClient
}

export interface HostTask extends Omit<BackgroundTask, 'run'> {
  run(context: HostTaskContext): Promise<void>
}

/** A registered task, across profiles: the handle of the active profile's copy of it. */
export interface HostTaskHandle {
  poke(): void
  /** Runs now on the active profile; resolves when that run is over (at once when no profile is attached). */
  runNow(): Promise<void>
  nextRunAt(): number | null
  unregister(): void
}

export interface BackgroundProfile {
  profileId: string
  /** The client background reads go through: no retries of its own (the scheduler backs off), failures reported. */
  client: ServiceClient
}

export interface Background {
  register(task: HostTask): HostTaskHandle
  /**
   * `run` on the active profile's budget (BackgroundScheduler.read): it calls `request` before each request it
   * makes with a client of its own (the probe's short timeouts). With no profile attached, or its scheduler
   * stopped by a switch meanwhile, `request` lets the request go uncounted: a switch never fails a read.
   */
  read<T>(run: (request: () => Promise<void>) => Promise<T>, options?: ReadOptions): Promise<T>
  /** The active profile changed (or the first one is ready): the previous scheduler stops, a new one runs. */
  attach(profile: BackgroundProfile): Promise<void>
  /** The active profile's scheduler (tests, diagnostics); null before the first profile and after close. */
  scheduler(): BackgroundScheduler | null
  close(): Promise<void>
}
