// Where the schema snapshot of the shipped migrations is kept (main/core/db/schema-snapshot.ts), relative to
// the repository's root: the snapshot script and its test both run from there.
export const SCHEMA_SNAPSHOT_FILE = 'main/core/db/migrations/schema-snapshot.json'
