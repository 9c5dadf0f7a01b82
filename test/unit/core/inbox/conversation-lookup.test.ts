// A conversation looked up in a real copy: as the list shows it (no messages read), or with its stored messages;
// one the copy has not, for this profile or at all, refused as not found with the catalogue's reason.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { chatMessageSchema, chatSchema } from '../../../../common/service'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { listedConversation, storedConversation } from '../../../../main/core/inbox/conversation-lookup'
import { chatEntry } from '../../../../main/core/inbox/inbox-entry'
import { createInboxStore } from '../../../../main/core/inbox/inbox-store'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

const AT = '2026-11-28T10:00:00.000Z'

describe('a conversation looked up in the copy', () => {
  it('is the listed row, or the row with its messages; another profile’s or a missing one is not found', () => {
    const database = openDatabase({ file: join(mkdtempSync(join(tmpdir(), 'mediadeck-lookup-')), 'm.db') })
    opened.push(database)
    const store = createInboxStore(database)
    const chat = chatEntry(
      chatSchema.parse({
        _id: 'chat-1',
        accountId: 'acc-1',
        senderId: 's1',
        senderName: 'Budi',
        unreadCount: 1,
        lastMessage: {
          isFromMe: false,
          senderId: 's1',
          messageId: 'm1',
          type: 'text',
          text: 'Halo',
          sendAt: AT,
        },
        createdAt: AT,
        updatedAt: AT,
      }),
    )
    store.save('p1', [chat], { complete: true, now: new Date(AT) })
    const message = chatMessageSchema.parse({
      _id: 'm1',
      chatId: 'chat-1',
      isFromMe: false,
      senderId: 's1',
      type: 'text',
      text: 'Halo',
      createdAt: AT,
    })
    store.saveMessages('p1', 'chat-1', [message])

    expect(listedConversation(store, 'p1', 'chat-1')).toEqual(store.entries('p1', ['chat-1'])[0])
    expect(storedConversation(store, 'p1', 'chat-1').messages).toHaveLength(1)
    for (const lookup of [listedConversation, storedConversation]) {
      for (const [profile, id] of [
        ['p2', 'chat-1'],
        ['p1', 'chat-9'],
      ] as const) {
        const refused = (() => {
          try {
            lookup(store, profile, id)
          } catch (error) {
            return error
          }
        })()
        expect(refused).toBeInstanceOf(AppError)
        expect(refused).toMatchObject({ kind: 'not-found', code: 'inbox-not-found' })
      }
    }
  })
})
