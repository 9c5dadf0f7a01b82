// The drafts handlers as the shell composes them: a real drafts file in the data folder, events through
// `emit`, validation refusals carrying every field, shutdown through onDispose.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import type { EventName } from '../../../common/contract'
import { AppError } from '../../../common/errors'
import { createDraftHandlers } from '../../../main/handlers/drafts-handlers'
import type { HandlerDeps } from '../../../main/handlers/types'
import { NOW, samplePost, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
let events: Array<{ name: EventName; payload: unknown }>
let disposers: Array<() => void | Promise<void>>

const offline: ConnectionState = {
  status: 'offline',
  mode: 'sandbox',
  profileId: 'sandbox',
  profileName: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1',
  lastCheckedAt: null,
}

function deps(): HandlerDeps {
  return {
    dataDir: dir,
    active: () => {
      throw new Error('no service while offline')
    },
    onActiveChanged: () => () => undefined,
    connection: {
      current: () => offline,
      isOnline: () => false,
      check: async () => offline,
      onChange: () => () => undefined,
    },
    emit: (name, payload) => void events.push({ name, payload }),
    onDispose: (dispose) => void disposers.push(dispose),
  }
}

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
  events = []
  disposers = []
})
afterEach(async () => {
  for (const dispose of disposers) await dispose()
  await cleanup()
})

describe('drafts handlers', () => {
  it('saves into the data folder, emits drafts:changed and outbox:changed, and flushes on dispose', async () => {
    const handlers = createDraftHandlers(deps(), { now: () => NOW })
    const draft = await handlers['drafts:save']({ post: samplePost(), localMedia: [] })
    expect(events.some((e) => e.name === 'drafts:changed')).toBe(true)
    const queued = await handlers['drafts:schedule']({ id: draft.id })
    expect(queued.status).toBe('queued')
    const outbox = events.filter((e) => e.name === 'outbox:changed').at(-1)?.payload as {
      counts: { queued: number }
    }
    expect(outbox.counts.queued).toBe(1)
    expect(await handlers['outbox:status'](undefined)).toMatchObject({ online: false, counts: { queued: 1 } })
    expect(disposers).toHaveLength(1)
    for (const dispose of disposers.splice(0)) await dispose()
    const onDisk = JSON.parse(await readFile(path.join(dir, 'drafts.json'), 'utf8'))
    expect(onDisk.drafts.map((d: { status: string }) => d.status)).toEqual(['queued'])
  })

  it('refuses to queue with every bad field in the error data that crosses IPC', async () => {
    const handlers = createDraftHandlers(deps(), { now: () => NOW })
    const draft = await handlers['drafts:save']({
      post: samplePost({ accountId: '', scheduleAt: '' }),
      localMedia: [],
    })
    const error = await handlers['drafts:schedule']({ id: draft.id }).catch((e: unknown) => e)
    const data = AppError.from(error).toJSON() as unknown as {
      kind: string
      field: string
      fields: unknown[]
    }
    expect(data).toMatchObject({ kind: 'validation', field: 'accountId' })
    expect(data.fields).toEqual([
      { field: 'accountId', message: expect.any(String), code: 'account-required' },
      { field: 'scheduleAt', message: expect.any(String), code: 'time-required' },
    ])
  })

  it('asks for the new time when resolving by reschedule without one', async () => {
    const handlers = createDraftHandlers(deps(), { now: () => NOW })
    const draft = await handlers['drafts:save']({ post: samplePost(), localMedia: [] })
    await expect(handlers['drafts:resolve']({ id: draft.id, action: 'reschedule' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'scheduleAt',
    })
  })

  it('exports and imports through the same store', async () => {
    const handlers = createDraftHandlers(deps(), { now: () => NOW })
    await handlers['drafts:save']({ post: samplePost({ title: 'to export' }), localMedia: [] })
    const exported = await handlers['drafts:export']({ format: 'csv' })
    expect(exported.filename).toBe('mediadeck-drafts-2026-07-15.csv')
    const result = await handlers['drafts:import']({ format: 'csv', content: exported.content })
    expect(result.errors).toEqual([])
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.title)).toEqual([
      'to export',
      'to export',
    ])
  })
})
