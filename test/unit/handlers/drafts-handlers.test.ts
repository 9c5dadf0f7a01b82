// The drafts handlers as the shell composes them: a real drafts file in the data folder, events through
// `emit`, validation refusals carrying every field, shutdown through onDispose.
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import type { EventName } from '../../../common/contract'
import { AppError } from '../../../common/errors'
import { draftHandlersOver } from '../../support/draft-handlers'
import type { HandlerDeps } from '../../../main/handlers/types'
import type { ActiveService } from '../../../main/core/ports'
import { NOW, sampleDraft, samplePost, tempDir } from '../core/drafts/helpers'
import { sqlOf } from '../../../main/core/db/handle'

let dir: string
let cleanup: () => Promise<void>
let events: Array<{ name: EventName; payload: unknown }>
let disposers: Array<() => void | Promise<void>>
let activeId: string
let activeListeners: Set<(active: ActiveService) => void>

const offline: ConnectionState = {
  status: 'offline',
  mode: 'sandbox',
  profileId: 'sandbox',
  profileName: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1',
  lastCheckedAt: null,
}

/** The active profile: its id is all the drafts handlers may use while offline. */
function active(): ActiveService {
  const unreachable = () => {
    throw new Error('no service while offline')
  }
  return {
    profileId: activeId,
    mode: 'sandbox',
    get client(): never {
      return unreachable()
    },
    get uploads(): never {
      return unreachable()
    },
  }
}

function switchTo(profileId: string): void {
  activeId = profileId
  for (const listener of activeListeners) listener(active())
}

function deps(): HandlerDeps {
  return {
    dataDir: dir,
    active,
    onActiveChanged: (listener) => {
      activeListeners.add(listener)
      return () => activeListeners.delete(listener)
    },
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
  activeId = 'sandbox'
  activeListeners = new Set()
})
afterEach(async () => {
  for (const dispose of disposers) await dispose()
  await cleanup()
})

describe('drafts handlers', () => {
  it('saves into the data folder, emits drafts:changed and outbox:changed, and flushes on dispose', async () => {
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
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
    const onDisk = openDatabase({ file: path.join(dir, DATABASE_FILE) })
    expect(sqlOf(onDisk).prepare('SELECT status FROM drafts').all()).toEqual([{ status: 'queued' }])
    onDisk.close()
  })

  it('refuses to queue with every bad field in the error data that crosses IPC', async () => {
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
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
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
    const draft = await handlers['drafts:save']({ post: samplePost(), localMedia: [] })
    await expect(handlers['drafts:resolve']({ id: draft.id, action: 'reschedule' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'scheduleAt',
    })
  })

  it('exports and imports through the same store, updating in place rather than adding a copy', async () => {
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
    await handlers['drafts:save']({ post: samplePost({ title: 'to export' }), localMedia: [] })
    const exported = await handlers['drafts:export']({ format: 'csv' })
    expect(exported.filename).toBe('mediadeck-drafts-2026-07-15.csv')
    const same = await handlers['drafts:import']({ format: 'csv', content: exported.content })
    expect(same).toMatchObject({ errors: [], imported: [], unchanged: 1 })
    const edited = exported.content.replace('to export', 'edited')
    const preview = await handlers['drafts:import-preview']({ format: 'csv', content: edited })
    expect(preview.counts).toEqual({ new: 0, updated: 1, unchanged: 0, conflict: 0 })
    const result = await handlers['drafts:import']({ format: 'csv', content: edited })
    expect(result.errors).toEqual([])
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.title)).toEqual(['edited'])
  })

  it("shows, edits and counts only the active profile's drafts, and has the page read them again on a switch", async () => {
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
    const sandboxDraft = await handlers['drafts:save']({
      post: samplePost({ title: 'sandbox' }),
      localMedia: [],
    })
    await handlers['drafts:schedule']({ id: sandboxDraft.id })
    expect(sandboxDraft.profileId).toBe('sandbox')

    events = []
    switchTo('real')
    const changed = events.filter((e) => e.name === 'drafts:changed').at(-1)?.payload
    expect(changed).toMatchObject({ reload: true, changed: [], removed: [] })
    expect(await handlers['drafts:list'](undefined)).toEqual([])
    expect((await handlers['drafts:snapshot'](undefined)).items).toEqual([])
    expect((await handlers['outbox:status'](undefined)).counts.queued).toBe(0)
    // Not reachable by id either: queueing or editing it here would send it through the wrong account.
    await expect(handlers['drafts:get']({ id: sandboxDraft.id })).rejects.toMatchObject({ kind: 'not-found' })
    const imported = await handlers['drafts:import']({
      format: 'json',
      content: JSON.stringify([{ description: 'imported', type: 'text' }]),
    })
    expect(imported.imported.map((d) => d.profileId)).toEqual(['real'])
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.description)).toEqual(['imported'])

    switchTo('sandbox')
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.title)).toEqual(['sandbox'])
    expect((await handlers['outbox:status'](undefined)).counts.queued).toBe(1)
  })

  it("assigns an older file's drafts to the profile active when it is first opened", async () => {
    const { writeFile } = await import('node:fs/promises')
    const v2 = { schemaVersion: 2, drafts: [sampleDraftV2()], sends: {}, lastSyncAt: null }
    await writeFile(path.join(dir, 'drafts.json'), JSON.stringify(v2))
    activeId = 'work'
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
    expect((await handlers['drafts:list'](undefined)).map((d) => [d.id, d.profileId])).toEqual([
      ['old', 'work'],
    ])
  })
})

function sampleDraftV2(): Record<string, unknown> {
  const { profileId: _written, ...draft } = sampleDraft({ id: 'old' })
  return draft
}

describe('one call for one intent', () => {
  /** The publisher's clock, moved by the test: each interval's changes are sent when it says. */
  function manualTimers() {
    let clock = 0
    const due = new Map<number, () => void>()
    let next = 0
    return {
      timers: {
        now: () => clock,
        setTimeout: (callback: () => void) => (due.set(++next, callback), next),
        clearTimeout: (handle: unknown) => void due.delete(handle as number),
      },
      /** Past the interval: whatever waits is sent. */
      pass() {
        clock += 1_000
        for (const [handle, callback] of [...due]) {
          due.delete(handle)
          callback()
        }
      },
    }
  }
  const draftChanges = () =>
    events
      .filter((e) => e.name === 'drafts:changed')
      .map((e) => e.payload as { changed: Array<{ id: string }> })

  it("saves and queues the composer's draft in one call; refused, it saves nothing and tells the page nothing", async () => {
    const time = manualTimers()
    const handlers = draftHandlersOver(deps(), { now: () => NOW, timers: time.timers })
    const draft = await handlers['drafts:save']({ post: samplePost(), localMedia: [] })
    time.pass()
    events = []
    const refused = await handlers['drafts:save']({
      id: draft.id,
      revision: draft.revision,
      post: samplePost({ title: 'edited', accountId: '' }),
      localMedia: [],
      queue: true,
    }).catch((e: unknown) => AppError.from(e).toJSON())
    expect(refused).toMatchObject({ kind: 'validation', field: 'accountId' })
    time.pass()
    expect(draftChanges()).toEqual([])
    expect(await handlers['drafts:get']({ id: draft.id })).toEqual(draft)

    const queued = await handlers['drafts:save']({
      id: draft.id,
      revision: draft.revision,
      post: samplePost({ title: 'edited' }),
      localMedia: [],
      queue: true,
    })
    expect(queued).toMatchObject({ status: 'queued', post: { title: 'edited' } })
    time.pass()
    expect(draftChanges().map((change) => change.changed.map((d) => d.id))).toEqual([[draft.id]])
  })

  it('schedules, moves, takes back and deletes many drafts, one change each, refusals per draft', async () => {
    const time = manualTimers()
    const handlers = draftHandlersOver(deps(), { now: () => NOW, timers: time.timers })
    const saved = await Promise.all(
      ['a', 'b', 'c'].map((title) =>
        handlers['drafts:save']({ post: samplePost({ title }), localMedia: [] }),
      ),
    )
    const stale = { id: saved[2]!.id, revision: 0 }
    const asked = [...saved.slice(0, 2).map(({ id, revision }) => ({ id, revision })), stale]
    time.pass()
    events = []
    const scheduled = await handlers['drafts:schedule-many']({ drafts: asked })
    expect(scheduled.changed.map((d) => d.status)).toEqual(['queued', 'queued'])
    // A refusal carries the draft as stored now, for the page to show at once.
    expect(scheduled.refused).toEqual([
      {
        id: stale.id,
        error: expect.objectContaining({ code: 'draft-changed-elsewhere' }),
        current: expect.objectContaining({ id: stale.id, revision: saved[2]!.revision }),
      },
    ])
    time.pass()
    expect(draftChanges()).toHaveLength(1)
    const ids = saved.map(({ id }) => ({ id }))
    const moved = await handlers['drafts:move-many']({
      drafts: ids.map(({ id }) => ({ id, scheduleAt: '2026-07-25T09:00:00.000Z' })),
    })
    expect(moved.changed.map((d) => [d.post.scheduleAt, d.status])).toEqual([
      ['2026-07-25T09:00:00.000Z', 'queued'],
      ['2026-07-25T09:00:00.000Z', 'queued'],
      ['2026-07-25T09:00:00.000Z', 'draft'],
    ])
    expect((await handlers['drafts:unschedule-many']({ drafts: ids })).changed.map((d) => d.status)).toEqual([
      'draft',
      'draft',
      'draft',
    ])
    expect((await handlers['drafts:delete-many']({ drafts: ids })).removed).toEqual(ids.map(({ id }) => id))
    expect(await handlers['drafts:list'](undefined)).toEqual([])
  })
})
