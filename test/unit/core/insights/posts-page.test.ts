// The posts table's page as main gives it (main/core/insights/posts-page.ts): the period's rows in the order
// asked, a post without figures last whichever way a figure is sorted, ties newest first, and only the first
// `limit` of them with how many there are.
import { describe, expect, it } from 'vitest'
import type { PostRow } from '../../../../common/insights'
import { postsPage, sortRows } from '../../../../main/core/insights/posts-page'

function row(id: string, publishedAt: number, figures: Record<string, number> | null, title = id): PostRow {
  return {
    contentId: id,
    accountId: 'a',
    network: 'instagram',
    type: id.startsWith('v') ? 'video' : 'image',
    publishedAt,
    title,
    figures,
    engagement: figures ? (figures.like ?? 0) : null,
    asOf: figures ? 1 : null,
  }
}

const rows = [
  row('i1', 100, { like: 5, reach: 50 }, 'Bakso'),
  row('v2', 200, null, 'apel'),
  row('i3', 300, { like: 9 }, 'Cendol'),
  row('v4', 400, { like: 5, reach: 10 }, 'durian'),
]
const ids = (list: readonly PostRow[]) => list.map((r) => r.contentId)

describe('sortRows', () => {
  it('sorts by a figure either way with the posts without it last, ties newest first', () => {
    expect(ids(sortRows(rows, 'engagement', true))).toEqual(['i3', 'v4', 'i1', 'v2'])
    expect(ids(sortRows(rows, 'engagement', false))).toEqual(['v4', 'i1', 'i3', 'v2'])
    expect(ids(sortRows(rows, 'reach', true))).toEqual(['i1', 'v4', 'i3', 'v2'])
    expect(ids(sortRows(rows, 'reach', false))).toEqual(['v4', 'i1', 'i3', 'v2'])
  })

  it('sorts titles without regard to case, and by time and type', () => {
    expect(ids(sortRows(rows, 'title', false))).toEqual(['v2', 'i1', 'i3', 'v4'])
    expect(ids(sortRows(rows, 'publishedAt', true))).toEqual(['v4', 'i3', 'v2', 'i1'])
    expect(ids(sortRows(rows, 'type', false))).toEqual(['i3', 'i1', 'v4', 'v2'])
  })

  it("takes a key that is no figure, an object's own property names included, as none", () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'nope'])
      expect(ids(sortRows(rows, key, true))).toEqual(['v4', 'i3', 'v2', 'i1'])
  })
})

describe('postsPage', () => {
  it('gives the first rows in the order asked, how many there are, and the order it used', () => {
    const sort = { key: 'engagement', descending: true }
    expect(postsPage(rows, sort, 2)).toEqual({ rows: [rows[2], rows[3]], total: 4, sort })
    expect(postsPage(rows, sort, 10).rows).toHaveLength(4)
    expect(postsPage([], sort, 10)).toEqual({ rows: [], total: 0, sort })
  })
})
