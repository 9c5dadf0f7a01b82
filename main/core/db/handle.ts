// The raw node:sqlite handle of an open database, for the data layer alone: main/core/db/ and the one
// repository of each table (docs/data-layer.md, "Tables, and who writes them"). Everyone else holds an
// AppDatabase, whose type has no handle, and goes through a repository. ESLint refuses this module's import
// and SQL text anywhere outside the data layer (eslint.config.js, DATA_LAYER).
import type { AppDatabase } from './database'
import type { DatabaseSync } from './sqlite'

export const HANDLE: unique symbol = Symbol('the database handle')

/** The handle under `database`, to prepare statements on: a repository's, never a caller's. */
export function sqlOf(database: AppDatabase): DatabaseSync {
  return database[HANDLE]
}
