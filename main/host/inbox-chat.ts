// A chat in the inbox host (main/host/inbox.ts): opened, its newest page read from the service into the copy
// (the service told it was read); paged back, older pages from the service, or from the copy when it cannot be
// reached, so a chat opened offline pages back through what was seen online (main/core/inbox/chat-pages.ts).
import { AppError, isUnreachable } from '../../common/errors'
import type { InboxOlderMessages, InboxThread } from '../../common/inbox'
import { errorReason } from '../../common/messages/index'
import {
  heldBefore,
  merged,
  MESSAGES_PAGE,
  readOlder,
  withNewest,
  type OlderFrom,
} from '../core/inbox/chat-pages'
import { chatEntry } from '../core/inbox/inbox-entry'
import type { InboxStore, StoredConversation } from '../core/inbox/inbox-store'
import type { ActiveService, ConnectionMonitor } from '../core/ports'

export interface InboxChatsDeps {
  store: InboxStore
  now: () => Date
  active(): ActiveService
  connection: Pick<ConnectionMonitor, 'isOnline'>
}

export interface InboxChats {
  /** The chat and its newest page read into the copy; `opened`: the service is told it was read. */
  read(id: string, opened: boolean, session?: ActiveService): Promise<InboxThread>
  /** The copy's thread: the newest page of the messages it holds. */
  fromCopy(found: StoredConversation): InboxThread
  older(found: StoredConversation, from: OlderFrom): Promise<InboxOlderMessages>
}

export function createInboxChats(deps: InboxChatsDeps): InboxChats {
  const { store } = deps
  return {
    async read(id, opened, { client, profileId } = deps.active()) {
      let chat = await client.getChat(id)
      const page = await client.listChatMessages(id, { page: 1, limit: MESSAGES_PAGE })
      const newest = [...page.docs].reverse()
      if (opened && chat.unreadCount > 0) {
        // Opened is read: the service is told, as its own app does.
        await client.readChat(id)
        chat = { ...chat, unreadCount: 0 }
      }
      const entry = chatEntry(chat)
      const held = store.get(profileId, id)?.messages ?? []
      const kept = withNewest(held, newest, !page.hasNextPage)
      store.put(profileId, entry, deps.now())
      store.saveMessages(profileId, id, kept)
      const first = newest[0]
      const olderHeld = first !== undefined && kept.findIndex((m) => m.id === first.id) > 0
      return { entry, messages: newest, stale: false, older: page.hasNextPage || olderHeld }
    },
    fromCopy({ entry, messages }) {
      if (messages === null) return { entry, messages, stale: true }
      return {
        entry,
        messages: messages.slice(-MESSAGES_PAGE),
        stale: true,
        older: messages.length > MESSAGES_PAGE,
      }
    },
    async older({ entry, messages }, from) {
      const { before } = from
      if (entry.kind !== 'chat') {
        throw new AppError({
          kind: 'validation',
          field: 'id',
          ...errorReason('inbox-chat-only'),
          message: 'only a chat has messages to page back to',
        })
      }
      const held = messages ?? []
      const fromCopy = (): InboxOlderMessages => ({ ...heldBefore(held, before), stale: true })
      if (!deps.connection.isOnline()) return fromCopy()
      const { client, profileId } = deps.active()
      try {
        const read = await readOlder(client, entry.id, held, from)
        // Over the copy as it is now: the chat's newest page may have been read while this page was on its way
        // (a reply that went out), and the copy from before would put it back as it was. Only a page that goes
        // on from a message the copy holds joins it: one past its cap would leave a hole.
        const now = store.get(profileId, entry.id)?.messages ?? held
        if (now.some((m) => m.id === before))
          store.saveMessages(profileId, entry.id, merged(now, read.messages))
        return { messages: read.messages, more: read.more, stale: false }
      } catch (error) {
        const e = AppError.from(error)
        if (!isUnreachable(e)) throw e
        return fromCopy()
      }
    },
  }
}
