// The upload journal from before the database (JSON lines, ./journal.ts), imported into the upload tables once
// (../db/legacy-import.ts): crash-safe, then kept as `<journal>.pre-db`.
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { importLegacyFile } from '../db/legacy-import'
import { replay, type PersistedItem } from './journal'
import type { OpenUploadStoreOptions } from './upload-store'
import { sqlOf } from '../db/handle'

/**
 * The JSON-lines journal from before the database, replayed and written as rows once (../db/legacy-import.ts).
 * Lines replay could not use are kept in `<journal>.rejected` and reported, as opening the journal did.
 */
export function importUploadJournal(o: OpenUploadStoreOptions, path: string): void {
  importLegacyFile(o.database, {
    name: `upload-journal:${o.scope}`,
    path,
    read(source) {
      const text = existsSync(source) ? readFileSync(source, 'utf8') : ''
      const replayed = replay(text ? text.split('\n') : [])
      if (replayed.skipped.length > 0) {
        const aside = `${path}.rejected`
        let where = ''
        try {
          appendFileSync(aside, replayed.skipped.map((s) => `${s.text}\n`).join(''))
          where = `; the lines are kept in ${aside}`
        } catch {
          /* reported below all the same */
        }
        o.warn(
          `upload journal ${path}: skipped ${replayed.skipped.length} unusable line(s)${where}: ` +
            replayed.skipped
              .slice(0, 10)
              .map((s) => `line ${s.line}: ${s.reason}`)
              .join('; ') +
            (replayed.skipped.length > 10 ? `; and ${replayed.skipped.length - 10} more` : ''),
        )
      }
      return replayed
    },
    write({ items, intents }) {
      const db = sqlOf(o.database)
      const insert = db.prepare(`INSERT OR IGNORE INTO upload_items (id, scope, path, name, size, mtime_ms,
          ctime_ms, ino, mimetype, mime_warning, batch_id, created_at, idempotency_key, state, file_id, key, url,
          reused, error, finished_at, finished_ms)
        VALUES (:id, :scope, :path, :name, :size, :mtimeMs, :ctimeMs, :ino, :mimetype, :mimeWarning, :batchId,
          :createdAt, :idempotencyKey, :state, :fileId, :key, :url, :reused, :error, :finishedAt, :finishedMs)`)
      let rows = 0
      for (const item of items.values()) {
        const final = item.state === 'done' || item.state === 'failed' || item.state === 'cancelled'
        const persisted: PersistedItem = item
        rows += Number(
          insert.run({
            id: persisted.id,
            scope: o.scope,
            path: persisted.path,
            name: persisted.name,
            size: persisted.size,
            mtimeMs: persisted.mtimeMs,
            ctimeMs: persisted.ctimeMs ?? null,
            ino: persisted.ino ?? null,
            mimetype: persisted.mimetype,
            mimeWarning: persisted.mimeWarning ?? null,
            batchId: persisted.batchId,
            createdAt: persisted.createdAt,
            idempotencyKey: persisted.idempotencyKey ?? null,
            state: final ? item.state : 'queued',
            fileId: item.fileId ?? null,
            key: item.key ?? null,
            url: item.url ?? null,
            reused: item.reused ? 1 : 0,
            error: item.error ? JSON.stringify(item.error) : null,
            finishedAt: final ? (item.finishedAt ?? null) : null,
            // A finished item of an old journal without its time: kept as finished now, not dropped at once.
            finishedMs: final ? (item.finishedAt ? Date.parse(item.finishedAt) : Date.now()) : null,
          }).changes,
        )
      }
      const intent = db.prepare(
        'INSERT OR IGNORE INTO upload_intents (nonce, scope, item_id, name, size, at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      for (const i of intents.values())
        rows += Number(intent.run(i.nonce, o.scope, i.id, i.name, i.size, i.at).changes)
      return rows
    },
  })
}
