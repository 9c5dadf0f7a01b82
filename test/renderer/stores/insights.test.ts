// The insights store over main's answers (renderer/stores/insights.ts): a period switch keeps the heat map and
// best slots it already shows when main gives them again unchanged (they are the whole history's), so the page
// does not draw their 168 cells again before the chart; and the posts table's rows are a page of main's, read
// after the figures, in the order chosen, first rows again for another period.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { MAX_POSTS_PAGE } from '../../../common/insights-calls'
import { afterNextPaint } from '../../../renderer/lib/next-frame'
import { POSTS_FIRST, POSTS_MORE, useInsightsStore } from '../../../renderer/stores/insights'
import { INSIGHTS_NOW, insightsPosts, insightsView } from '../support/insights-fixtures'
import { setupTest } from '../support/mount'

const ZONE = 'Asia/Jakarta'
/** The frame after the figures painted, and what was asked after it answered: the table's rows. */
async function painted() {
  await new Promise<void>((resolve) => afterNextPaint(resolve))
  await flushPromises()
}

function setup() {
  const context = setupTest({
    data: { insightsView: insightsView, insightsPosts: insightsPosts('acc-ig', 400) },
  })
  const store = useInsightsStore()
  store.select('acc-ig')
  return { store, fake: context.fake }
}

describe('insights store', () => {
  it('keeps the heat map, best slots and posts’ columns it shows when a period switch gives them again unchanged', async () => {
    const { store } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    const first = store.view!
    store.period = 365
    await store.load(ZONE, INSIGHTS_NOW)
    expect(store.view!.days).toHaveLength(365)
    expect(store.view!.heat).toBe(first.heat)
    expect(store.view!.best).toBe(first.best)
    expect(store.view!.columns).toBe(first.columns)
    expect(store.view!.engagementMembers).toBe(first.engagementMembers)
  })

  it('takes a changed heat map, and another zone’s, as main gives it', async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    const first = store.view!
    fake.data.insightsView = (request) => {
      const view = insightsView(request)
      view.heat.cells[5]!.posts += 1
      return view
    }
    await store.load(ZONE, INSIGHTS_NOW)
    expect(store.view!.heat).not.toBe(first.heat)
    expect(store.view!.heat.cells[5]!.posts).toBe(first.heat.cells[5]!.posts + 1)
    expect(store.view!.best).toBe(first.best)
    const before = store.view!
    await store.load('Europe/Paris', INSIGHTS_NOW)
    expect(store.view!.heat).not.toBe(before.heat)
    expect(store.view!.heat.timeZone).toBe('Europe/Paris')
  })

  it('reads the table’s rows after the frame with the figures, not in their task', async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    await flushPromises()
    expect(store.view).not.toBeNull()
    expect(fake.requests('insights:posts')).toHaveLength(0)
    await painted()
    expect(store.posts!.rows).toHaveLength(POSTS_FIRST)
  })

  it('reads the table’s first rows after the figures, more on request, in the order chosen, first rows again for another period', async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    const asked = () => fake.requests('insights:posts')
    expect(asked()).toHaveLength(1)
    expect(store.posts!.rows).toHaveLength(POSTS_FIRST)
    expect(store.posts!.total).toBe(400)
    expect(asked()[0]).toMatchObject({
      accountId: 'acc-ig',
      since: store.view!.since,
      sort: { key: 'publishedAt', descending: true },
      limit: POSTS_FIRST,
    })

    await store.morePosts()
    expect(store.posts!.rows).toHaveLength(POSTS_FIRST + POSTS_MORE)
    await store.sortPosts('engagement')
    expect(asked().at(-1)).toMatchObject({
      sort: { key: 'engagement', descending: true },
      limit: POSTS_FIRST + POSTS_MORE,
    })
    await store.sortPosts('engagement')
    expect(store.posts!.sort).toEqual({ key: 'engagement', descending: false })
    await store.sortPosts('title')
    expect(store.posts!.sort).toEqual({ key: 'title', descending: false })

    // A refresh of the same period keeps what was shown; another period starts again from the first rows.
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    expect(store.posts!.rows).toHaveLength(POSTS_FIRST + POSTS_MORE)
    store.period = 365
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    expect(asked().at(-1)).toMatchObject({ limit: POSTS_FIRST, sort: { key: 'title', descending: false } })
    expect(store.posts!.rows).toHaveLength(POSTS_FIRST)
  })

  it('asks at most the rows one page of main’s holds, however often more is asked', async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    for (let i = 0; i < Math.ceil(MAX_POSTS_PAGE / POSTS_MORE) + 2; i += 1) await store.morePosts()
    const limits = fake.requests('insights:posts').map((request) => request.limit)
    expect(Math.max(...limits)).toBe(MAX_POSTS_PAGE)
    expect(store.postsError).toBeNull()
  })

  it('a double click on "show more" adds one step of rows, not two', async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    await Promise.all([store.morePosts(), store.morePosts()])
    expect(fake.requests('insights:posts').map((request) => request.limit)).toEqual([
      POSTS_FIRST,
      POSTS_FIRST + POSTS_MORE,
    ])
    expect(store.posts!.rows).toHaveLength(POSTS_FIRST + POSTS_MORE)
  })

  it("shows no account's table failure on another, and no profile's order on the next", async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    fake.fail('insights:posts', { kind: 'internal', message: 'disk I/O error' })
    await store.sortPosts('engagement')
    expect(store.postsError).not.toBeNull()
    store.select('acc-fb')
    expect(store.postsError).toBeNull()
    store.reset()
    expect(store.postsSort).toEqual({ key: 'publishedAt', descending: true })
  })

  it('answers a page for the account shown only: one that arrives after a switch is dropped', async () => {
    const { store, fake } = setup()
    await store.load(ZONE, INSIGHTS_NOW)
    await painted()
    const release = fake.hold('insights:posts')
    const more = store.morePosts()
    store.select('acc-fb')
    release()
    await more
    expect(store.posts).toBeNull()
  })
})
