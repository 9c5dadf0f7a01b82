// The posts' CSV the CLI and the view's export share: a column per figure member of the rows' networks, empty
// cells for a post with no figures yet, and every cell through the planner's formula guard.
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { PostRow } from '../../../../common/insights'
import { postsCsv } from '../../../../main/core/insights/insights-csv'

const row = (over: Partial<PostRow>): PostRow => ({
  contentId: 'c1',
  accountId: 'a1',
  network: 'instagram',
  type: 'image',
  publishedAt: Date.parse('2026-11-20T12:00:00.000Z'),
  title: 'Kopi pagi',
  figures: { like: 10, comment: 2, share: 1, saved: 3 },
  engagement: 16,
  asOf: Date.parse('2026-11-28T12:00:00.000Z'),
  ...over,
})

describe('postsCsv', () => {
  it('writes one row a post with its figures, and nothing where a post has none yet', () => {
    const csv = postsCsv([row({}), row({ contentId: 'c2', figures: null, engagement: null, asOf: null })])
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true })
    const fields = parsed.meta.fields!
    expect(fields.slice(0, 7)).toEqual(['id', 'publishedAt', 'type', 'title', 'url', 'engagement', 'asOf'])
    // The network's members in the service's order, those these posts lack included.
    expect(fields.slice(7)).toEqual(expect.arrayContaining(['like', 'comment', 'share', 'saved']))
    expect(parsed.data[0]).toMatchObject({ id: 'c1', engagement: '16', like: '10', saved: '3' })
    expect(parsed.data[1]).toMatchObject({ id: 'c2', engagement: '', asOf: '', like: '' })
    expect(csv.endsWith('\r\n')).toBe(true)
  })

  it('guards a caption a spreadsheet would run as a formula', () => {
    const csv = postsCsv([row({ title: '=HYPERLINK("http://evil.example","win")' })])
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true })
    expect(parsed.data[0]!.title).toBe(`'=HYPERLINK("http://evil.example","win")`)
  })
})
