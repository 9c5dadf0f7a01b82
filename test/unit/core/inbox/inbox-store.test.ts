// The inbox's copy on a real database file: what a refresh saved opens again (a cold start offline), a
// complete refresh drops what the service no longer lists and a partial one drops nothing, the filters and the
// search are the database's, a chat's messages outlive a refresh, and an unreadable row is set aside.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../../common/inbox'
import { chatMessageSchema, chatSchema, inboxCommentSchema } from '../../../../common/service'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { sqlOf } from '../../../../main/core/db/handle'
import { onRowsSetAside, type RowsSetAside } from '../../../../main/core/db/rows'
import { chatEntry, commentEntry } from '../../../../main/core/inbox/inbox-entry'
import { createInboxStore } from '../../../../main/core/inbox/inbox-store'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

function fileDb() {
  const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-inbox-')), 'mediadeck.db')
  return () => {
    const database = openDatabase({ file })
    opened.push(database)
    return database
  }
}

function comment(
  id: string,
  o: { text: string; from?: string; account?: string; at: string; status?: string },
) {
  return commentEntry(
    inboxCommentSchema.parse({
      _id: id,
      status: o.status ?? 'pending',
      accountId: o.account ?? 'acc-1',
      createdAt: o.at,
      content: { id: `post-${id}`, title: 'Promo sepatu', url: 'https://www.instagram.com/p/x' },
      comment: {
        id: `pc-${id}`,
        text: o.text,
        owner: { id: 'u1', name: o.from ?? 'Dian' },
        createdAt: o.at,
        replies: [],
      },
    }),
  )
}

function chat(id: string, o: { text: string; at: string; unread?: number; account?: string }) {
  return chatEntry(
    chatSchema.parse({
      _id: id,
      accountId: o.account ?? 'acc-2',
      senderId: 's1',
      senderName: 'Budi',
      unreadCount: o.unread ?? 0,
      lastMessage: {
        isFromMe: false,
        senderId: 's1',
        messageId: 'm1',
        type: 'text',
        text: o.text,
        sendAt: o.at,
      },
      createdAt: o.at,
      updatedAt: o.at,
    }),
  )
}

const T = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute)).toISOString()

describe('the inbox copy', () => {
  it('opens again with every conversation and the time it was read, newest first', () => {
    const open = fileDb()
    const first = createInboxStore(open())
    const entries: InboxEntry[] = [
      comment('c1', { text: 'Masih ada stok?', at: T(1) }),
      chat('h1', { text: 'Halo kak', at: T(3), unread: 2 }),
      comment('c2', { text: 'Harga?', at: T(2), status: 'resolved' }),
    ]
    first.save('p1', entries, { complete: true, now: new Date(T(5)) })

    const again = createInboxStore(open())
    const { items, total } = again.list('p1')
    expect(total).toBe(3)
    expect(items.map((i) => [i.id, i.kind, i.status, i.from, i.text])).toEqual([
      ['h1', 'chat', 'unread', 'Budi', 'Halo kak'],
      ['c2', 'comment', 'resolved', 'Dian', 'Harga?'],
      ['c1', 'comment', 'pending', 'Dian', 'Masih ada stok?'],
    ])
    expect(items[1]!.comment?.content.title).toBe('Promo sepatu')
    expect(again.fetchedAt('p1')).toBe(T(5))
    // Another profile's copy is its own.
    expect(again.list('p2').total).toBe(0)
    expect(again.fetchedAt('p2')).toBeNull()
  })

  it('drops what a complete refresh no longer lists, and nothing after a partial one', () => {
    const store = createInboxStore(fileDb()())
    store.save('p1', [comment('c1', { text: 'a', at: T(1) }), comment('c2', { text: 'b', at: T(2) })], {
      complete: true,
      now: new Date(T(3)),
    })
    store.save('p1', [comment('c2', { text: 'b', at: T(2) })], { complete: false, now: new Date(T(4)) })
    expect(store.list('p1').items.map((i) => i.id)).toEqual(['c2', 'c1'])
    expect(store.fetchedAt('p1')).toBe(T(3))
    store.save('p1', [comment('c2', { text: 'b', at: T(2) })], { complete: true, now: new Date(T(5)) })
    expect(store.list('p1').items.map((i) => i.id)).toEqual(['c2'])
    expect(store.fetchedAt('p1')).toBe(T(5))
  })

  it('filters by kind, status, account and post, and searches author, text and post, % and _ as themselves', () => {
    const store = createInboxStore(fileDb()())
    store.save(
      'p1',
      [
        comment('c1', { text: 'Diskon 50% ya?', at: T(1), account: 'acc-1' }),
        comment('c2', { text: 'Diskon 50 ya?', at: T(2), account: 'acc-3', status: 'ignored' }),
        comment('c3', { text: 'ok', from: 'Sari_W', at: T(3), account: 'acc-1' }),
        chat('h1', { text: 'Diskon?', at: T(4) }),
      ],
      { complete: true, now: new Date(T(5)) },
    )
    const ids = (filter: Parameters<typeof store.list>[1]) => store.list('p1', filter).items.map((i) => i.id)
    expect(ids({ kind: 'chat' })).toEqual(['h1'])
    expect(ids({ status: 'ignored' })).toEqual(['c2'])
    expect(ids({ accountIds: ['acc-1'] })).toEqual(['c3', 'c1'])
    expect(ids({ accountIds: ['acc-1', 'acc-2'] })).toEqual(['h1', 'c3', 'c1'])
    expect(ids({ search: 'DISKON' })).toEqual(['h1', 'c2', 'c1'])
    expect(ids({ search: '50%' })).toEqual(['c1'])
    expect(ids({ search: 'a_i' })).toEqual([])
    expect(ids({ search: 'ri_w' })).toEqual(['c3'])
    expect(ids({ search: 'sepatu', kind: 'comment' })).toEqual(['c3', 'c2', 'c1'])
    // One post's comments (insights' "see its comments"): by the content they are on, never a chat.
    expect(ids({ contentId: 'post-c2' })).toEqual(['c2'])
    expect(ids({ contentId: 'post-h1' })).toEqual([])
    expect(ids({ contentId: 'post-c3', search: 'ok' })).toEqual(['c3'])
    expect(store.list('p1', {}, { limit: 2 })).toMatchObject({
      total: 4,
      items: [{ id: 'h1' }, { id: 'c3' }],
    })
  })

  it("keeps a chat's messages across a refresh", () => {
    const store = createInboxStore(fileDb()())
    store.save('p1', [chat('h1', { text: 'Halo', at: T(1) })], { complete: true, now: new Date(T(2)) })
    const message = chatMessageSchema.parse({
      _id: 'm1',
      chatId: 'h1',
      messageId: 'm1',
      text: 'Halo',
      createdAt: T(1),
    })
    store.saveMessages('p1', 'h1', [message])
    store.save('p1', [chat('h1', { text: 'Halo lagi', at: T(3) })], { complete: true, now: new Date(T(4)) })
    const got = store.get('p1', 'h1')
    expect(got?.entry.text).toBe('Halo lagi')
    expect(got?.messages?.map((m) => m.text)).toEqual(['Halo'])
    expect(store.get('p1', 'c9')).toBeUndefined()
  })

  it('sets an unreadable conversation aside and lists the others', () => {
    const database = fileDb()()
    const reports: RowsSetAside[] = []
    onRowsSetAside(database, (report) => reports.push(report))
    const store = createInboxStore(database)
    store.save('p1', [comment('c1', { text: 'a', at: T(1) }), comment('c2', { text: 'b', at: T(2) })], {
      complete: true,
      now: new Date(T(3)),
    })
    sqlOf(database).prepare("UPDATE inbox_items SET body = '{not json' WHERE id = 'c1'").run()
    expect(store.list('p1').items.map((i) => i.id)).toEqual(['c2'])
    expect(reports).toHaveLength(1)
    expect(reports[0]!.table).toBe('inbox_items')
    const aside = sqlOf(database).prepare('SELECT source, reason FROM rows_set_aside').all()
    expect(aside).toEqual([{ source: 'inbox_items', reason: expect.stringContaining('body: not JSON') }])
    // Once aside it is no longer in the table: the next read reports nothing.
    expect(store.list('p1').total).toBe(1)
    expect(reports).toHaveLength(1)
  })

  it('lists a chat without reading its messages, so messages torn on disk leave the list whole', () => {
    const database = fileDb()()
    const store = createInboxStore(database)
    store.save('p1', [chat('h1', { text: 'Halo', at: T(1) }), comment('c1', { text: 'a', at: T(2) })], {
      complete: true,
      now: new Date(T(3)),
    })
    sqlOf(database).prepare("UPDATE inbox_items SET messages = '[{torn' WHERE id = 'h1'").run()
    expect(store.list('p1').items.map((i) => i.id)).toEqual(['c1', 'h1'])
    expect(sqlOf(database).prepare('SELECT count(*) AS n FROM rows_set_aside').get()).toEqual({ n: 0 })
  })

  it('sets a conversation refused by the list aside whole, its messages with it', () => {
    const database = fileDb()()
    const store = createInboxStore(database)
    store.save('p1', [chat('h1', { text: 'Halo', at: T(1) })], { complete: true, now: new Date(T(3)) })
    store.saveMessages('p1', 'h1', [
      chatMessageSchema.parse({ _id: 'm1', chatId: 'h1', text: 'Pesan lama', createdAt: T(1) }),
    ])
    sqlOf(database).prepare("UPDATE inbox_items SET body = '{not json' WHERE id = 'h1'").run()
    expect(store.list('p1').items).toEqual([])
    const aside = sqlOf(database).prepare('SELECT raw FROM rows_set_aside').all() as Array<{ raw: string }>
    expect(aside).toHaveLength(1)
    expect(aside[0]!.raw).toContain('Pesan lama')
  })
})
