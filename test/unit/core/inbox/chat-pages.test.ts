// A chat's messages paged backwards: what the copy keeps when the newest page is read again (no hole, nothing
// the service removed), the copy's pages offline, and an older page asked of the service by the count held and
// taken by time, bounded against a service whose pages never end.
import { describe, expect, it } from 'vitest'
import {
  heldBefore,
  MESSAGES_KEPT,
  MESSAGES_PAGE,
  readOlder,
  withNewest,
} from '../../../../main/core/inbox/chat-pages'
import { chatMessageSchema, type ChatMessage, type Page } from '../../../../common/service'

const message = (n: number): ChatMessage =>
  chatMessageSchema.parse({
    _id: `m${n}`,
    chatId: 'c1',
    text: `pesan ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
  })
const messages = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i))
const ns = (list: ChatMessage[]) => list.map((m) => Number(m.id.slice(1)))

function pageOf(docs: ChatMessage[], page: number, totalPages: number): Page<ChatMessage> {
  return {
    docs,
    totalDocs: totalPages * MESSAGES_PAGE,
    limit: MESSAGES_PAGE,
    page,
    totalPages,
    pagingCounter: (page - 1) * MESSAGES_PAGE + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  }
}

/** The service's paging over `all` (oldest first), newest first as GET /public/chat/{id}/message answers. */
function service(all: ChatMessage[]) {
  const asked: number[] = []
  return {
    asked,
    client: {
      async listChatMessages(_id: string, q: { page: number; limit: number }): Promise<Page<ChatMessage>> {
        asked.push(q.page)
        const newestFirst = [...all].reverse()
        const docs = newestFirst.slice((q.page - 1) * q.limit, q.page * q.limit)
        return pageOf(docs, q.page, Math.ceil(all.length / q.limit))
      },
    },
  }
}

describe('withNewest', () => {
  it('keeps the older messages held when the newest page reaches back to them', () => {
    expect(ns(withNewest(messages(1, 80), messages(61, 90), false))).toEqual(ns(messages(1, 90)))
  })

  it('keeps the page alone when more than a page arrived since (a hole otherwise)', () => {
    expect(ns(withNewest(messages(1, 80), messages(100, 149), false))).toEqual(ns(messages(100, 149)))
  })

  it('drops a held message within the page that the page lacks: removed from the service', () => {
    const page = messages(61, 90).filter((m) => m.id !== 'm70')
    expect(ns(withNewest(messages(1, 80), page, false))).not.toContain(70)
    expect(ns(withNewest(messages(1, 80), page, false))).toContain(60)
  })

  it('takes a page that is the whole chat as it is, and keeps at most the newest MESSAGES_KEPT', () => {
    // The whole chat is what the service lists: the held 1..49 are messages removed there, and go. (This
    // asserted 1..60 before: the copy kept messages deleted on the service for as long as the chat fit a page.)
    expect(ns(withNewest(messages(1, 80), messages(50, 60), true))).toEqual(ns(messages(50, 60)))
    expect(withNewest(messages(1, 10), [], true)).toEqual([])
    const kept = withNewest(
      messages(1, MESSAGES_KEPT + 10),
      messages(MESSAGES_KEPT, MESSAGES_KEPT + 20),
      false,
    )
    expect(kept).toHaveLength(MESSAGES_KEPT)
    expect(ns(kept).at(-1)).toBe(MESSAGES_KEPT + 20)
  })
})

describe('heldBefore', () => {
  it('answers the page of held messages before one, and whether older ones are held', () => {
    const held = messages(1, 120)
    expect(ns(heldBefore(held, 'm71').messages)).toEqual(ns(messages(21, 70)))
    expect(heldBefore(held, 'm71').more).toBe(true)
    expect(heldBefore(held, 'm21')).toMatchObject({ more: false })
    expect(ns(heldBefore(held, 'm21').messages)).toEqual(ns(messages(1, 20)))
    expect(heldBefore(held, 'unknown')).toEqual({ messages: [], more: false })
  })
})

describe('readOlder', () => {
  it('asks the page after the ones held and answers only what is older', async () => {
    const all = messages(1, 120)
    const { client, asked } = service(all)
    const read = await readOlder(client, 'c1', messages(71, 120), 'm71')
    // The page that should hold m71 first (it ends that page), then the one after it.
    expect(asked).toEqual([1, 2])
    expect(ns(read.messages)).toEqual(ns(messages(21, 70)))
    expect(read.more).toBe(true)
    expect(ns(read.held)).toEqual(ns(messages(21, 120)))
  })

  it('asks on when messages that arrived meanwhile pushed the held ones onto the next page', async () => {
    const all = messages(1, 220) // 100 arrived since 71..120 were read
    const { client, asked } = service(all)
    const read = await readOlder(client, 'c1', messages(71, 120), 'm71')
    expect(asked).toEqual([1, 2, 3, 4])
    expect(ns(read.messages)).toEqual(ns(messages(21, 70)))
  })

  it('stops after a bounded number of pages when the service says there are more but sends none', async () => {
    let asked = 0
    const endless = {
      async listChatMessages(): Promise<Page<ChatMessage>> {
        asked++
        return pageOf([], asked, 1e9)
      },
    }
    const read = await readOlder(endless, 'c1', messages(1, 50), 'm1')
    expect(asked).toBe(4)
    expect(read).toMatchObject({ messages: [], more: false })
  })

  it('leaves no hole when a message newer than the oldest shown was removed from the service', async () => {
    const all = messages(1, 120).filter((m) => m.id !== 'm100')
    const { client } = service(all)
    const read = await readOlder(client, 'c1', messages(71, 120), 'm71')
    // m71 and m70 are on page 1 now; page 2 goes on from m70.
    expect(ns(read.messages)).toEqual(ns(messages(20, 70)))
  })

  it("pages back past the copy's cap from what the page shows, not the same page again", async () => {
    const { client, asked } = service(messages(1, 3099))
    const held = messages(3100 - MESSAGES_KEPT, 3099)
    const from = { before: 'm1050', at: message(1050).createdAt, shown: 2050 }
    const read = await readOlder(client, 'c1', held, from)
    expect(ns(read.messages)).toEqual(ns(messages(1000, 1049)))
    expect(asked).toEqual([41, 42])
    // Not held: the copy keeps its newest MESSAGES_KEPT without a hole.
    expect(read.held).toEqual(held)
  })
})
