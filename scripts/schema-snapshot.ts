// `npm run schema-snapshot`: adds to main/core/db/migrations/schema-snapshot.json the schema of each migration
// that has no entry yet (a new one), formatted as Prettier would. It never rewrites a shipped entry: if a
// shipped migration now produces another schema, it says which and exits 1 — put the migration back and make the
// change a new one (CONTRIBUTING.md, "Database migrations").
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { MIGRATIONS } from '../main/core/db/migrations/index'
import { SCHEMA_SNAPSHOT_FILE } from '../main/core/db/migrations/schema-snapshot-file'
import { compareSnapshot, schemaOfMigrations, type SchemaSnapshot } from '../main/core/db/schema-snapshot'

const recorded: SchemaSnapshot = existsSync(SCHEMA_SNAPSHOT_FILE)
  ? (JSON.parse(readFileSync(SCHEMA_SNAPSHOT_FILE, 'utf8')) as SchemaSnapshot)
  : {}
const current = schemaOfMigrations(MIGRATIONS)
const { changed, missing, removed } = compareSnapshot(recorded, current)

if (changed.length > 0 || removed.length > 0) {
  for (const version of changed)
    console.error(`migration ${version} no longer produces the schema it shipped with: it was edited.`)
  for (const version of removed)
    console.error(`migration ${version} is in the snapshot but not in migrations/.`)
  console.error(
    'A shipped migration is never edited nor removed: undo that, and make the change a new migration.',
  )
  process.exit(1)
}
if (missing.length === 0) {
  console.log('The schema snapshot is up to date.')
} else {
  const next: SchemaSnapshot = { ...recorded }
  for (const version of missing) next[version] = current[version]!
  const options = await resolveConfig(SCHEMA_SNAPSHOT_FILE)
  const text = await format(JSON.stringify(next, null, 2), { ...options, filepath: SCHEMA_SNAPSHOT_FILE })
  writeFileSync(SCHEMA_SNAPSHOT_FILE, text)
  console.log(`Added the schema of migration ${missing.join(', ')} to ${SCHEMA_SNAPSHOT_FILE}.`)
}
