// The snippets:* calls as a transport runs them (main/host/dispatch.ts: shape, the contract's schema, the
// handler) over a real database file, with a second connection standing for the CLI. Changes are announced as
// changes (the snippets changed, the ids removed, numbered), never as the whole list; their events run on the
// test's clock.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { EmittedPayload, EventName, EventPayloads } from '../../../common/contract'
import { MAX_SNIPPET_BODY } from '../../../common/snippets'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { createSnippetStore } from '../../../main/core/snippets/snippet-store'
import { createSnippetHandlers } from '../../../main/handlers/snippet-handlers'
import type { Handlers } from '../../../main/handlers/types'
import { dispatchCall } from '../../../main/host/dispatch'
import { LIST_CHANGES_INTERVAL_MS } from '../../../main/core/list-publisher'
import { manualClock } from '../../support/manual-clock'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-snippet-calls-')), 'mediadeck.db')
  const open = () => {
    const database = openDatabase({ file })
    opened.push(database)
    return database
  }
  const database = open()
  const events: Array<EventPayloads['snippets:changed']> = []
  const disposers: Array<() => unknown> = []
  let tick: () => void = () => {}
  let intervals = 0
  const time = manualClock(1_000)
  const handlers = createSnippetHandlers(
    {
      database,
      emit: <E extends EventName>(name: E, payload: EmittedPayload<E>) => {
        if (name === 'snippets:changed') events.push(payload as EventPayloads['snippets:changed'])
      },
      onDispose: (dispose) => void disposers.push(dispose),
    },
    {
      timers: time.clock,
      watch: {
        timers: {
          setInterval: (callback) => ((tick = callback), (intervals += 1)),
          clearInterval: () => (tick = () => {}),
        },
      },
    },
  )
  const call = async (name: string, request?: unknown) => {
    const result = await dispatchCall(handlers as unknown as Handlers, name, request)
    return result.ok ? { ok: true as const, value: result.value } : result
  }
  return {
    call,
    events,
    /** Past the change events' interval: what waits is sent. */
    later: () => time.advance(LIST_CHANGES_INTERVAL_MS),
    cli: () => createSnippetStore(open()),
    tick: () => tick(),
    disposers,
    intervals: () => intervals,
    time,
  }
}

describe('snippets calls', () => {
  it('create, update and delete answer the stored snippet and announce what changed', async () => {
    const { call, events, later } = setUp()
    expect(await call('snippets:snapshot')).toEqual({ ok: true, value: { items: [], seq: 0 } })
    const made = await call('snippets:create', { kind: 'hashtags', name: 'Food', body: 'kuliner makanan' })
    expect(made).toMatchObject({ ok: true, value: { name: 'Food', body: '#kuliner #makanan', revision: 1 } })
    const id = (made as { value: { id: string } }).value.id
    await later()
    expect(await call('snippets:update', { id, name: 'Kuliner', revision: 1 })).toMatchObject({
      ok: true,
      value: { name: 'Kuliner', revision: 2 },
    })
    await later()
    expect(await call('snippets:delete', { id })).toEqual({ ok: true, value: undefined })
    await later()
    expect(events.map((e) => [e.seq, e.changed.map((s) => s.name), e.removed])).toEqual([
      [1, ['Food'], []],
      [2, ['Kuliner'], []],
      [3, [], [id]],
    ])
  })

  it('changes made at once go out together; the list read after says which it holds', async () => {
    const { call, events, later } = setUp()
    await call('snippets:snapshot')
    await call('snippets:create', { kind: 'caption', name: 'One', body: 'a' })
    await call('snippets:create', { kind: 'caption', name: 'Two', body: 'b' })
    await call('snippets:create', { kind: 'caption', name: 'Three', body: 'c' })
    // The first at once, the other two within the interval: they wait for its end, or for a list read.
    expect(events.map((e) => e.changed.map((s) => s.name))).toEqual([['One']])
    const listed = (await call('snippets:snapshot')) as { value: { items: unknown[]; seq: number } }
    expect(listed.value).toMatchObject({ seq: 2 })
    expect(listed.value.items).toHaveLength(3)
    expect(events.map((e) => e.changed.map((s) => s.name))).toEqual([['One'], ['Two', 'Three']])
    await later()
    expect(events).toHaveLength(2)
  })

  it('refuses bad input with a clear reason and keeps nothing of it', async () => {
    const { call, events } = setUp()
    expect(await call('snippets:create', { kind: 'caption', name: ' ', body: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'snippet-name-empty', field: 'name', message: 'Give it a name.' },
    })
    // Over the rule but within the contract's bound: the store's precise words.
    const over = 'x'.repeat(MAX_SNIPPET_BODY + 1)
    expect(await call('snippets:create', { kind: 'caption', name: 'a', body: over })).toMatchObject({
      ok: false,
      error: { code: 'snippet-body-too-long', params: { length: MAX_SNIPPET_BODY + 1 } },
    })
    // A payload that is no snippet at all stops at the contract, before the handler.
    expect(
      await call('snippets:create', { kind: 'caption', name: 'a', body: 'x'.repeat(1_000_000) }),
    ).toMatchObject({ ok: false, error: { kind: 'validation', code: 'request-invalid', field: 'body' } })
    expect(await call('snippets:create', { kind: 'emoji', name: 'a', body: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'request-invalid', field: 'kind' },
    })
    expect(await call('snippets:create', { kind: 'caption', name: 'a', body: 'x', extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'request-invalid' },
    })
    await call('snippets:create', { kind: 'caption', name: 'Promo', body: 'Sale' })
    expect(await call('snippets:create', { kind: 'caption', name: 'promo', body: 'Other' })).toMatchObject({
      ok: false,
      error: { code: 'snippet-name-taken', params: { name: 'Promo' } },
    })
    expect(await call('snippets:delete', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', code: 'snippet-not-found' },
    })
    expect(((await call('snippets:list')) as { value: unknown[] }).value).toHaveLength(1)
    // No page held a list before it was listed: nothing to tell it of.
    expect(events).toHaveLength(0)
  })

  it('announces a snippet another process added, once a page listed them, and stops on dispose', async () => {
    const { call, events, cli, tick, disposers, intervals, time } = setUp()
    const other = cli()
    other.create({ kind: 'caption', name: 'Before', body: 'x' })
    tick()
    // Nobody asked yet: no watch runs.
    expect(intervals()).toBe(0)
    expect(((await call('snippets:list')) as { value: unknown[] }).value).toHaveLength(1)
    await call('snippets:list')
    expect(intervals()).toBe(1)
    const fromCli = other.create({ kind: 'caption', name: 'From the CLI', body: 'y' })
    tick()
    // The one the CLI added, not the list.
    expect(events.map((e) => [e.seq, e.changed.map((s) => s.name), e.removed])).toEqual([
      [1, ['From the CLI'], []],
    ])
    tick()
    expect(events).toHaveLength(1)
    other.remove(fromCli.id)
    await time.advance(LIST_CHANGES_INTERVAL_MS)
    tick()
    expect(events.at(-1)).toEqual({ seq: 2, changed: [], removed: [fromCli.id] })
    for (const dispose of disposers) dispose()
    other.create({ kind: 'caption', name: 'After', body: 'z' })
    tick()
    expect(events).toHaveLength(2)
  })
})
