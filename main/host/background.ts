// The active profile's background scheduler (main/core/scheduler/background-scheduler.ts), kept across profile
// switches: a task is registered once, for the life of the host, and runs on whichever profile is active. A
// switch stops the previous profile's scheduler whole (its runs aborted, no timer left) before the next one
// starts every task afresh, with its own budget. A run reads through `context.client`, the profile's client
// whose every call takes one request from the budget first: a task cannot forget to count. docs/background.md
// says how to register one.
export type {
  Background,
  BackgroundProfile,
  HostTask,
  HostTaskContext,
  HostTaskHandle,
} from '../core/scheduler/background-port'
import { AppError } from '../../common/errors'
import {
  createBackgroundScheduler,
  type BackgroundScheduler,
  type SchedulerClock,
} from '../core/scheduler/background-scheduler'
import type { Background, BackgroundProfile, HostTask } from '../core/scheduler/background-port'
import type { ConnectionTarget, Logger } from '../core/ports'
import type { ServiceClient } from '../core/service-client'

export const realSchedulerClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms)
    // Background reads alone must not keep a CLI or a test process alive.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** `client` with each call taking one request of the budget before it goes. */
export function budgetedClient(client: ServiceClient, request: () => Promise<void>): ServiceClient {
  const wrapped = new Map<PropertyKey, unknown>()
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof value !== 'function' || key === 'close' || key === 'then') return value
      if (!wrapped.has(key)) {
        wrapped.set(key, async (...args: unknown[]) => {
          await request()
          return (await Reflect.apply(value as (...a: unknown[]) => unknown, target, args)) as unknown
        })
      }
      return wrapped.get(key)
    },
  })
}

/**
 * The connection probe as a read the app makes on its own: each probe is counted in the active profile's
 * budget, and a Retry-After it meets holds every task. It never waits for the budget: the service coming back
 * must be seen within 10 s (main/core/connection/connection-monitor.ts).
 */
export function budgetedTarget(background: Background, target: ConnectionTarget): ConnectionTarget {
  return {
    ...target,
    probe: () =>
      background.read(
        async (request) => {
          await request()
          await target.probe()
        },
        { wait: false },
      ),
  }
}

export interface BackgroundOptions {
  clock?: SchedulerClock
  /** Most requests a minute across the profile's tasks (default 60). */
  limit?: number
  log: Logger
}

export function createBackground(o: BackgroundOptions): Background {
  const clock = o.clock ?? realSchedulerClock
  const tasks = new Map<string, HostTask>()
  /** The active profile's scheduler and its handles, by task name. */
  let active: {
    scheduler: BackgroundScheduler
    profile: BackgroundProfile
    handles: Map<string, ReturnType<BackgroundScheduler['register']>>
  } | null = null
  let closed = false

  function start(task: HostTask): void {
    if (!active) return
    const { profile, scheduler } = active
    active.handles.set(
      task.name,
      scheduler.register({
        ...task,
        run: (context) =>
          task.run({
            ...context,
            profileId: profile.profileId,
            client: budgetedClient(profile.client, context.request),
          }),
      }),
    )
  }

  return {
    register(task) {
      if (closed) throw new AppError({ kind: 'cancelled', message: 'the app is closing' })
      if (tasks.has(task.name)) throw new Error(`a background task named ${task.name} is registered`)
      tasks.set(task.name, task)
      start(task)
      const handle = () => active?.handles.get(task.name)
      return {
        poke: () => handle()?.poke(),
        runNow: () => handle()?.runNow() ?? Promise.resolve(),
        nextRunAt: () => handle()?.nextRunAt() ?? null,
        unregister() {
          if (tasks.get(task.name) !== task) return
          tasks.delete(task.name)
          handle()?.unregister()
          active?.handles.delete(task.name)
        },
      }
    },
    async attach(profile) {
      const previous = active
      active = null
      await previous?.scheduler.stop()
      if (closed) return
      active = {
        profile,
        scheduler: createBackgroundScheduler({
          clock,
          limit: o.limit,
          onError: (task, error) =>
            o.log.warn(`background: ${task} failed (${error.kind}) for ${profile.profileId}`, error.message),
        }),
        handles: new Map(),
      }
      for (const task of tasks.values()) start(task)
    },
    read(run, options) {
      const scheduler = active?.scheduler
      if (!scheduler) return run(async () => undefined)
      return scheduler.read(
        ({ request }) =>
          run(() =>
            request().catch((error: unknown) => {
              if (AppError.from(error).kind !== 'cancelled') throw error
            }),
          ),
        options,
      )
    },
    scheduler: () => active?.scheduler ?? null,
    async close() {
      closed = true
      const previous = active
      active = null
      await previous?.scheduler.stop()
    },
  }
}
