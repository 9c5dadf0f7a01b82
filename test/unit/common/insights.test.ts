// Reading figures as the service sends them (members vary by network, numbers may come as text) and the one
// engagement figure per network.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  accountFiguresSchema,
  contentPageSchema,
  engagementOf,
  ENGAGEMENT_MEMBERS,
  FIGURE_MEMBERS,
  figureColumns,
  postFiguresSchema,
} from '../../../common/insights'

type Examples = Record<string, { value: Record<string, unknown> }>
const DOC = JSON.parse(
  readFileSync(new URL('../../../sandbox/reference/service-openapi-newer.json', import.meta.url), 'utf8'),
) as {
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { examples: Examples }> }> } }
  >
}
const examples = (path: string) =>
  DOC.paths[path]!.get.responses['200']!.content['application/json']!.examples

describe('postFiguresSchema', () => {
  it("reads every network's example as its numbers, and knows each network's members in the example's order", () => {
    for (const [network, { value }] of Object.entries(examples('/public/content/{contentId}/statistic'))) {
      const figures = postFiguresSchema.parse(value)
      expect(figures, network).toEqual(value)
      expect(FIGURE_MEMBERS[network], network).toEqual(Object.keys(value))
      // Every engagement member is one the network answers.
      for (const key of ENGAGEMENT_MEMBERS[network]!) expect(Object.keys(value), network).toContain(key)
    }
  })

  it('takes numbers sent as text, leaves out what is not a number, and refuses what is not an object', () => {
    expect(postFiguresSchema.parse({ like: '12', comment: null, share: 'many', views: 3.5, x: {} })).toEqual({
      like: 12,
      views: 3.5,
    })
    expect(postFiguresSchema.safeParse([1, 2]).success).toBe(false)
    expect(postFiguresSchema.safeParse('12').success).toBe(false)
  })
})

describe('accountFiguresSchema', () => {
  it("reads Threads' totals, followers and daily views, and TikTok's counted days of followers", () => {
    const all = examples('/public/account/{accountId}/statistic')
    const threads = accountFiguresSchema.parse(all.threads!.value)
    expect(threads.followers).toBe(290)
    expect(threads.totals).toMatchObject({ likes: 23, views: 6246, clicks: 53, followersCount: 290 })
    expect(threads.dailyViews[0]).toEqual({ day: '2026-07-13', value: 2473 })
    expect(threads.dailyViews).toHaveLength(8)
    const tiktok = accountFiguresSchema.parse(all.tiktok!.value)
    expect(tiktok.followers).toBe(58154)
    // The example's 20 July is all zeros (not counted yet): left out, not read as 0 followers.
    expect(tiktok.dailyFollowers.map((d) => d.day)).not.toContain('2026-07-20')
    expect(tiktok.dailyFollowers).toContainEqual({ day: '2026-07-19', value: 58172 })
    const instagram = accountFiguresSchema.parse(all.instagram!.value)
    expect(instagram.followers).toBeUndefined()
    expect(instagram.dailyViews).toEqual([])
  })
})

describe('engagementOf', () => {
  it("sums the network's engagement members, and the shared ones for a network it does not know", () => {
    expect(
      engagementOf('instagram', { like: 5, comment: 2, share: 1, saved: 3, views: 1000, reach: 400 }),
    ).toBe(11)
    expect(engagementOf('threads', { like: 5, replies: 1, repost: 2, quotes: 1, share: 1, views: 90 })).toBe(
      10,
    )
    expect(engagementOf('mastodon', { like: 2, comment: 1, share: 1, boosts: 9 })).toBe(4)
    expect(engagementOf('facebook', {})).toBe(0)
  })
})

describe('figureColumns', () => {
  it("lists each network's members once, in order, then any other member answered", () => {
    expect(figureColumns(['facebook', 'linkedin'], [{ like: 1, reactions: 2 }])).toEqual([
      'like',
      'comment',
      'share',
      'reactions',
    ])
  })
})

describe('contentPageSchema', () => {
  it("reads the OpenAPI's example page: ids, times, a title from the caption, the video's thumbnail, the token", () => {
    const example = (
      DOC.paths['/public/content']!.get.responses['200']!.content['application/json'] as unknown as {
        example: { docs: unknown[]; nextToken: string }
      }
    ).example
    const page = contentPageSchema.parse(example)
    expect(page.docs).toHaveLength(example.docs.length)
    expect(page.skipped).toBe(0)
    expect(page.nextToken).toBe(example.nextToken)
    expect(page.docs[0]).toEqual({
      id: '113958387982006_942538351814577',
      type: 'text',
      publishedAt: Date.parse('2026-03-17T09:07:00.000Z'),
      title: 'JHAJSHAJSA',
      url: 'https://facebook.com/113958387982006_942538351814577',
    })
    expect(page.docs[1]!.thumbnail).toMatch(/^https:\/\/scontent/)
    expect(page.docs[1]!.title).toMatch(/^Tiga Permintaan/)
  })

  it('leaves out a content without an id or a time, and reads an empty token as the last page', () => {
    const page = contentPageSchema.parse({
      docs: [
        { id: 'a', createdAt: 'yesterday' },
        { createdAt: '2026-07-01T00:00:00Z' },
        { id: 7, createdAt: '2026-07-01T00:00:00Z' },
        'x',
      ],
      nextToken: '',
    })
    expect(page.docs.map((d) => d.id)).toEqual(['7'])
    expect(page.skipped).toBe(3)
    expect(page.nextToken).toBeUndefined()
    expect(contentPageSchema.safeParse({ items: [] }).success).toBe(false)
  })
})
