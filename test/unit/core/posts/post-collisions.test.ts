// The matching behind the composer's collision warnings: the 30-minute window on both sides (inclusive), the
// 30 days of published posts, text compared as a network would (case, width, spaces, zero-width marks), media
// by their stored key whatever the address's host or query, and by id where both sides know it.
import { describe, expect, it } from 'vitest'
import type { Schedule, ScheduleStatus } from '../../../../common/service'
import {
  checkCollisions,
  findCollisions,
  mediaKeyOf,
  normalizeText,
  type CollisionQuery,
} from '../../../../main/core/posts/post-collisions'

const MIN = 60_000
const DAY = 24 * 60 * MIN
const NOW = Date.parse('2026-12-01T08:00:00.000Z')
const AT = Date.parse('2026-12-01T10:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()
const KEY = 'uploads/u1/4f1c.png'

let seq = 0
function post(over: Partial<Schedule> & { at?: number; status?: ScheduleStatus } = {}): Schedule {
  const { at, ...rest } = over
  return {
    _id: `s${++seq}`,
    title: '',
    description: 'Another caption',
    topic: '',
    type: 'image',
    medias: [],
    status: 'pending',
    scheduleAt: iso(at ?? AT + 3 * 60 * MIN),
    replies: [],
    accountId: 'ig',
    account: {
      _id: 'ig',
      name: 'Kopi Senja',
      username: 'k',
      picture: '',
      isConnected: true,
      type: 'instagram',
    },
    ...rest,
  } as Schedule
}

function query(over: Partial<CollisionQuery> = {}): CollisionQuery {
  return {
    scheduleAt: iso(AT),
    accounts: [{ id: 'ig', text: 'Promo gula aren minggu ini' }],
    media: [],
    ...over,
  }
}

const kinds = (q: CollisionQuery, posts: Schedule[]) =>
  findCollisions(q, posts, NOW).map((c) => `${c.kind}:${c.post.id}`)

describe('findCollisions: the 30-minute window', () => {
  it('takes a post exactly 30 minutes before or after, and not a millisecond more', () => {
    const before = post({ _id: 'before', at: AT - 30 * MIN })
    const after = post({ _id: 'after', at: AT + 30 * MIN })
    const early = post({ _id: 'early', at: AT - 30 * MIN - 1 })
    const late = post({ _id: 'late', at: AT + 30 * MIN + 1 })
    expect(kinds(query(), [late, after, before, early])).toEqual(['near:before', 'near:after'])
  })

  it('looks only at the same account, and not at failed posts or the post itself', () => {
    const near = AT + 5 * MIN
    const other = post({ _id: 'other', accountId: 'fb', at: near })
    const failed = post({ _id: 'failed', status: 'error', at: near })
    const self = post({ _id: 'self', at: near })
    const published = post({ _id: 'published', status: 'success', at: AT - 10 * MIN })
    expect(kinds(query({ excludeIds: ['self'] }), [other, failed, self, published])).toEqual([
      'near:published',
    ])
  })

  it('judges each account of a multi-account post against its own posts', () => {
    const q = query({
      accounts: [
        { id: 'ig', text: 'a' },
        { id: 'fb', text: 'b' },
      ],
    })
    const found = findCollisions(q, [post({ _id: 'p', accountId: 'fb', at: AT })], NOW)
    expect(found).toMatchObject([{ kind: 'near', accountId: 'fb', post: { id: 'p' } }])
  })
})

describe('findCollisions: repeats of text and media', () => {
  it('compares text whatever its case, width, spacing and zero-width marks', () => {
    expect(normalizeText('  PROMO\u200B  gula\n\taren  ')).toBe('promo gula aren')
    expect(normalizeText('ＰＲＯＭＯ')).toBe('promo')
    const same = post({ _id: 'same', description: 'promo GULA  aren\nminggu ini ' })
    const titled = post({ _id: 'titled', title: 'Promo gula aren', description: 'minggu ini' })
    const differs = post({ _id: 'differs', description: 'Promo gula aren minggu depan' })
    expect(kinds(query(), [same, titled, differs])).toEqual(['same-text:same', 'same-text:titled'])
  })

  it('never calls two empty texts the same', () => {
    expect(kinds(query({ accounts: [{ id: 'ig', text: ' \n' }] }), [post({ description: '' })])).toEqual([])
  })

  it('counts a published post for 30 days before now, inclusive, and a scheduled one wherever it stands', () => {
    const text = 'Promo gula aren minggu ini'
    const edge = post({ _id: 'edge', description: text, status: 'success', at: NOW - 30 * DAY })
    const old = post({ _id: 'old', description: text, status: 'success', at: NOW - 30 * DAY - 1 })
    const later = post({ _id: 'later', description: text, status: 'pending', at: AT + 20 * DAY })
    const sending = post({ _id: 'sending', description: text, status: 'process', at: AT + 2 * DAY })
    expect(kinds(query(), [edge, old, later, sending])).toEqual([
      'same-text:edge',
      'same-text:sending',
      'same-text:later',
    ])
  })

  it('matches media by the stored key, whatever the host or query of the address', () => {
    expect(mediaKeyOf(`https://storage.repliz.com/${KEY}?v=2`)).toBe(KEY)
    expect(mediaKeyOf(`http://localhost:4000/${KEY}`)).toBe(KEY)
    expect(mediaKeyOf('uploads/u1/caf%C3%A9.png')).toBe('uploads/u1/café.png')
    const medium = { alt: '', type: 'image', thumbnail: '', url: `https://storage.repliz.com/${KEY}` }
    const reused = post({ _id: 'reused', medias: [medium] })
    const another = post({
      _id: 'another',
      medias: [{ ...medium, url: 'https://storage.repliz.com/uploads/u1/other.png' }],
    })
    const q = query({ media: [{ url: `http://localhost:4000/${KEY}?X-Amz-Signature=abc` }] })
    expect(kinds(q, [reused, another])).toEqual(['same-media:reused'])
  })

  it('matches media by id where both sides know it, and then only by id', () => {
    const medium = { alt: '', type: 'image', thumbnail: '', url: `https://s/${KEY}`, id: 'f1' }
    const sameId = post({ _id: 'sameId', medias: [{ ...medium, url: 'https://s/elsewhere.png' }] })
    const otherId = post({ _id: 'otherId', medias: [{ ...medium, id: 'f2' }] })
    const q = query({ media: [{ url: `https://s/${KEY}`, id: 'f1' }] })
    expect(kinds(q, [sameId, otherId])).toEqual(['same-media:sameId'])
  })

  it('names each reason a post collides for', () => {
    const twice = post({ _id: 'twice', description: 'Promo gula aren minggu ini', at: AT + 10 * MIN })
    expect(kinds(query(), [twice])).toEqual(['near:twice', 'same-text:twice'])
  })
})

describe('checkCollisions', () => {
  it("reads the accounts' posts page by page over the whole window", async () => {
    const asked: unknown[] = []
    const pages = [[post({ _id: 'a', at: AT + 40 * MIN })], [post({ _id: 'b', at: AT + 5 * MIN })]]
    const client = {
      listSchedules: async (q: { page: number }) => {
        asked.push(q)
        return { docs: pages[q.page - 1]!, hasNextPage: q.page < pages.length } as never
      },
    }
    const report = await checkCollisions(
      client,
      query({
        accounts: [
          { id: 'ig', text: 'x' },
          { id: 'ig', text: 'y' },
        ],
      }),
      NOW,
    )
    expect(report).toMatchObject({ checked: true, collisions: [{ kind: 'near', post: { id: 'b' } }] })
    expect(asked).toEqual([
      { page: 1, limit: 100, accountIds: ['ig'], fromDate: iso(NOW - 30 * DAY), toDate: iso(AT + 30 * DAY) },
      { page: 2, limit: 100, accountIds: ['ig'], fromDate: iso(NOW - 30 * DAY), toDate: iso(AT + 30 * DAY) },
    ])
  })

  it('says it could not check when the service cannot be read, instead of saying all is clear', async () => {
    const client = {
      listSchedules: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      },
    }
    const report = await checkCollisions(client, query(), NOW)
    expect(report.checked).toBe(false)
    expect(report.collisions).toEqual([])
    expect(report.error?.message).toContain('ECONNREFUSED')
  })
})
