// The upload journal from before the database (JSON lines, ./journal.ts), imported into the upload tables once
// (../db/legacy-import.ts): crash-safe, then kept as `<journal>.pre-db`. The rows are written by the upload
// store, the upload tables' one writer.
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { importLegacyFile } from '../db/legacy-import'
import { replay, type Replayed } from './journal'
import type { OpenUploadStoreOptions } from './upload-store'

/**
 * The JSON-lines journal from before the database, replayed and written as rows once (../db/legacy-import.ts).
 * Lines replay could not use are kept in `<journal>.rejected` and reported, as opening the journal did.
 */
export function importUploadJournal(
  o: Pick<OpenUploadStoreOptions, 'database' | 'scope' | 'warn'>,
  path: string,
  /** Writes the replayed rows: the upload store's, the tables' one writer. Returns the rows written. */
  write: (replayed: Pick<Replayed, 'items' | 'intents'>) => number,
): void {
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
    write: (replayed) => write(replayed),
  })
}
