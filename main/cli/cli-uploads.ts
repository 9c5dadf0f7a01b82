// The CLI's upload engine over the data folder's database (./database.ts): `upload` and `sync` share one
// queue per account, named by the identity of the credentials (main/core/drafts/profile-identity.ts), and any
// number of CLI runs (and the app) may use it at once; each run resumes only the items of its own account that
// no live process holds (main/core/uploads/upload-store.ts). Another account's unfinished upload waits for a
// run with that account's credentials.
import { join } from 'node:path'
import { credentialsIdentity } from '../core/drafts/profile-identity'
import {
  createUploadEngine,
  type UploadEngine,
  type UploadEngineOptions,
} from '../core/uploads/upload-engine'
import type { CliIo } from './context'
import { openCliDatabase } from './database'
import type { CliProfile } from './profile'

/** The CLI's journal from before the database (imported once, then kept as *.pre-db). */
export const CLI_JOURNAL = 'cli-uploads.jsonl'
/**
 * The one queue every CLI run shared before a queue was its account's. Its rows say nothing of the account
 * they were for, so no run resumes them (which one's storage they belong in is not known).
 */
const SHARED_CLI_SCOPE = 'cli-uploads'

export interface CliUploads {
  engine: UploadEngine
  /** Closes the engine, then the database. */
  close(): Promise<void>
}

export function openCliUploads(
  profile: Pick<CliProfile, 'dataDir' | 'baseUrl' | 'accessKey'>,
  io: Pick<CliIo, 'stderr'>,
  options: Omit<UploadEngineOptions, 'journalPath' | 'database' | 'identity' | 'scope'>,
): CliUploads {
  const { dataDir } = profile
  const database = openCliDatabase(dataDir, io)
  try {
    const engine = createUploadEngine({
      ...options,
      database,
      identity: credentialsIdentity(profile.baseUrl, profile.accessKey),
      journalPath: join(dataDir, CLI_JOURNAL),
      legacyScope: SHARED_CLI_SCOPE,
    })
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
