// The CLI's handle on the data folder's database (main/core/db/database.ts), opened on first use by the
// commands that keep local state. What happened on open that the person must hear of (a damaged file set
// aside, a folder others could read made private) is one line on stderr, and so is each read that set rows of a
// table aside as unreadable (core/db/rows.ts); neither changes the exit code.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../core/db/database'
import { settleLegacyFiles } from '../core/db/legacy-import'
import { onRowsSetAside } from '../core/db/rows'
import { writeLine, type CliIo } from './context'

export function openCliDatabase(dataDir: string, io: Pick<CliIo, 'stderr'>): AppDatabase {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
  // Whether an old file is left to import is decided once, here: once none is, no repository looks.
  settleLegacyFiles(database, dataDir)
  for (const notice of database.notices) {
    if (notice.kind !== 'migrated') writeLine(io.stderr, `mediadeck: ${notice.message}`)
  }
  onRowsSetAside(database, (report) => writeLine(io.stderr, `mediadeck: ${report.message}`))
  return database
}
