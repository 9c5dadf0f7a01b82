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
  const database = openDatabase({
    file: join(mkdtempSync(join(tmpdir(), 'mediadeck-inbox-changes-')), 'mediadeck.db'),
  })
  opened.push(database)
  const events: Array<ListChanges<InboxEntry>> = []
  const time = manualClock(1_000)
  let profileId = 'p1'
  const inbox = changedInbox(createInboxStore(database), {
    profileId: () => profileId,
    send: (change) => events.push(change),
    timers: time.clock,
  })
  return {
    store: inbox.store,
    inbox,
    events,
    later: () => time.advance(LIST_CHANGES_INTERVAL_MS),
    switchTo: (id: string) => (profileId = id),
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
})
