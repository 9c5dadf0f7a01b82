// A process that opens a data folder whose state is still in the files from before the database (an upload
// journal, its content index, grants.json) and imports them: the test kills it with SIGKILL at some point of
// the import. Prints `importing` just before the first import starts and `imported` once all are done.
import { join } from 'node:path'
import { DATABASE_FILE, openDatabase } from '../../../../main/core/db/database'
import { createLeases } from '../../../../main/core/db/leases'
import { settleLegacyFiles } from '../../../../main/core/db/legacy-import'
import { openFileGrants } from '../../../../main/core/files/file-grants'
import { openContentIndex } from '../../../../main/core/uploads/content-index'
import { openUploadStore } from '../../../../main/core/uploads/upload-store'

const dataDir = process.argv[2]!
const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
// As the app and the CLI open a data folder: whether an old file is left to import is decided here.
process.stdout.write(`${settleLegacyFiles(database, dataDir)}\n`)
const warn = () => undefined
process.stdout.write('importing\n')
openUploadStore({
  database,
  leases: createLeases(database),
  scope: 'p',
  identity: 'p',
  legacyPath: join(dataDir, 'uploads', 'p.jsonl'),
  historyDays: 1e6,
  warn,
})
openContentIndex({ database, scope: 'p', legacyPath: join(dataDir, 'uploads', 'p.content.json'), warn })
await openFileGrants({ database, file: join(dataDir, 'grants.json'), warn })
process.stdout.write('imported\n')
database.close()
