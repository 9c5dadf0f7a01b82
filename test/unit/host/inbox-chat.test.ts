// A chat paged back in the inbox host, over the inbox's copy on a real database file, with a stand-in service
// whose older page the test answers: what was read into the copy while that page was on its way stays.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { chatMessageSchema, chatSchema, type ChatMessage, type Page } from '../../../common/service'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { chatEntry } from '../../../main/core/inbox/inbox-entry'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import type { ActiveService } from '../../../main/core/ports'
import { createInboxChats } from '../../../main/host/inbox-chat'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

const message = (n: number): ChatMessage =>
  chatMessageSchema.parse({
    _id: `m${n}`,
    chatId: 'c1',
    text: `pesan ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
  })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i))
const page = (docs: ChatMessage[], hasNextPage: boolean): Page<ChatMessage> => ({
  docs,
  totalDocs: docs.length,
  limit: 50,
  totalPages: 3,
  page: 2,
  pagingCounter: 1,
  hasPrevPage: true,
  hasNextPage,
  prevPage: 1,
  nextPage: hasNextPage ? 3 : null,
})

describe('a chat paged back in the inbox host', () => {
  it('keeps what was read into the copy while the older page was on its way', async () => {
    const database = openDatabase({ file: join(mkdtempSync(join(tmpdir(), 'mediadeck-chat-')), 'md.db') })
    opened.push(database)
    const store = createInboxStore(database)
    const now = new Date('2026-11-29T00:00:00Z')
    const entry = chatEntry(
      chatSchema.parse({ _id: 'c1', accountId: 'acc-1', senderName: 'Budi', unreadCount: 0 }),
    )
    store.put('work', entry, now)
    store.saveMessages('work', 'c1', range(71, 120))
    let answer!: (p: Page<ChatMessage>) => void
    const client = {
      listChatMessages: () => new Promise<Page<ChatMessage>>((resolve) => (answer = resolve)),
    } as unknown as ActiveService['client']
    const chats = createInboxChats({
      store,
      now: () => now,
      active: () => ({ profileId: 'work', mode: 'service', client }) as ActiveService,
      connection: { isOnline: () => true },
    })

    const paging = chats.older(store.get('work', 'c1')!, { before: 'm71' })
    // Meanwhile the chat's newest page is read again: a reply that went out is message 121.
    store.saveMessages('work', 'c1', range(71, 121))
    answer(page(range(21, 70).reverse(), true))
    const older = await paging

    expect(older.messages.map((m) => m.id)).toEqual(range(21, 70).map((m) => m.id))
    expect(store.get('work', 'c1')!.messages!.map((m) => m.id)).toEqual(range(21, 121).map((m) => m.id))
  })
})
