// A process that opens a data folder's database, as the app and the CLI do, and prints what came of it: the
// migration backup test runs it under a file size limit (ulimit -f), a full disk for this process alone.
import { join } from 'node:path'
import { DATABASE_FILE, openDatabase } from '../../../../main/core/db/database'

try {
  openDatabase({ file: join(process.argv[2]!, DATABASE_FILE) }).close()
  process.stdout.write('opened\n')
} catch (error) {
  process.stdout.write(`${(error as Error).constructor.name}: ${(error as Error).message}\n`)
}
