// The inbox's copy in the data folder's database (inbox_items, inbox_scopes; migration 15), per profile
// (scope): what the last refresh read, so the inbox opens offline with every conversation seen and when it was
// read. A refresh that read every page replaces the profile's list (a conversation the service no longer lists
// goes); one that stopped part-way only adds and updates. A chat's messages are kept as last read when it was
// opened, and survive a refresh. Rows are read through their declaration (inbox-rows.ts): an unreadable one is
// set aside, never fatal.
import type { InboxEntry, InboxFilter } from '../../../common/inbox'
import { INBOX_LIST_MAX } from '../../../common/inbox'
import type { ChatMessage } from '../../../common/service'
import type { AppDatabase } from '../db/database'
import { sqlOf } from '../db/handle'
import { columnsOf, countRow, parseRow, parseRows, readRow } from '../db/rows'
import { inboxItemsTable, inboxScopesTable } from './inbox-rows'
import { searchText } from './inbox-entry'
import { createHash } from 'node:crypto'
import { z } from 'zod'

/** The most conversations one list answers: the view shows the newest, and narrows by filter and search. */
export const INBOX_PAGE = INBOX_LIST_MAX

export interface StoredConversation {
  entry: InboxEntry
  /** A chat's newest messages as last read, oldest first; null when never read (and for a comment). */
  messages: ChatMessage[] | null
}

export interface InboxStore {
  /**
   * What a refresh read; `complete` when every page of both lists arrived. Answers the conversations whose row
   * changed (new, or anything of it but the time it was seen) and those removed: what the page is sent.
   */
  save(
    scope: string,
    entries: readonly InboxEntry[],
    o: { complete: boolean; now: Date },
  ): { changed: string[]; removed: string[] }
  /** One conversation as read again (after a reply or a status change); answers whether its row changed. */
  put(scope: string, entry: InboxEntry, now: Date): boolean
  list(scope: string, filter?: InboxFilter, o?: { limit?: number }): { items: InboxEntry[]; total: number }
  get(scope: string, id: string): StoredConversation | undefined
  /**
   * These conversations as the list answers them (their messages neither read nor parsed: a change sent to the
   * page, a reply's target), in no order; an id not in the copy is left out.
   */
  entries(scope: string, ids: readonly string[]): InboxEntry[]
  saveMessages(scope: string, id: string, messages: readonly ChatMessage[]): void
  /** When the whole inbox was last read; null when never. */
  fetchedAt(scope: string): string | null
  /** Each conversation's newest activity (`at`) by id, as last saved: what a read compares to find news. */
  activity(scope: string): Map<string, string>
  /** Chats with unread messages, and conversations waiting for the account's answer (common/inbox.ts). */
  counts(scope: string): { unread: number; unreplied: number }
  /**
   * Each conversation's signature by id (a digest of everything the list shows of it, not the time it was seen
   * nor its messages): what tells another process's write apart from a refresh that changed nothing. `ids`
   * narrows it to those conversations.
   */
  signatures(scope: string, ids?: readonly string[]): Map<string, string>
  /**
   * What moves with every write to `scope`'s conversations (each save and put sets the time a row was seen, a
   * removal lowers the count): a look that finds it still answers in a few ms, where the signatures of 10,000
   * conversations take tens.
   */
  version(scope: string): string
}

type Row = ReturnType<typeof inboxItemsTable.row.parse>

function entryOf(row: Row): InboxEntry {
  const base = {
    id: row.id,
    kind: row.kind,
    accountId: row.accountId,
    at: row.at,
    status: row.status,
    from: row.from,
    text: row.text,
  }
  return row.kind === 'comment'
    ? { ...base, comment: row.body as InboxEntry['comment'] }
    : { ...base, chat: row.body as InboxEntry['chat'] }
}

/**
 * The list's columns: every one but a chat's messages (up to MESSAGES_KEPT of them, JSON), read when the chat is
 * opened. The list read them for each of its 300 conversations and parsed every message of every chat opened
 * once, to show none of them.
 */
const LISTED =
  'scope, id, kind, account_id, at, status, author, text, search_text, body, NULL AS messages, seen_at'

/** A search's words as a LIKE pattern: its own % and _ are matched as themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * What the list shows of a conversation, in the order `listedValues` gives them: a write that changes none of
 * them changed nothing (`unchanged`), and a signature is made of them (`SIGNED`). One list, so a column shown
 * later is compared and signed alike.
 */
const LISTED_COLUMNS = ['kind', 'account_id', 'at', 'status', 'author', 'text', 'body'] as const
const listedValues = (e: InboxEntry, body: string) => [
  e.kind,
  e.accountId,
  e.at,
  e.status,
  e.from,
  e.text,
  body,
]
/** What a signature is made of: the listed columns, joined by a byte none of them holds. */
const SIGNED = `id, ${LISTED_COLUMNS.join(' || char(31) || ')} AS signed`
const signedRow = z.object({ id: z.string(), signed: z.string() })
const versionRow = z.object({ n: z.number().int(), last: z.string().nullable() })
const lastSeenRow = z.object({ last: z.string().nullable() })
const digest = (text: string) => createHash('sha1').update(text).digest('base64')

export function createInboxStore(database: AppDatabase): InboxStore {
  const db = sqlOf(database)
  const upsert = db.prepare(
    `INSERT INTO inbox_items (scope, id, kind, account_id, at, status, author, text, search_text, body, seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope, id) DO UPDATE SET kind = excluded.kind, account_id = excluded.account_id,
       at = excluded.at, status = excluded.status, author = excluded.author, text = excluded.text,
       search_text = excluded.search_text, body = excluded.body, seen_at = excluded.seen_at`,
  )
  // The row as it would be written, already there: the read changed nothing of it.
  const unchanged = db.prepare(
    `SELECT 1 AS n FROM inbox_items WHERE scope = ? AND id = ? AND ${LISTED_COLUMNS.map((c) => `${c} = ?`).join(' AND ')}`,
  )
  const bodyOf = (e: InboxEntry) => JSON.stringify(e.comment ?? e.chat ?? { id: e.id })
  const isUnchanged = (scope: string, e: InboxEntry) =>
    unchanged.get(scope, e.id, ...listedValues(e, bodyOf(e))) !== undefined
  const write = (scope: string, e: InboxEntry, seenAt: string) =>
    upsert.run(
      scope,
      e.id,
      e.kind,
      e.accountId,
      e.at,
      e.status,
      e.from,
      e.text,
      searchText(e),
      bodyOf(e),
      seenAt,
    )

  const lastSeen = db.prepare('SELECT max(seen_at) AS last FROM inbox_items WHERE scope = ?')
  /**
   * The time seen of a write, read inside its transaction: `now`, or a millisecond past the scope's last when
   * that is no earlier. Each write moves `version()` on, so another process's write made within the same
   * millisecond as the last look (or on a clock behind it) is not taken for no change.
   */
  function seenAtOf(scope: string, now: Date): string {
    const last = parseRow('inbox_items', lastSeenRow, lastSeen.get(scope))?.last
    const at = now.toISOString()
    return last && last >= at ? new Date(Date.parse(last) + 1).toISOString() : at
  }

  const whole = db.prepare('SELECT * FROM inbox_items WHERE scope = ? AND id = ?')
  const keyOf = columnsOf(inboxItemsTable, 'id')
  /**
   * The listed rows read through the table's declaration; one it refuses (its body unreadable) is read again
   * whole and set aside as it is stored, its messages with it, and left out of the list.
   */
  function listed(scope: string, rows: readonly unknown[]): Row[] {
    return rows.flatMap((row) => {
      const read = inboxItemsTable.row.safeParse(row)
      if (read.success) return [read.data]
      const key = keyOf.safeParse(row)
      if (key.success) readRow(database, inboxItemsTable, whole.get(scope, key.data.id))
      return []
    })
  }

  return {
    save(scope, entries, { complete, now }) {
      const changed: string[] = []
      const removed: string[] = []
      database.write('saving the inbox', () =>
        database.transaction(() => {
          const at = seenAtOf(scope, now)
          for (const entry of entries) {
            if (!isUnchanged(scope, entry)) changed.push(entry.id)
            write(scope, entry, at)
          }
          if (complete) {
            // Every row of this read has its time: the others are conversations the service no longer lists.
            const gone = db
              .prepare('DELETE FROM inbox_items WHERE scope = ? AND seen_at != ? RETURNING id')
              .all(scope, at)
            removed.push(...parseRows('inbox_items', keyOf, gone).map((r) => r.id))
            db.prepare(
              `INSERT INTO inbox_scopes (scope, fetched_at) VALUES (?, ?)
               ON CONFLICT (scope) DO UPDATE SET fetched_at = excluded.fetched_at`,
            ).run(scope, at)
          }
        }),
      )
      return { changed, removed }
    },
    put(scope, entry, now) {
      return database.write('saving the inbox', () => {
        const changed = !isUnchanged(scope, entry)
        write(scope, entry, seenAtOf(scope, now))
        return changed
      })
    },
    list(scope, filter = {}, o = {}) {
      const where = ['scope = ?']
      const args: Array<string | number> = [scope]
      if (filter.kind) {
        where.push('kind = ?')
        args.push(filter.kind)
      }
      if (filter.status) {
        where.push('status = ?')
        args.push(filter.status)
      }
      if (filter.accountIds && filter.accountIds.length > 0) {
        where.push(`account_id IN (${filter.accountIds.map(() => '?').join(', ')})`)
        args.push(...filter.accountIds)
      }
      if (filter.contentId) {
        where.push("kind = 'comment' AND json_extract(body, '$.content.id') = ?")
        args.push(filter.contentId)
      }
      const search = filter.search?.trim()
      if (search) {
        where.push("search_text LIKE ? ESCAPE '\\'")
        args.push(likePattern(search))
      }
      const clause = where.join(' AND ')
      const total =
        parseRow(
          'inbox_items',
          countRow,
          db.prepare(`SELECT count(*) AS n FROM inbox_items WHERE ${clause}`).get(...args),
        )?.n ?? 0
      const rows = db
        .prepare(`SELECT ${LISTED} FROM inbox_items WHERE ${clause} ORDER BY at DESC, id LIMIT ?`)
        .all(...args, o.limit ?? INBOX_PAGE)
      return { items: listed(scope, rows).map(entryOf), total }
    },
    get(scope, id) {
      const row = readRow(
        database,
        inboxItemsTable,
        db.prepare('SELECT * FROM inbox_items WHERE scope = ? AND id = ?').get(scope, id),
      )
      return row ? { entry: entryOf(row), messages: row.messages } : undefined
    },
    entries(scope, ids) {
      if (ids.length === 0) return []
      const rows = db
        .prepare(
          `SELECT ${LISTED} FROM inbox_items WHERE scope = ? AND id IN (SELECT value FROM json_each(?))`,
        )
        .all(scope, JSON.stringify(ids))
      return listed(scope, rows).map(entryOf)
    },
    saveMessages(scope, id, messages) {
      database.write('saving the inbox', () =>
        db
          .prepare('UPDATE inbox_items SET messages = ? WHERE scope = ? AND id = ?')
          .run(JSON.stringify(messages), scope, id),
      )
    },
    fetchedAt(scope) {
      const row = readRow(
        database,
        inboxScopesTable,
        db.prepare('SELECT * FROM inbox_scopes WHERE scope = ?').get(scope),
      )
      return row?.fetched_at ?? null
    },
    counts(scope) {
      const count = (statuses: string) =>
        parseRow(
          'inbox_items',
          countRow,
          db
            .prepare(`SELECT count(*) AS n FROM inbox_items WHERE scope = ? AND status IN (${statuses})`)
            .get(scope),
        )?.n ?? 0
      return { unread: count("'unread'"), unreplied: count("'pending', 'unread', 'unreplied'") }
    },
    signatures(scope, ids) {
      const rows = ids
        ? db
            .prepare(
              `SELECT ${SIGNED} FROM inbox_items WHERE scope = ? AND id IN (SELECT value FROM json_each(?))`,
            )
            .all(scope, JSON.stringify(ids))
        : db.prepare(`SELECT ${SIGNED} FROM inbox_items WHERE scope = ?`).all(scope)
      return new Map(parseRows('inbox_items', signedRow, rows).map((row) => [row.id, digest(row.signed)]))
    },
    version(scope) {
      const row = parseRow(
        'inbox_items',
        versionRow,
        db.prepare('SELECT count(*) AS n, max(seen_at) AS last FROM inbox_items WHERE scope = ?').get(scope),
      )
      return `${row?.n ?? 0} ${row?.last ?? ''}`
    },
    activity(scope) {
      const rows = db.prepare('SELECT id, at FROM inbox_items WHERE scope = ?').all(scope)
      const parsed = parseRows('inbox_items', columnsOf(inboxItemsTable, 'id', 'at'), rows)
      return new Map(parsed.map((r) => [r.id, r.at]))
    },
  }
}

/**
 * Forgets a profile's copy of its inbox (the profile is deleted, or names another account now): the next
 * refresh reads the account it names. The caller holds the transaction.
 */
export function forgetInbox(database: AppDatabase, scope: string): void {
  const db = sqlOf(database)
  db.prepare('DELETE FROM inbox_items WHERE scope = ?').run(scope)
  db.prepare('DELETE FROM inbox_scopes WHERE scope = ?').run(scope)
}
