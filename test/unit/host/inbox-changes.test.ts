// The inbox copy's writes reach the page as changes, on a real database file: the rows a read changed (as the
// list answers them) and the ids it removed, numbered; nothing for a read that changed nothing or for another
// profile's copy; and past INBOX_CHANGES_MAX rows, `reload` alone instead of thousands of rows. The events run on
// the test's clock.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../common/inbox'
import { INBOX_CHANGES_MAX } from '../../../common/inbox-changes'
import type { ListChanges } from '../../../common/list-changes'
import { chatSchema } from '../../../common/service'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { chatEntry } from '../../../main/core/inbox/inbox-entry'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { LIST_CHANGES_INTERVAL_MS } from '../../../main/core/list-publisher'
import { changedInbox } from '../../../main/host/inbox-changes'
import { manualClock } from '../../support/manual-clock'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

const T = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute)).toISOString()
const chat = (id: string, text: string, at = T(1)) =>
  chatEntry(
    chatSchema.parse({
      _id: id,
      accountId: 'acc-1',
      senderId: 's1',
      senderName: 'Budi',
      unreadCount: 1,
      lastMessage: { isFromMe: false, senderId: 's1', messageId: `m-${id}`, type: 'text', text, sendAt: at },
      createdAt: at,
      updatedAt: at,
    }),
  )

function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-inbox-changes-')), 'mediadeck.db')
  const open = () => {
    const database = openDatabase({ file })
    opened.push(database)
    return database
  }
  const database = open()
  const events: Array<ListChanges<InboxEntry>> = []
  const elsewhere: string[] = []
  const time = manualClock(1_000)
  let tick = () => {}
  let profileId = 'p1'
  const inbox = changedInbox(createInboxStore(database), {
    profileId: () => profileId,
    send: (change) => events.push(change),
    database,
    timers: time.clock,
    watchTimers: { setInterval: (callback) => (tick = callback), clearInterval: () => (tick = () => {}) },
    changedElsewhere: (scope) => elsewhere.push(scope),
  })
  return {
    database,
    store: inbox.store,
    inbox,
    events,
    elsewhere,
    later: () => time.advance(LIST_CHANGES_INTERVAL_MS),
    switchTo: (id: string) => (profileId = id),
    /** Another process on the same file (the CLI's `inbox` or `sync`): its own connection and copy. */
    other: () => createInboxStore(open()),
    tick: () => tick(),
  }
}

describe('the inbox copy’s changes to the page', () => {
  it('sends the rows a read changed and the ids it removed, as the list answers them, numbered', async () => {
    const { store, events, later } = setUp()
    store.save('p1', [chat('h1', 'Halo'), chat('h2', 'Kak')], { complete: true, now: new Date(T(2)) })
    expect(events).toEqual([{ seq: 1, changed: store.list('p1').items, removed: [] }])
    await later()
    // Read again, unchanged: nothing to send.
    store.save('p1', [chat('h1', 'Halo'), chat('h2', 'Kak')], { complete: true, now: new Date(T(3)) })
    await later()
    expect(events).toHaveLength(1)
    store.save('p1', [chat('h1', 'Halo lagi', T(4))], { complete: true, now: new Date(T(5)) })
    await later()
    expect(events[1]).toEqual({ seq: 2, changed: [store.get('p1', 'h1')!.entry], removed: ['h2'] })
    expect(events[1]!.changed[0]!.text).toBe('Halo lagi')
  })

  it("builds the changed rows without reading a chat's stored messages (up to 2,000, parsed for nothing)", async () => {
    const { database, store, events, later } = setUp()
    store.save('p1', [chat('h1', 'Halo'), chat('h2', 'Kak')], { complete: true, now: new Date(T(2)) })
    await later()
    // Messages that would not even parse: a read of them would set the row aside and send it as removed.
    sqlOf(database).prepare("UPDATE inbox_items SET messages = 'not json' WHERE id = 'h1'").run()
    store.save('p1', [chat('h1', 'Halo lagi', T(4)), chat('h2', 'Kak')], {
      complete: true,
      now: new Date(T(5)),
    })
    store.put('p1', chat('h1', 'Halo sekali lagi', T(6)), new Date(T(6)))
    await later()
    expect(events.slice(1).map((e) => [e.changed.map((c) => c.text), e.removed])).toEqual([
      [['Halo lagi'], []],
      [['Halo sekali lagi'], []],
    ])
    expect(store.list('p1').items.map((e) => e.id)).toEqual(['h1', 'h2'])
  })

  it("sends nothing of another profile's copy (a read that outlived a switch)", async () => {
    const { store, events, switchTo } = setUp()
    switchTo('p2')
    store.save('p1', [chat('h1', 'Halo')], { complete: true, now: new Date(T(2)) })
    store.put('p1', chat('h1', 'Halo lagi'), new Date(T(3)))
    expect(events).toEqual([])
  })

  it('past INBOX_CHANGES_MAX rows, tells the page to read its list again instead of sending them', async () => {
    const { store, inbox, events, later } = setUp()
    const many = Array.from({ length: INBOX_CHANGES_MAX + 1 }, (_, i) => chat(`h${i}`, `pesan ${i}`))
    store.save('p1', many, { complete: true, now: new Date(T(2)) })
    expect(events).toEqual([{ seq: 1, changed: [], removed: [], reload: true }])
    await later()
    // Several writes within the interval that add up past the bound: one reload too, no rows kept for it.
    // (The first goes at once, the interval being past.)
    for (let i = 0; i <= INBOX_CHANGES_MAX + 1; i++)
      store.put('p1', chat(`h${i}`, `edited ${i}`), new Date(T(3)))
    expect(events).toHaveLength(2)
    expect(events[1]!.changed.map((e) => e.text)).toEqual(['edited 0'])
    expect(inbox.flush()).toBe(3)
    expect(events[2]).toEqual({ seq: 3, changed: [], removed: [], reload: true })
  })

  it("another process's writes arrive as the same changes within the watch, its unchanged rows not at all", async () => {
    const { store, inbox, events, elsewhere, other, tick, later } = setUp()
    store.save('p1', [chat('h1', 'Halo'), chat('h2', 'Kak')], { complete: true, now: new Date(T(2)) })
    await later()
    expect(inbox.flush()).toBe(1)
    const cli = other()
    // The CLI reads the inbox: h1 changed, h2 the same (only its time seen moves), h3 new, and p2's is no change.
    cli.save('p1', [chat('h1', 'Halo lagi', T(4)), chat('h2', 'Kak'), chat('h3', 'Baru')], {
      complete: true,
      now: new Date(T(5)),
    })
    cli.save('p2', [chat('x1', 'Lain')], { complete: true, now: new Date(T(5)) })
    expect(events).toHaveLength(1)
    tick()
    const byId = (a: InboxEntry, b: InboxEntry) => a.id.localeCompare(b.id)
    expect({ ...events[1], changed: [...events[1]!.changed].sort(byId) }).toEqual({
      seq: 2,
      changed: [store.get('p1', 'h1')!.entry, store.get('p1', 'h3')!.entry],
      removed: [],
    })
    expect(elsewhere).toEqual(['p1'])
    await later()
    // A read that lists h1 alone removes the others.
    cli.save('p1', [chat('h1', 'Halo lagi', T(4))], { complete: true, now: new Date(T(6)) })
    tick()
    expect({ ...events[2], removed: [...events[2]!.removed].sort() }).toEqual({
      seq: 3,
      changed: [],
      removed: ['h2', 'h3'],
    })
    await later()
    // This process's own write is told once, not again by the next look.
    store.put('p1', chat('h1', 'Sekali', T(7)), new Date(T(7)))
    expect(events).toHaveLength(4)
    await later()
    cli.put('p1', chat('h9', 'Dari CLI'), new Date(T(8)))
    tick()
    expect(events[4]).toEqual({ seq: 5, changed: [store.get('p1', 'h9')!.entry], removed: [] })
  })

  it("another process's write stamped in the same millisecond as the last one is still found", async () => {
    const { store, inbox, events, other, tick, later } = setUp()
    store.save('p1', [chat('h1', 'Halo'), chat('h2', 'Kak')], { complete: true, now: new Date(T(2)) })
    await later()
    inbox.flush()
    tick()
    // The CLI answers h1 within the same millisecond on its clock: no row more, and a time seen no later.
    const cli = other()
    cli.put('p1', chat('h1', 'Dibalas', T(1)), new Date(T(2)))
    tick()
    expect(events.at(-1)).toEqual({ seq: 2, changed: [store.get('p1', 'h1')!.entry], removed: [] })
    await later()
    // And once more, from a clock behind the last write's.
    cli.put('p1', chat('h2', 'Lagi', T(1)), new Date(T(1)))
    tick()
    expect(events.at(-1)).toEqual({ seq: 3, changed: [store.get('p1', 'h2')!.entry], removed: [] })
  })

  it('the watch starts with the first list read, and records afresh once another profile is active', async () => {
    const { store, inbox, events, other, tick, switchTo, later } = setUp()
    const cli = other()
    cli.save('p1', [chat('h1', 'Halo')], { complete: true, now: new Date(T(2)) })
    tick()
    expect(events).toEqual([])
    inbox.flush()
    switchTo('p2')
    cli.save('p2', [chat('x1', 'Lain')], { complete: true, now: new Date(T(3)) })
    // p1's signatures are no base for p2: this look records, the list read after it holds x1.
    tick()
    expect(events).toEqual([])
    await later()
    cli.put('p2', chat('x1', 'Lain lagi'), new Date(T(4)))
    tick()
    expect(events).toEqual([{ seq: 1, changed: [store.get('p2', 'x1')!.entry], removed: [] }])
  })
})
