// The posts whose outcome the app announced (`announced_posts`, migration 2): its one repository, so a
// restart does not announce them again (main/host/post-notifications.ts asks it).
import { readFileSync } from 'node:fs'
import type { AppDatabase } from '../db/database'
import { sqlOf } from '../db/handle'
import { importLegacyFile } from '../db/legacy-import'
import { z } from 'zod'
import { declareTable, integer } from '../db/rows'

const MAX_SETTLED = 2_000

/**
 * The posts whose outcome was announced, in the data folder's database (`announced_posts`), so a restart does
 * not announce them again; the oldest go past MAX_SETTLED. The old announced-posts.json is imported once.
 */
export function openSettledSet(
  database: AppDatabase,
  legacyFile?: string,
): { has(id: string): boolean; add(id: string): void; forget(id: string): void } {
  const db = sqlOf(database)
  const insert = db.prepare('INSERT INTO announced_posts (schedule_id) VALUES (?) ON CONFLICT DO NOTHING')
  const trim = db.prepare(
    'DELETE FROM announced_posts WHERE seq <= (SELECT max(seq) FROM announced_posts) - ?',
  )
  if (legacyFile) {
    try {
      importLegacyFile(database, {
        name: 'announced-posts.json',
        path: legacyFile,
        read: (file) => {
          try {
            const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
            return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
          } catch {
            return [] // Damaged: at worst an outcome is announced again.
          }
        },
        write: (ids) => ids.reduce((rows, id) => rows + Number(insert.run(id).changes), 0),
      })
    } catch {
      // Not worth failing over: at worst an outcome is announced again.
    }
  }
  const has = db.prepare('SELECT 1 FROM announced_posts WHERE schedule_id = ?')
  const remove = db.prepare('DELETE FROM announced_posts WHERE schedule_id = ?')
  return {
    has: (id) => has.get(id) !== undefined,
    /** A retried post: how this attempt ends is news again. */
    forget(id) {
      try {
        database.write('the announced posts', () => remove.run(id))
      } catch {
        // Not worth failing over: at worst a retried post's second outcome goes unannounced.
      }
    },
    add(id) {
      try {
        database.write('the announced posts', () => {
          insert.run(id)
          trim.run(MAX_SETTLED)
        })
      } catch {
        // Not worth failing over: at worst it is announced again after a restart.
      }
    },
  }
}

/** An announced post: the `announced_posts` table's row, declared once (../db/rows.ts). */
export const announcedPostsTable = declareTable({
  table: 'announced_posts',
  key: ['seq'],
  what: 'an announced post',
  columns: z.object({ seq: integer, schedule_id: z.string() }),
})
