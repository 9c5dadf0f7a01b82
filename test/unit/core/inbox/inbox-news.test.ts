import { describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../../common/inbox'
import { createInboxNews, INBOX_NEWS_GAP_MS, type InboxNews } from '../../../../main/core/inbox/inbox-news'

const entry = (id: string, accountId: string, at: string, from = 'Dian'): InboxEntry => ({
  id,
  kind: 'comment',
  accountId,
  at,
  status: 'pending',
  from,
  text: `text of ${id}`,
})

function setup() {
  let now = 1_000_000
  const shown: InboxNews[] = []
  const news = createInboxNews({ now: () => now, show: (n) => shown.push({ ...n }) })
  return { news, shown, step: (ms: number) => (now += ms) }
}

describe('inbox news', () => {
  it('one notification per account for a read, whatever the number of messages, naming the newest', () => {
    const { news, shown } = setup()
    news.arrived('p1', [
      entry('c1', 'a1', '2026-12-01T10:00:00Z'),
      entry('c2', 'a1', '2026-12-01T10:05:00Z', 'Budi'),
      entry('c3', 'a1', '2026-12-01T10:01:00Z'),
      entry('c4', 'a2', '2026-12-01T10:02:00Z'),
    ])
    expect(shown.map((n) => [n.accountId, n.count, n.latest.id])).toEqual([
      ['a1', 3, 'c2'],
      ['a2', 1, 'c4'],
    ])
  })

  it('at most one per account every five minutes: what comes meanwhile waits and is counted into the next', () => {
    const { news, shown, step } = setup()
    news.arrived('p1', [entry('c1', 'a1', '2026-12-01T10:00:00Z')])
    expect(shown).toHaveLength(1)
    step(3 * 60_000)
    news.arrived('p1', [entry('c2', 'a1', '2026-12-01T10:03:00Z'), entry('c3', 'a2', '2026-12-01T10:03:00Z')])
    // Another account has its own five minutes.
    expect(shown.map((n) => n.accountId)).toEqual(['a1', 'a2'])
    step(INBOX_NEWS_GAP_MS - 3 * 60_000 - 1)
    news.arrived('p1', [entry('c4', 'a1', '2026-12-01T10:04:00Z')])
    expect(shown).toHaveLength(2)
    step(1)
    // A read that found nothing new still lets what waited through.
    news.arrived('p1', [])
    expect(shown.map((n) => [n.accountId, n.count, n.latest.id])).toEqual([
      ['a1', 1, 'c1'],
      ['a2', 1, 'c3'],
      ['a1', 2, 'c4'],
    ])
  })

  it("keeps each profile's news apart: another profile's read does not show them", () => {
    const { news, shown, step } = setup()
    news.arrived('p1', [entry('c1', 'a1', '2026-12-01T10:00:00Z')])
    news.arrived('p1', [entry('c2', 'a1', '2026-12-01T10:01:00Z')])
    step(INBOX_NEWS_GAP_MS)
    news.arrived('p2', [])
    expect(shown).toHaveLength(1)
    news.arrived('p1', [])
    expect(shown.map((n) => [n.scope, n.count])).toEqual([
      ['p1', 1],
      ['p1', 1],
    ])
  })
})
