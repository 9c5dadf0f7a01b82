// Hostile payloads at every contract call, through the real dispatch of a real AppHost on the embedded
// sandbox: wrong types, huge texts, deep nesting, prototype keys, NaN, values no JSON carries. Invariant: each
// call answers a correct result or a clear AppError (never a bug's `internal`), nothing rejects or throws out
// of the dispatch, and a draft saved before is still there, unchanged, after.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALL_NAMES, type CallName } from '../../common/contract'
import type { Draft } from '../../common/drafts'
import { ERROR_KINDS } from '../../common/errors'
import { emptyScheduleRequest } from '../../common/service'
import { createAppHost, type AppHost } from '../../main/host/app-host'
import { dispatchCall } from '../../main/host/dispatch'

let root: string
let host: AppHost
let kept: Draft

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sec-fuzz-'))
  host = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    // As in the app: a dialog and a browser exist (here they pick nothing and open nothing).
    platform: { pickFiles: async () => [], openExternal: async () => {} },
    service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
  })
  kept = await host.call('drafts:save', {
    post: { ...emptyScheduleRequest(), description: 'saved before the fuzz', accountId: '', scheduleAt: '' },
    localMedia: [],
  })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

const later = new Date(Date.now() + 86_400_000).toISOString()
const draftPost = { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }

/** A valid request per call where one is an object: the fuzz mutates members of these. */
const EXAMPLES: Partial<Record<CallName, Record<string, unknown>>> = {
  'settings:update': { uploadConcurrency: 2, language: 'en', theme: 'dark' },
  'profiles:save': { name: 'p', baseUrl: 'http://127.0.0.1:9', accessKey: 'a', secretKey: 'b' },
  'profiles:test': { baseUrl: 'http://127.0.0.1:9', accessKey: 'a', secretKey: 'b' },
  'accounts:list': { types: ['facebook'], search: 'x' },
  'storage:files': { page: 1, limit: 10, search: 'x' },
  'storage:delete': { ids: ['nope'] },
  'automations:list': { page: 1, limit: 10 },
  'schedules:list': { from: new Date().toISOString(), to: later },
  'schedules:update': { id: 'nope', post: { ...emptyScheduleRequest(), accountId: 'a', scheduleAt: later } },
  'drafts:save': { post: draftPost, localMedia: [] },
  'drafts:resolve': { id: 'nope', action: 'keep-draft' },
  'drafts:import': { format: 'json', content: '[]' },
  'drafts:export': { format: 'csv' },
  'uploads:start': { paths: ['/etc/passwd'] },
  'drafts:get': { id: 'nope' },
  'drafts:schedule-many': { drafts: [{ id: 'nope', revision: 1 }] },
  'drafts:move-many': { drafts: [{ id: 'nope', scheduleAt: later }] },
}

function nested(depth: number): unknown {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty')
/** Values a page could send (JSON), and what only an in-process or structured-clone caller could. */
const hostile = fc.oneof(
  fc.anything({
    key: fc.oneof(fc.string({ maxLength: 12 }), protoKey),
    maxDepth: 4,
    withNullPrototype: true,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withObjectString: true,
  }),
  fc.constantFrom<unknown>(
    NaN,
    Infinity,
    -0,
    '',
    'x'.repeat(3_000_000),
    // Deep enough to overflow a recursive walk (JSON.stringify, zod) on Node's default stack.
    nested(12_000),
    Array.from({ length: 200_000 }, () => 0),
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    [],
    null,
  ),
)

/** A member of a valid example replaced (or added) with a hostile value: gets past the first checks. */
function mutated(name: CallName): fc.Arbitrary<unknown> {
  const example = EXAMPLES[name]
  if (!example) return hostile
  const set = (target: object, key: string, value: unknown) =>
    Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
  const post = example.post as Record<string, unknown> | undefined
  const topLevel = fc.tuple(fc.constantFrom(...Object.keys(example), '__proto__', 'extra'), hostile)
  const options: Array<fc.Arbitrary<unknown>> = [
    topLevel.map(([key, value]) => set({ ...example }, key, value)),
  ]
  if (post) {
    const inPost = fc.tuple(fc.constantFrom(...Object.keys(post), '__proto__', 'extra'), hostile)
    options.push(
      inPost.map(([key, value]) => ({ ...example, post: set({ ...post }, key, value) })),
      // A post's lists hold hostile members too: a reply, a media.
      hostile.map((value) => ({ ...example, post: { ...post, replies: [value] } })),
      hostile.map((value) => ({ ...example, post: { ...post, medias: [value] } })),
    )
  }
  return fc.oneof(...options)
}

const call = fc
  .constantFrom(...CALL_NAMES)
  .chain((name) => fc.tuple(fc.constant(name), fc.oneof(hostile, mutated(name), fc.constant(EXAMPLES[name]))))

describe('every contract call under hostile payloads', () => {
  it('answers a result or a clear AppError, and loses nothing saved before', async () => {
    await fc.assert(
      fc.asyncProperty(call, async ([name, request]) => {
        const result = await dispatchCall(host.handlers, name, request)
        if (result.ok) return
        expect(ERROR_KINDS).toContain(result.error.kind)
        expect(typeof result.error.message).toBe('string')
        expect(result.error.message.length).toBeGreaterThan(0)
        // `internal` is a bug: a payload must be refused or served, never break a handler.
        expect(result.error, `${name} ${JSON.stringify(result.error)}`).not.toMatchObject({
          kind: 'internal',
        })
      }),
      { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? 20261124), interruptAfterTimeLimit: 12_000 },
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const after = await host.call('drafts:get', { id: kept.id })
    expect(after.post).toEqual(kept.post)
    expect(after.localMedia).toEqual(kept.localMedia)
  })
})
