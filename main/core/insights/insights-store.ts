// The insights' copy in the data folder's database (tables insight_posts, insight_accounts, insight_followers;
// migration 10; and the accounts followed, insight_follows, migration 19), per profile (scope): the views, the
// CLI and the refresh read it, so figures show offline with the time they were read, and the refresh knows what
// it read when. Figures are kept as the service answered them (its numeric members): a member added later needs
// no new column.
import type { AccountFigures, PostFigures } from '../../../common/insights'
import type { AppDatabase } from '../db/database'
import type { FollowerSnapshot } from './period'
import { sqlOf } from '../db/handle'
import type { z } from 'zod'
import { columnsOf, parseRow, parseRows } from '../db/rows'
import {
  insightAccountsTable,
  insightFollowersTable,
  insightFollowsTable,
  insightPostsTable,
} from './insight-rows'

export type FiguresStatus = 'unread' | 'ok' | 'none'

/** A post as the service listed it. */
export interface ListedPost {
  contentId: string
  type: string
  publishedAt: number
  title: string
  thumbnail?: string
  url?: string
}

export interface StoredPost extends ListedPost {
  accountId: string
  network: string
  figures: PostFigures | null
  status: FiguresStatus
  /** When its figures were last asked for; null when never. */
  fetchedAt: number | null
}

export interface StoredAccount {
  accountId: string
  network: string
  figures: AccountFigures | null
  fetchedAt: number | null
  /** When its list of posts was last walked to the end; null when never. */
  listedAt: number | null
}

export interface InsightsStore {
  /** Adds or updates posts as listed; their figures stay. */
  savePosts(
    scope: string,
    accountId: string,
    network: string,
    posts: readonly ListedPost[],
    now: number,
  ): void
  /** Which of these content ids are already known. */
  knownIds(scope: string, accountId: string, ids: readonly string[]): Set<string>
  /** Each post's figures as read at `now` (null: the service has none), in one transaction. */
  saveFigures(
    scope: string,
    accountId: string,
    read: ReadonlyArray<{ contentId: string; figures: PostFigures | null }>,
    now: number,
  ): void
  /** Posts of the account, oldest first, optionally those published in [since, until). */
  posts(scope: string, accountId: string, range?: { since?: number; until?: number }): StoredPost[]
  account(scope: string, accountId: string): StoredAccount | null
  saveAccountFigures(
    scope: string,
    accountId: string,
    network: string,
    figures: AccountFigures | null,
    now: number,
  ): void
  markListed(scope: string, accountId: string, network: string, now: number): void
  /** Keeps the day's follower count (the last one read that day wins), and each counted day's from a graph. */
  saveFollowers(scope: string, accountId: string, snapshots: readonly FollowerSnapshot[], now: number): void
  followers(scope: string, accountId: string): FollowerSnapshot[]
  /** Follows these accounts in the background from now on (kept across restarts). */
  follow(scope: string, accounts: ReadonlyArray<{ id: string; network: string }>, now: number): void
  /** The accounts followed on this copy, in the order first followed. */
  followed(scope: string): Array<{ id: string; network: string }>
  /** Some copy follows an account: the background refresh has work after a restart. */
  followsAny(): boolean
}

type PostRow = z.output<typeof insightPostsTable.columns>

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null
  try {
    return JSON.parse(text) as T
  } catch {
    // A damaged value reads as never read: the next refresh reads it again.
    return null
  }
}

function toPost(row: PostRow): StoredPost {
  const figures = parseJson<PostFigures>(row.figures)
  return {
    accountId: row.account_id,
    contentId: row.content_id,
    network: row.network,
    type: row.type,
    publishedAt: row.published_at,
    title: row.title,
    ...(row.thumbnail === null ? {} : { thumbnail: row.thumbnail }),
    ...(row.url === null ? {} : { url: row.url }),
    figures,
    // A status this version does not know reads as unread: the next refresh reads the figures again.
    status: (row.status === 'ok' && figures !== null) || row.status === 'none' ? row.status : 'unread',
    fetchedAt: row.fetched_at,
  }
}

/** Accounts whose whole history a store keeps parsed in memory (the last ones read). */
const HISTORIES_KEPT = 8

export function openInsightsStore(database: AppDatabase): InsightsStore {
  const db = sqlOf(database)
  const upsertPost = db.prepare(`
    INSERT INTO insight_posts (scope, account_id, content_id, network, type, published_at, title, thumbnail, url,
      listed_at, figures, status, fetched_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 'unread', NULL)
    ON CONFLICT (scope, account_id, content_id) DO UPDATE SET
      network = excluded.network, type = excluded.type, published_at = excluded.published_at,
      title = excluded.title, thumbnail = excluded.thumbnail, url = excluded.url, listed_at = excluded.listed_at`)
  const known = db.prepare(
    'SELECT 1 FROM insight_posts WHERE scope = ? AND account_id = ? AND content_id = ?',
  )
  const setFigures = db.prepare(`
    UPDATE insight_posts SET
      figures = CASE WHEN ? IS NULL THEN figures ELSE ? END,
      status = CASE WHEN ? IS NULL THEN (CASE WHEN figures IS NULL THEN 'none' ELSE status END) ELSE 'ok' END,
      fetched_at = ?
    WHERE scope = ? AND account_id = ? AND content_id = ?`)
  const allPosts = db.prepare(`
    SELECT * FROM insight_posts WHERE scope = ? AND account_id = ? AND published_at >= ? AND published_at < ?
    ORDER BY published_at, content_id`)
  const oneAccount = db.prepare('SELECT * FROM insight_accounts WHERE scope = ? AND account_id = ?')
  const upsertAccountFigures = db.prepare(`
    INSERT INTO insight_accounts (scope, account_id, network, figures, fetched_at, listed_at)
    VALUES (?, ?, ?, ?, ?, NULL)
    ON CONFLICT (scope, account_id) DO UPDATE SET
      network = excluded.network, figures = excluded.figures, fetched_at = excluded.fetched_at`)
  const upsertListed = db.prepare(`
    INSERT INTO insight_accounts (scope, account_id, network, figures, fetched_at, listed_at)
    VALUES (?, ?, ?, NULL, NULL, ?)
    ON CONFLICT (scope, account_id) DO UPDATE SET network = excluded.network, listed_at = excluded.listed_at`)
  const upsertFollowers = db.prepare(`
    INSERT INTO insight_followers (scope, account_id, day, followers, fetched_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (scope, account_id, day) DO UPDATE SET
      followers = excluded.followers, fetched_at = excluded.fetched_at`)
  const allFollowers = db.prepare(
    'SELECT day, followers FROM insight_followers WHERE scope = ? AND account_id = ? ORDER BY day',
  )

  const upsertFollow = db.prepare(`
    INSERT INTO insight_follows (scope, account_id, network, followed_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (scope, account_id) DO UPDATE SET network = excluded.network, followed_at = excluded.followed_at`)
  const allFollows = db.prepare(
    'SELECT account_id, network FROM insight_follows WHERE scope = ? ORDER BY rowid',
  )
  const anyFollow = db.prepare('SELECT 1 FROM insight_follows LIMIT 1')
  const dataVersion = db.prepare('PRAGMA data_version')

  // Each account's posts as last read, whole and oldest first: the view reads a year of them for every period
  // and every redraw, and parsing 2,000 rows and their figures is most of what a period switch costs. A write
  // through this store, or a commit by another connection (the CLI beside the app: PRAGMA data_version), makes
  // every copy read again.
  let writes = 0
  const histories = new Map<string, { writes: number; version: unknown; posts: StoredPost[] }>()
  const write = (fn: () => void) => {
    writes++
    try {
      database.write('the insights', fn)
    } finally {
      writes++
    }
  }
  function history(scope: string, accountId: string): StoredPost[] {
    const key = `${scope}\u0000${accountId}`
    const version = dataVersion.get()?.data_version
    const kept = histories.get(key)
    if (kept && kept.writes === writes && kept.version === version) return kept.posts
    const posts = parseRows(
      'insight_posts',
      insightPostsTable.columns,
      allPosts.all(scope, accountId, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    ).map(toPost)
    histories.delete(key)
    histories.set(key, { writes, version, posts })
    // The last few accounts looked at: a profile of many accounts does not keep every history in memory.
    for (const old of histories.keys()) {
      if (histories.size <= HISTORIES_KEPT) break
      histories.delete(old)
    }
    return posts
  }
  return {
    savePosts(scope, accountId, network, posts, now) {
      write(() => {
        for (const p of posts) {
          upsertPost.run(
            scope,
            accountId,
            p.contentId,
            network,
            p.type,
            p.publishedAt,
            p.title,
            p.thumbnail ?? null,
            p.url ?? null,
            now,
          )
        }
      })
    },
    knownIds: (scope, accountId, ids) =>
      new Set(ids.filter((id) => known.get(scope, accountId, id) !== undefined)),
    saveFigures(scope, accountId, read, now) {
      // A 404 after figures were known keeps them (a platform that lost them for a while has not zeroed them).
      write(() => {
        for (const { contentId, figures } of read) {
          const text = figures === null ? null : JSON.stringify(figures)
          setFigures.run(text, text, text, now, scope, accountId, contentId)
        }
      })
    },
    posts(scope, accountId, range = {}) {
      const since = range.since ?? Number.MIN_SAFE_INTEGER
      const until = range.until ?? Number.MAX_SAFE_INTEGER
      return history(scope, accountId).filter((p) => p.publishedAt >= since && p.publishedAt < until)
    },
    account(scope, accountId) {
      const row = parseRow('insight_accounts', insightAccountsTable.columns, oneAccount.get(scope, accountId))
      if (!row) return null
      return {
        accountId,
        network: row.network,
        figures: parseJson<AccountFigures>(row.figures),
        fetchedAt: row.fetched_at,
        listedAt: row.listed_at,
      }
    },
    saveAccountFigures(scope, accountId, network, figures, now) {
      write(() =>
        upsertAccountFigures.run(
          scope,
          accountId,
          network,
          figures === null ? null : JSON.stringify(figures),
          now,
        ),
      )
    },
    markListed(scope, accountId, network, now) {
      write(() => upsertListed.run(scope, accountId, network, now))
    },
    saveFollowers(scope, accountId, snapshots, now) {
      database.write('the insights', () => {
        for (const s of snapshots) upsertFollowers.run(scope, accountId, s.day, Math.round(s.followers), now)
      })
    },
    followers: (scope, accountId): FollowerSnapshot[] =>
      parseRows(
        'insight_followers',
        columnsOf(insightFollowersTable, 'day', 'followers'),
        allFollowers.all(scope, accountId),
      ),
    follow(scope, accounts, now) {
      database.write('the insights', () => {
        for (const a of accounts) upsertFollow.run(scope, a.id, a.network, now)
      })
    },
    followed: (scope) =>
      parseRows(
        'insight_follows',
        columnsOf(insightFollowsTable, 'account_id', 'network'),
        allFollows.all(scope),
      ).map((row) => ({ id: row.account_id, network: row.network })),
    followsAny: () => anyFollow.get() !== undefined,
  }
}
