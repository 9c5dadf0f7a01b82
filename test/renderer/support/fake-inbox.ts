// The `inbox` domain of the fake window.mediadeck (fake-mediadeck.ts): conversations kept in `data.inbox`,
// filtered as main's copy filters them (main/core/inbox/inbox-store.ts), replies sent at once or, with
// `data.inboxOffline` (or with a file of this computer, which waits for its upload), queued; each change announced
// as main does: the conversations changed as `inbox:changed` (numbered), the freshness and the outbox's work as
// `inbox:state`. A reply sent is in its
// conversation afterwards, as the service has it (the comment's reply, or the chat's message), under the id the
// reply was answered with.
import type { CallName, CallRequest, CallResponse, EventName, EventPayloads } from '../../../common/contract'
import type { MediadeckApi } from '../../../common/contract'
import type { AppErrorData } from '../../../common/errors'
import type {
  InboxEntry,
  InboxListAnswer,
  InboxReplyView,
  InboxStatusChangeView,
} from '../../../common/inbox'
import { chatMessageSchema, type ChatMessage } from '../../../common/service'
import { freshnessOf } from '../../../common/freshness'
import { INBOX_LIST_MAX } from '../../../common/inbox-calls'
import { NOW } from './fixtures'

/** A page of a chat's messages, as main reads them. */
const MESSAGES_PAGE = 50

type Handle = <C extends CallName>(
  name: C,
  fn: (request: CallRequest<C>) => CallResponse<C> | Promise<CallResponse<C>>,
) => (request: CallRequest<C>) => Promise<CallResponse<C>>
type On = <E extends EventName>(name: E) => (listener: (payload: EventPayloads[E]) => void) => () => boolean

export interface FakeInboxData {
  inbox?: InboxEntry[]
  /** A chat's messages by its id, oldest first. */
  inboxMessages?: Record<string, ChatMessage[]>
  inboxReplies?: InboxReplyView[]
  /** The service cannot be reached: replies and status changes are queued, the list is stale. */
  inboxOffline?: boolean
  /** A read of the inbox runs in main (a background run): the list is "checking". */
  inboxChecking?: boolean
  inboxStatusChanges?: InboxStatusChangeView[]
}

export interface FakeInbox {
  api: MediadeckApi['inbox']
  /** Main's copy changed these conversations (as `data.inbox` holds them now) and removed those: numbered. */
  changed(ids: string[], removed?: string[]): void
  /** Main sends more than a change carries, or cannot say: the page reads its list again. */
  reload(): void
  /** The freshness or the outbox's work changed (`data.inboxChecking`, `inboxReplies`…): sent whole. */
  state(): void
}

export function fakeInbox(
  data: FakeInboxData,
  tools: { handle: Handle; on: On; emit: <E extends EventName>(name: E, payload: EventPayloads[E]) => void },
): FakeInbox {
  const { handle, on, emit } = tools
  let next = 1
  /** The number of the last `inbox:changed`, as main's publisher keeps it. */
  let seq = 0
  const entries = () => (data.inbox ??= [])
  const find = (id: string) => {
    const entry = entries().find((e) => e.id === id)
    if (!entry)
      throw { kind: 'not-found', code: 'inbox-not-found', message: 'not found' } satisfies AppErrorData
    return entry
  }
  const stateOf = () => ({
    fetchedAt: NOW,
    stale: Boolean(data.inboxOffline),
    freshness: freshnessOf(NOW, {
      reading: Boolean(data.inboxChecking),
      failed: Boolean(data.inboxOffline),
    }),
    replies: structuredClone((data.inboxReplies ??= [])),
    statusChanges: structuredClone((data.inboxStatusChanges ??= [])),
  })
  const changed = (ids: string[], removed: string[] = []) => {
    const rows = entries().filter((e) => ids.includes(e.id))
    emit('inbox:changed', { seq: ++seq, changed: structuredClone(rows), removed })
  }
  const state = () => emit('inbox:state', { profileId: 'sandbox', ...stateOf() })
  const list = (filter: CallRequest<'inbox:list'> = {}): InboxListAnswer => {
    const search = filter.search?.trim().toLowerCase()
    const items = entries()
      .filter((e) => !filter.kind || e.kind === filter.kind)
      .filter((e) => !filter.status || e.status === filter.status)
      .filter((e) => !filter.accountIds?.length || filter.accountIds.includes(e.accountId))
      .filter((e) => !search || `${e.from}\n${e.text}`.toLowerCase().includes(search))
      .sort((a, b) => b.at.localeCompare(a.at))
    return {
      // At most a page, as main answers: past it, the page holds part of what matches.
      items: structuredClone(items.slice(0, filter.limit ?? INBOX_LIST_MAX)),
      total: items.length,
      seq,
      ...stateOf(),
    }
  }
  /** A like or a private reply: in the outbox, sent at once unless offline; nothing of it shows in the thread. */
  function queue(id: string, action: 'like' | 'message', text: string): InboxReplyView {
    find(id)
    const offline = Boolean(data.inboxOffline)
    const reply: InboxReplyView = {
      id: `reply-${next++}`,
      targetId: id,
      action,
      text,
      media: [],
      state: offline ? 'queued' : 'sent',
      error: null,
      createdAt: NOW,
      resultIds: offline ? [] : [`made-${next}`],
    }
    ;(data.inboxReplies ??= []).push(reply)
    state()
    return structuredClone(reply)
  }
  const api: MediadeckApi['inbox'] = {
    list: handle('inbox:list', (filter) => list(filter)),
    refresh: handle('inbox:refresh', () => list()),
    // A chat opens at its newest page, and pages back as main does (main/core/inbox/chat-pages.ts).
    thread: handle('inbox:thread', ({ id }) => {
      const entry = find(id)
      const all = data.inboxMessages?.[id] ?? []
      return {
        entry: structuredClone(entry),
        messages: entry.kind === 'chat' ? structuredClone(all.slice(-MESSAGES_PAGE)) : null,
        stale: Boolean(data.inboxOffline),
        ...(entry.kind === 'chat' ? { older: all.length > MESSAGES_PAGE } : {}),
      }
    }),
    olderMessages: handle('inbox:older-messages', ({ id, before }) => {
      const all = data.inboxMessages?.[id] ?? []
      const end = Math.max(
        0,
        all.findIndex((m) => m.id === before),
      )
      return {
        messages: structuredClone(all.slice(Math.max(0, end - MESSAGES_PAGE), end)),
        more: end > MESSAGES_PAGE,
        stale: Boolean(data.inboxOffline),
      }
    }),
    reply: handle('inbox:reply', ({ id, text, media, privately }) => {
      const entry = find(id)
      // A private reply goes to the author's chat, not into the comment's thread.
      if (privately) return queue(id, 'message', text)
      // A file of this computer waits for its upload: the reply is answered as queued, as main does.
      const waits = data.inboxOffline || media.some((m) => 'path' in m)
      const made = waits ? null : `made-${next}`
      if (made && entry.comment && !privately) {
        entry.comment.comment.replies.push({
          id: made,
          type: 'text',
          text,
          owner: { id: 'me', name: 'Senja Roastery', picture: '' },
          medias: [],
          createdAt: NOW,
        })
      } else if (made) {
        ;((data.inboxMessages ??= {})[id] ??= []).push(
          chatMessageSchema.parse({
            _id: made,
            chatId: id,
            messageId: made,
            type: media[0] && 'mimetype' in media[0] ? media[0].mimetype.split('/')[0] : 'text',
            isFromMe: true,
            text,
            createdAt: NOW,
          }),
        )
      }
      const reply: InboxReplyView = {
        id: `reply-${next++}`,
        targetId: id,
        action: 'reply',
        text,
        media: media.map((m) =>
          'path' in m
            ? { name: m.name, kind: 'document', path: m.path }
            : { name: m.name, kind: m.mimetype.split('/')[0]!, url: m.url },
        ),
        state: waits ? 'queued' : 'sent',
        error: null,
        createdAt: NOW,
        resultIds: made ? [made] : [],
      }
      ;(data.inboxReplies ??= []).push(reply)
      state()
      // A reply sent: main reads its conversation again into the copy.
      if (made) changed([id])
      return structuredClone(reply)
    }),
    like: handle('inbox:like', ({ id }) => queue(id, 'like', '')),
    setStatus: handle('inbox:set-status', ({ id, status }) => {
      const entry = find(id)
      // Offline, the change waits in main's queue and the copy shows it at once.
      if (data.inboxOffline) {
        ;(data.inboxStatusChanges ??= []).push({
          id: `status-${next++}`,
          commentId: id,
          status,
          base: entry.status,
          state: 'queued',
          seen: null,
          error: null,
          createdAt: NOW,
        })
      }
      entry.status = status
      state()
      changed([id])
      return structuredClone(entry)
    }),
    counts: handle('inbox:counts', () => ({
      profileId: 'sandbox',
      unread: entries().filter((e) => e.status === 'unread').length,
      unreplied: entries().filter((e) => ['pending', 'unread', 'unreplied'].includes(e.status)).length,
    })),
    onChanged: on('inbox:changed'),
    onState: on('inbox:state'),
    onCounts: on('inbox:counts'),
  }
  return {
    api,
    changed,
    reload: () => emit('inbox:changed', { seq: ++seq, changed: [], removed: [], reload: true }),
    state,
  }
}
