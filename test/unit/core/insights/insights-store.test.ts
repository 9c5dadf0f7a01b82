// The insights' copy on a real SQLite file: posts as listed keep their figures, a 404 after figures keeps them,
// a damaged value reads as unread, and every row is its profile's.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { openInsightsStore } from '../../../../main/core/insights/insights-store'
import { sqlOf } from '../../../../main/core/db/handle'

const open: AppDatabase[] = []
afterEach(() => {
  for (const database of open.splice(0)) database.close()
})

function store() {
  const database = openDatabase({
    file: join(mkdtempSync(join(tmpdir(), 'mediadeck-insights-')), 'mediadeck.db'),
  })
  open.push(database)
  return { database, store: openInsightsStore(database) }
}

const listed = (id: string, publishedAt: number) => ({
  contentId: id,
  type: 'image',
  publishedAt,
  title: `Post ${id}`,
})

describe('insights store', () => {
  it('keeps figures when a post is listed again, and keeps them through a later 404', () => {
    const { store: s } = store()
    s.savePosts('p1', 'a1', 'instagram', [listed('c1', 100), listed('c2', 50)], 1000)
    expect(s.posts('p1', 'a1').map((p) => [p.contentId, p.status, p.fetchedAt])).toEqual([
      ['c2', 'unread', null],
      ['c1', 'unread', null],
    ])
    s.saveFigures('p1', 'a1', [{ contentId: 'c1', figures: { like: 4 } }], 2000)
    s.savePosts(
      'p1',
      'a1',
      'instagram',
      [{ ...listed('c1', 100), title: 'Renamed', thumbnail: 'https://x/t.jpg' }],
      3000,
    )
    expect(s.posts('p1', 'a1', { since: 100 })).toEqual([
      {
        accountId: 'a1',
        contentId: 'c1',
        network: 'instagram',
        type: 'image',
        publishedAt: 100,
        title: 'Renamed',
        thumbnail: 'https://x/t.jpg',
        figures: { like: 4 },
        status: 'ok',
        fetchedAt: 2000,
      },
    ])
    s.saveFigures(
      'p1',
      'a1',
      [
        { contentId: 'c1', figures: null },
        { contentId: 'c2', figures: null },
      ],
      4000,
    )
    const [c2, c1] = s.posts('p1', 'a1')
    expect([c1!.status, c1!.figures, c1!.fetchedAt]).toEqual(['ok', { like: 4 }, 4000])
    expect([c2!.status, c2!.figures]).toEqual(['none', null])
    expect(s.knownIds('p1', 'a1', ['c1', 'c3'])).toEqual(new Set(['c1']))
    expect(s.posts('p2', 'a1')).toEqual([])
  })

  it('keeps the account figures, the listing time and one follower count per day', () => {
    const { store: s } = store()
    expect(s.account('p1', 'a1')).toBeNull()
    s.markListed('p1', 'a1', 'threads', 500)
    s.saveAccountFigures(
      'p1',
      'a1',
      'threads',
      { totals: { likes: 2 }, followers: 9, dailyViews: [], dailyFollowers: [] },
      600,
    )
    expect(s.account('p1', 'a1')).toMatchObject({ listedAt: 500, fetchedAt: 600, figures: { followers: 9 } })
    s.saveFollowers(
      'p1',
      'a1',
      [
        { day: '2026-07-15', followers: 9 },
        { day: '2026-07-14', followers: 7 },
      ],
      600,
    )
    s.saveFollowers('p1', 'a1', [{ day: '2026-07-15', followers: 11 }], 700)
    expect(s.followers('p1', 'a1')).toEqual([
      { day: '2026-07-14', followers: 7 },
      { day: '2026-07-15', followers: 11 },
    ])
  })

  it('reads a damaged figures value as unread rather than failing the list', () => {
    const { database, store: s } = store()
    s.savePosts('p1', 'a1', 'instagram', [listed('c1', 100)], 1000)
    sqlOf(database).prepare("UPDATE insight_posts SET figures = '{not json', status = 'ok'").run()
    expect(s.posts('p1', 'a1')[0]).toMatchObject({ figures: null, status: 'unread' })
  })

  it("keeps an account's history parsed between reads, and reads it again after any write, its own or another process's", () => {
    const { database, store: app } = store()
    app.savePosts('p1', 'a1', 'instagram', [listed('c1', 100), listed('c2', 200)], 1000)
    expect(app.posts('p1', 'a1', { since: 150 }).map((p) => p.contentId)).toEqual(['c2'])
    // Its own write.
    app.saveFigures('p1', 'a1', [{ contentId: 'c2', figures: { like: 3 } }], 2000)
    expect(app.posts('p1', 'a1', { since: 150 })[0]).toMatchObject({ figures: { like: 3 }, status: 'ok' })
    // Another connection on the same file (the CLI beside the app) commits: the app reads it.
    const file = join(sqlOf(database).location()!)
    const cliDatabase = openDatabase({ file })
    open.push(cliDatabase)
    const cli = openInsightsStore(cliDatabase)
    cli.saveFigures('p1', 'a1', [{ contentId: 'c2', figures: { like: 8 } }], 3000)
    cli.savePosts('p1', 'a1', 'instagram', [listed('c3', 300)], 3000)
    expect(app.posts('p1', 'a1').map((p) => [p.contentId, p.figures?.like ?? null])).toEqual([
      ['c1', null],
      ['c2', 8],
      ['c3', null],
    ])
  })
})
