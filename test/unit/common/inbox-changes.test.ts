// What main's inbox changes make of the page's filtered list: a changed row that matches goes in (in its place,
// or where its time puts it), one that no longer matches goes, and where the page cannot know what `inbox:list`
// would answer (a search, a row past its page) it reads the list again. That the filter is the copy's own is
// checked against the database in test/unit/core/inbox/inbox-store.test.ts.
import { describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../common/inbox'
import { INBOX_LIST_MAX as INBOX_PAGE } from '../../../common/inbox-calls'
import { applyInboxChanges, matchesInboxFilter, type HeldInboxList } from '../../../common/inbox-changes'

const entry = (id: string, at: string, o: Partial<InboxEntry> = {}): InboxEntry => ({
  id,
  kind: 'chat',
  accountId: 'acc-1',
  at: `2026-11-28T${at}:00.000Z`,
  status: 'unread',
  from: 'Budi',
  text: `text of ${id}`,
  ...o,
})
const same = (a: InboxEntry, b: InboxEntry) => JSON.stringify(a) === JSON.stringify(b)
const ids = (list: HeldInboxList | 'reload') => (list === 'reload' ? list : list.items.map((e) => e.id))

describe('inbox changes on the page', () => {
  const held: HeldInboxList = {
    items: [entry('c', '12:00'), entry('b', '11:00'), entry('a', '10:00')],
    total: 3,
  }

  it('replaces a held row in its place, puts a new one where its time goes, drops a removed one', () => {
    const moved = entry('a', '13:00', { text: 'newest now' })
    const next = applyInboxChanges(held, { changed: [moved, entry('n', '11:30')], removed: ['c'] }, {}, same)
    // A row held keeps its place (J goes on to the next one), a new one is in time order.
    expect(ids(next)).toEqual(['n', 'b', 'a'])
    expect(next).toMatchObject({ total: 3 })
    expect((next as HeldInboxList).items[2]).toBe(moved)
  })

  it('a row that no longer matches the filter leaves the list; one that now matches comes in', () => {
    const filter = { status: 'unread' as const, accountIds: ['acc-1'] }
    const next = applyInboxChanges(
      held,
      {
        changed: [entry('b', '11:00', { status: 'replied' }), entry('x', '09:00', { accountId: 'acc-2' })],
        removed: [],
      },
      filter,
      same,
    )
    expect(ids(next)).toEqual(['c', 'a'])
    expect(next).toMatchObject({ total: 2 })
  })

  it('keeps the list itself when nothing of it changed', () => {
    expect(applyInboxChanges(held, { changed: [entry('b', '11:00')], removed: ['gone'] }, {}, same)).toBe(
      held,
    )
  })

  it('reads the list again for a search, or a row it does not hold while its list is not all that matches', () => {
    expect(
      applyInboxChanges(held, { changed: [entry('b', '11:00')], removed: [] }, { search: 'budi' }, same),
    ).toBe('reload')
    const page: HeldInboxList = { ...held, total: 900 }
    // Held: decided here. Not held: past the page, and maybe counted in the total already.
    expect(ids(applyInboxChanges(page, { changed: [entry('b', '11:30')], removed: [] }, {}, same))).toEqual([
      'c',
      'b',
      'a',
    ])
    expect(applyInboxChanges(page, { changed: [entry('z', '09:00')], removed: [] }, {}, same)).toBe('reload')
    expect(applyInboxChanges(page, { changed: [], removed: ['z'] }, {}, same)).toBe('reload')
  })

  it('a row the page took out itself, told again and still not matching (or removed), changes nothing', () => {
    const page: HeldInboxList = { ...held, total: 900 }
    const filter = { status: 'unread' as const }
    const resolved = entry('z', '09:00', { status: 'resolved' })
    const dropped = new Set(['z'])
    expect(applyInboxChanges(page, { changed: [resolved], removed: [] }, filter, same, dropped)).toBe(page)
    expect(applyInboxChanges(page, { changed: [], removed: ['z'] }, filter, same, dropped)).toBe(page)
    // Matching again, it may be anywhere past the page: read again.
    expect(
      applyInboxChanges(page, { changed: [entry('z', '09:00')], removed: [] }, filter, same, dropped),
    ).toBe('reload')
  })

  it('reads it again when the rows would grow past a page', () => {
    const full: HeldInboxList = {
      items: Array.from({ length: INBOX_PAGE }, (_, i) => entry(`r${i}`, '10:00')),
      total: INBOX_PAGE,
    }
    expect(applyInboxChanges(full, { changed: [entry('new', '12:00')], removed: [] }, {}, same)).toBe(
      'reload',
    )
  })

  it('matches a post’s comments by the post, and cannot judge a search', () => {
    const onPost = entry('k', '10:00', {
      kind: 'comment',
      comment: { content: { id: 'post-1' } } as InboxEntry['comment'],
    })
    expect(matchesInboxFilter(onPost, { contentId: 'post-1' })).toBe(true)
    expect(matchesInboxFilter(onPost, { contentId: 'post-2' })).toBe(false)
    expect(matchesInboxFilter(entry('c', '10:00'), { contentId: 'post-1' })).toBe(false)
    expect(matchesInboxFilter(onPost, { kind: 'chat' })).toBe(false)
    expect(matchesInboxFilter(onPost, { search: '  ' })).toBe(true)
    expect(matchesInboxFilter(onPost, { search: 'x' })).toBeUndefined()
  })
})
