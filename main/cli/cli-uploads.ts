// The CLI's upload engine over the data folder's database (./database.ts): `upload` and `sync` share one
// queue, `cli-uploads`, and any number of CLI runs (and the app) may use it at once; each run resumes only
// the items no live process holds (main/core/uploads/upload-store.ts).
import { join } from 'node:path'
import {
  createUploadEngine,
  type UploadEngine,
  type UploadEngineOptions,
} from '../core/uploads/upload-engine'
import type { CliIo } from './context'
import { openCliDatabase } from './database'

/** The CLI's queue, and its journal from before the database (imported once, then kept as *.pre-db). */
export const CLI_JOURNAL = 'cli-uploads.jsonl'

export interface CliUploads {
  engine: UploadEngine
  /** Closes the engine, then the database. */
  close(): Promise<void>
}

export function openCliUploads(
  dataDir: string,
  io: Pick<CliIo, 'stderr'>,
  options: Omit<UploadEngineOptions, 'journalPath' | 'database'>,
): CliUploads {
  const database = openCliDatabase(dataDir, io)
  try {
    const engine = createUploadEngine({ ...options, database, journalPath: join(dataDir, CLI_JOURNAL) })
    return {
      engine,
      async close() {
        try {
          await engine.close()
        } finally {
          database.close()
        }
      },
    }
  } catch (error) {
    database.close()
    throw error
  }
}
