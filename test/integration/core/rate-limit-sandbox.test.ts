// 429 from the real sandbox (its `rateLimitRate` fault answers with `Retry-After: 1`): a GET is retried by the
// service client after the wait the server asked for, and a throttled PUT is sent again from the first byte.
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Agent } from 'undici'
import type { Dispatcher } from 'undici'
import { createServiceClient } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import type { UploadEngine } from '../../../main/core/uploads/upload-engine'
import { USERS, sha256Of, startHarness } from './sandbox-harness'
import type { Harness } from './sandbox-harness'

let h: Harness
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})
afterEach(async () => {
  h.sandbox.setFaults({})
  for (const close of closers.splice(0)) await close()
})

/** An Agent that reports the status of every answer, attempt by attempt (the client's retries sit above it). */
function watchedAgent(onStatus: (status: number) => void): Dispatcher {
  const agent = new Agent()
  closers.push(() => agent.close())
  return agent.compose(
    (dispatch) => (opts, handler) =>
      dispatch(
        opts,
        new Proxy(handler, {
          get(target, prop) {
            const value: unknown = Reflect.get(target, prop)
            if (typeof value !== 'function') return value
            if (prop === 'onResponseStart')
              return (controller: unknown, status: number, ...rest: unknown[]) => {
                onStatus(status)
                return value.call(target, controller, status, ...rest)
              }
            if (prop === 'onHeaders')
              return (status: number, ...rest: unknown[]) => {
                onStatus(status)
                return value.call(target, status, ...rest)
              }
            return value.bind(target)
          },
        }),
      ),
  )
}

function client(dispatcher?: Dispatcher): ServiceClient {
  // Backoff capped at 20 ms: any wait near a second can only be the server's Retry-After.
  const c = createServiceClient({
    baseUrl: h.sandbox.url,
    ...USERS.main,
    retry: { minDelayMs: 5, maxDelayMs: 20 },
    dispatcher,
  })
  closers.push(() => c.close())
  return c
}

describe('429 from the sandbox', () => {
  it('a GET answered 429 is retried after the Retry-After wait, and succeeds', async () => {
    const answers: { status: number; at: number }[] = []
    const c = client(
      watchedAgent((status) => {
        answers.push({ status, at: Date.now() })
        // The service recovers once it has throttled us once.
        if (status === 429) h.sandbox.setFaults({})
      }),
    )
    h.sandbox.setFaults({ rateLimitRate: 1 })
    const stat = await c.storageStatistic()
    expect(stat.usage.total).toBe(8 * 1024 ** 3)
    expect(answers.map((a) => a.status)).toEqual([429, 200])
    // Retry-After: 1 — a lower bound only, which a slow machine cannot break.
    expect(answers[1]!.at - answers[0]!.at).toBeGreaterThanOrEqual(990)
  })

  it('a GET still answered 429 after every retry fails as rate-limited with the wait asked for', async () => {
    const c = createServiceClient({
      baseUrl: h.sandbox.url,
      ...USERS.main,
      // No waiting between tries here: the point is the final error, not the wait.
      retry: { maxRetries: 0 },
    })
    closers.push(() => c.close())
    h.sandbox.setFaults({ rateLimitRate: 1 })
    await expect(c.storageStatistic()).rejects.toMatchObject({
      kind: 'rate-limited',
      status: 429,
      code: 429,
      retryAfterMs: 1000,
      message: expect.stringMatching(/too many requests/),
    })
  })

  it('a PUT answered 429 by the storage is sent again from the start after Retry-After, bytes intact', async () => {
    const c = client()
    const f = h.file('throttled.bin', 2 * 2 ** 20 + 11)
    const waits: number[] = []
    const throttled: typeof c = {
      ...c,
      // Throttle only the storage: turned on once init has answered, off when the engine waits to retry.
      initFile: async (req, o) => {
        const result = await c.initFile(req, o)
        h.sandbox.setFaults({ rateLimitRate: 1 })
        return result
      },
    }
    const engine: UploadEngine = createUploadEngine({
      client: throttled,
      journalPath: join(h.dir, 'throttled.jsonl'),
      delays: {
        baseMs: 5,
        maxMs: 20,
        sleep: async (ms) => {
          waits.push(ms)
          h.sandbox.setFaults({})
        },
      },
    })
    closers.push(() => engine.close())
    const item = await engine.uploadOne(f.path)
    expect(item).toMatchObject({ state: 'done', attempts: 2, bytesSent: item.size })
    // The wait was the server's Retry-After (1 s), not the 20 ms backoff cap.
    expect(waits).toEqual([1000])
    expect(await sha256Of(item.url!)).toBe(f.sha256)
    const stored = await c.getFile(item.fileId!)
    expect(stored).toMatchObject({ status: 'success', size: 2 * 2 ** 20 + 11 })
  })
})
