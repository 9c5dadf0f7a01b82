// 429 from the real sandbox (its `rateLimitRate` fault answers with `Retry-After: 1`, or the value set in
// `rateLimitRetryAfter`): a GET is retried by the service client after the wait the server asked for, and a
// throttled PUT is sent again from the first byte. A wait beyond MAX_RETRY_AFTER_MS is not made: the call
// fails at once saying when to try again, and closing a client ends the waits it has.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Agent } from 'undici'
import type { Dispatcher } from 'undici'
import { MAX_RETRY_AFTER_MS } from '../../../main/core/http/backoff'
import { createServiceClient } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import type { UploadEngine } from '../../../main/core/uploads/upload-engine'
import { AppError } from '../../../common/errors'
import { USERS, sha256Of, startHarness } from './sandbox-harness'
import type { Harness } from './sandbox-harness'
import { CLI_BIN } from '../support/cli-bin'

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

/** HH:MM of `iso` in local time, as the message says it. */
function localHhMm(iso: string): string {
  const at = new Date(iso)
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
}

describe('a Retry-After too long to wait for', () => {
  it('fails a GET at once with "try again at HH:MM" and the moment, without retrying', async () => {
    const statuses: number[] = []
    // The default retry policy (3 retries): were the wait honoured, this would sit for 100,000 s.
    const c = createServiceClient({
      baseUrl: h.sandbox.url,
      ...USERS.main,
      dispatcher: watchedAgent((status) => statuses.push(status)),
    })
    closers.push(() => c.close())
    h.sandbox.setFaults({ rateLimitRate: 1, rateLimitRetryAfter: '100000' })
    const before = Date.now()
    const error = await c.storageStatistic().then(
      () => undefined,
      (e: unknown) => e as AppError,
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 100_000_000 })
    const retryAt = Date.parse(error!.retryAt!)
    expect(retryAt).toBeGreaterThanOrEqual(before + 100_000_000 - 1000)
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 100_000_000 + 1000)
    expect(error!.message).toContain(`rate limited, try again at ${localHhMm(error!.retryAt!)}`)
    expect(error!.toJSON()).toMatchObject({ retryAt: error!.retryAt })
    expect(statuses).toEqual([429])
  })

  it('treats a far-future date and an absurd number alike: no timer overflow, no instant retries', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      for (const value of ['Fri, 01 Jan 2100 00:00:00 GMT', '9'.repeat(400)]) {
        const statuses: number[] = []
        const c = createServiceClient({
          baseUrl: h.sandbox.url,
          ...USERS.main,
          dispatcher: watchedAgent((status) => statuses.push(status)),
        })
        closers.push(() => c.close())
        h.sandbox.setFaults({ rateLimitRate: 1, rateLimitRetryAfter: value })
        await expect(c.storageStatistic()).rejects.toMatchObject({
          kind: 'rate-limited',
          message: expect.stringMatching(/rate limited, try again at \d\d:\d\d/),
          retryAt: expect.any(String),
        })
        expect(statuses).toEqual([429])
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.map((w) => w.name)).not.toContain('TimeoutOverflowWarning')
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('fails a throttled PUT at once instead of sleeping, with the same message', async () => {
    const c = client()
    const f = h.file('throttled-long.bin', 64 * 1024)
    const waits: number[] = []
    const throttled: typeof c = {
      ...c,
      initFile: async (req, o) => {
        const result = await c.initFile(req, o)
        h.sandbox.setFaults({ rateLimitRate: 1, rateLimitRetryAfter: '100000' })
        return result
      },
    }
    const engine: UploadEngine = createUploadEngine({
      client: throttled,
      journalPath: join(h.dir, 'throttled-long.jsonl'),
      delays: { baseMs: 5, maxMs: 20, sleep: async (ms) => void waits.push(ms) },
    })
    closers.push(() => engine.close())
    const item = await engine.uploadOne(f.path)
    expect(item).toMatchObject({
      state: 'failed',
      error: { kind: 'rate-limited', message: expect.stringMatching(/rate limited, try again at \d\d:\d\d/) },
    })
    expect(waits).toEqual([])
  })

  it('`cli stats` exits 1 at once with the time to try again on stderr', async () => {
    h.sandbox.setFaults({ rateLimitRate: 1, rateLimitRetryAfter: '100000' })
    const child = spawn(process.execPath, [CLI_BIN, 'stats'], {
      env: {
        ...process.env,
        MEDIADECK_BASE_URL: h.sandbox.url,
        MEDIADECK_ACCESS_KEY: USERS.main.accessKey,
        MEDIADECK_SECRET_KEY: USERS.main.secretKey,
        MEDIADECK_DATA_DIR: join(h.dir, 'cli-data'),
      },
    })
    // Before the fix it sleeps for 100,000 s: never leave it running past this test.
    closers.push(async () => void child.kill('SIGKILL'))
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(stderr).toMatch(/rate limited, try again at \d\d:\d\d/)
    expect(code).toBe(1)
  })
})

describe('closing a client', () => {
  it('ends a retry sleeping on Retry-After: close() resolves promptly and the call is cancelled', async () => {
    let throttledOnce!: () => void
    const throttled = new Promise<void>((resolve) => (throttledOnce = resolve))
    // Within the bound (30 s): the client does wait for it, unless closed.
    h.sandbox.setFaults({ rateLimitRate: 1, rateLimitRetryAfter: String(MAX_RETRY_AFTER_MS / 2000) })
    const c = createServiceClient({
      baseUrl: h.sandbox.url,
      ...USERS.main,
      dispatcher: watchedAgent((status) => status === 429 && throttledOnce()),
    })
    const call = c.storageStatistic().then(
      () => undefined,
      (e: unknown) => e,
    )
    // The 429 has reached the client: from here it sleeps before its retry.
    await throttled
    const started = Date.now()
    await c.close()
    const error = await call
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(error).toMatchObject({ kind: 'cancelled' })
  })
})
