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
const MAX_PAGES_PER_STEP = 4

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
 * What the copy holds after the newest page was read (`newest`, oldest first): a page that is the whole chat
 * is the copy (what it lacks was removed from the service); otherwise the held messages older than the page
 * stay when the page reaches back to them (it holds one of them), so the run has no hole, and when more
 * arrived meanwhile than a page holds, the page alone is kept. A held message within the page's time that the
 * page lacks was removed from the service, and goes.
 */
export function withNewest(
  held: readonly ChatMessage[],
  newest: readonly ChatMessage[],
  whole: boolean,
): ChatMessage[] {
  // The whole chat: what the service lists is all there is, and a held message it lacks was removed there.
  if (whole) return [...newest].sort(byTime).slice(-MESSAGES_KEPT)
  if (newest.length === 0) return [...held]
  const ids = new Set(held.map((m) => m.id))
  if (!newest.some((m) => ids.has(m.id))) return [...newest].sort(byTime).slice(-MESSAGES_KEPT)
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

/** The oldest message a chat's page shows, from which it pages back. */
export interface OlderFrom {
  /** Its id. */
  before: string
  /** Its time (createdAt): the page sends it, since a message past the copy's MESSAGES_KEPT is not held. */
  at?: string
  /** How many messages the page shows, `before` and every newer one: where `before` is in the service's pages. */
  shown?: number
}

/**
 * Reads the messages older than `from.before`, the oldest shown. The service pages by number only (page and
 * limit, newest first), and numbers move: a message that arrives pushes every older one a place down, one
 * removed pulls them up. So the page asked is the one that should hold `before` (from how many are shown), and
 * only a page that holds it, or a message as new, is taken from: its older messages follow `before` with none
 * between. A page all newer than it is followed by the next (its first messages follow this one's last), a page
 * all older by the one before, a bounded number of times.
 */
export async function readOlder(
  client: Pick<ServiceClient, 'listChatMessages'>,
  chatId: string,
  held: readonly ChatMessage[],
  from: OlderFrom | string,
  o: { signal?: AbortSignal } = {},
): Promise<OlderRead> {
  const start: OlderFrom = typeof from === 'string' ? { before: from } : from
  const { before, at, shown } = start
  const index = held.findIndex((m) => m.id === before)
  const anchor = index !== -1 ? held[index]! : at !== undefined ? { id: before, createdAt: at } : undefined
  const count = shown ?? (index === -1 ? held.length : held.length - index)
  const ids = new Set(held.map((m) => m.id))
  // Without the time of `before` (a message not held, a request that did not send it): what is not held.
  const isOlder = (m: ChatMessage) =>
    m.id !== before && (anchor ? byTime(m, { ...m, ...anchor }) < 0 : !ids.has(m.id))
  let page = Math.max(1, Math.ceil(count / MESSAGES_PAGE))
  let answer: Page<ChatMessage> | undefined
  const older = new Map<string, ChatMessage>()
  let anchored = anchor === undefined
  for (let asked = 0; asked < MAX_PAGES_PER_STEP; asked++) {
    answer = await client.listChatMessages(
      chatId,
      { page, limit: MESSAGES_PAGE },
      o.signal ? { signal: o.signal } : {},
    )
    anchored ||= answer.docs.some((m) => !isOlder(m))
    if (!anchored && page > 1) {
      // Empty or all older than `before`: messages removed above it moved it onto an earlier page.
      page--
      continue
    }
    for (const m of answer.docs.filter(isOlder)) older.set(m.id, m)
    // A page that ends just after `before` brought few: the next one goes on from its last message.
    if (older.size >= MESSAGES_PAGE / 2 || !answer.hasNextPage) break
    page++
  }
  const messages = [...older.values()].sort(byTime)
  return {
    messages,
    more: messages.length > 0 && (answer?.hasNextPage ?? false),
    // Only a run that reaches `before` joins the copy: past its cap, or without `before`, it would leave a hole.
    held: index !== -1 ? merged(held, messages) : [...held],
  }
}
