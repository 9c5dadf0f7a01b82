// A chat's messages paged backwards: the service lists them newest first by page number (GET
// /public/chat/{id}/message?page&limit), and the copy keeps what was read, oldest first, one run without holes
// from some message up to the newest read, so a chat opened offline pages back through what was seen online.
// Page numbers move as messages arrive (a new message pushes every other one a place down), so an older page
// is asked from the count of messages held and its answer is taken by time, never by position.
import type { ChatMessage, Page } from '../../../common/service'
import type { ServiceClient } from '../service-client'

/** Messages read per page: the newest page when a chat opens, and each older page after it. */
export const MESSAGES_PAGE = 50
/** The most messages the copy keeps of one chat (the newest): a year of a busy chat stays bounded. */
export const MESSAGES_KEPT = 2_000
/** Older pages asked at most for one step back, when the ones asked brought nothing older. */
const MAX_PAGES_PER_STEP = 3

const time = (m: Pick<ChatMessage, 'createdAt'>): number => {
  const at = Date.parse(m.createdAt)
  return Number.isNaN(at) ? 0 : at
}

/** Oldest first; the same time ordered by id, so every process orders a chat alike. */
export function byTime(a: ChatMessage, b: ChatMessage): number {
  return time(a) - time(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** Held and read merged, each message once (the one read wins), oldest first, the newest MESSAGES_KEPT. */
export function merged(held: readonly ChatMessage[], read: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(held.map((m) => [m.id, m]))
  for (const m of read) byId.set(m.id, m)
  return [...byId.values()].sort(byTime).slice(-MESSAGES_KEPT)
}

/**
 * What the copy holds after the newest page was read (`newest`, oldest first): the held messages older than
 * the page stay when the page reaches back to them (it holds one of them, or it is the whole chat), so the run
 * has no hole; otherwise more arrived meanwhile than a page holds, and the page alone is kept. A held message
 * within the page's time that the page lacks was removed from the service, and goes.
 */
export function withNewest(
  held: readonly ChatMessage[],
  newest: readonly ChatMessage[],
  whole: boolean,
): ChatMessage[] {
  if (newest.length === 0) return whole ? [] : [...held]
  const ids = new Set(held.map((m) => m.id))
  if (!whole && !newest.some((m) => ids.has(m.id))) return [...newest].sort(byTime).slice(-MESSAGES_KEPT)
  const oldest = [...newest].sort(byTime)[0]!
  return merged(
    held.filter((m) => byTime(m, oldest) < 0),
    newest,
  )
}

/** The held messages before `before`, the newest `limit` of them, and whether older ones are held. */
export function heldBefore(
  held: readonly ChatMessage[],
  before: string,
  limit = MESSAGES_PAGE,
): { messages: ChatMessage[]; more: boolean } {
  const at = held.findIndex((m) => m.id === before)
  const end = at === -1 ? 0 : at
  return { messages: held.slice(Math.max(0, end - limit), end), more: end > limit }
}

export interface OlderRead {
  /** The messages older than `before`, oldest first. */
  messages: ChatMessage[]
  /** The service has older ones still (never when this step brought none: a page that never ends stops). */
  more: boolean
  /** What the copy holds now. */
  held: ChatMessage[]
}

/**
 * Reads the page of messages older than `before` (a message held): its page number follows from how many
 * held messages are as new as it or newer, and a page that brings nothing older (messages arrived meanwhile
 * and pushed the held ones down) is followed by the next, a bounded number of times.
 */
export async function readOlder(
  client: Pick<ServiceClient, 'listChatMessages'>,
  chatId: string,
  held: readonly ChatMessage[],
  before: string,
  o: { signal?: AbortSignal } = {},
): Promise<OlderRead> {
  const at = held.findIndex((m) => m.id === before)
  const from = at === -1 ? undefined : held[at]!
  const newer = at === -1 ? held.length : held.length - at
  const ids = new Set(held.map((m) => m.id))
  let page = Math.floor(newer / MESSAGES_PAGE) + 1
  let answer: Page<ChatMessage> | undefined
  let older: ChatMessage[] = []
  for (let asked = 0; asked < MAX_PAGES_PER_STEP; asked++, page++) {
    answer = await client.listChatMessages(
      chatId,
      { page, limit: MESSAGES_PAGE },
      o.signal ? { signal: o.signal } : {},
    )
    older = answer.docs.filter((m) => !ids.has(m.id) && (!from || byTime(m, from) < 0))
    if (older.length > 0 || !answer.hasNextPage) break
  }
  const messages = older.sort(byTime)
  return {
    messages,
    more: messages.length > 0 && (answer?.hasNextPage ?? false),
    held: merged(held, messages),
  }
}
