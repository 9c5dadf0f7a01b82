// The data folder as the host opens it: its database (the integrity check after a clean close runs beside the
// first screen, not before it) and its settings file, with what was found damaged and set aside said in
// words: logged at once, and kept for the person (main/app/database-check.ts), so nothing goes unsaid.
import { join } from 'node:path'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../core/db/database'
import { settleLegacyFiles } from '../core/db/legacy-import'
import { onRowsSetAside } from '../core/db/rows'
import { openAppStore, type AppStore, type KeyValueBackend } from '../core/settings/app-store'
import { createConfBackend } from '../core/settings/conf-backend'
import type { Logger } from './logging'
import type { MessageKey, MessageParams } from '../../common/messages/index'

/**
 * A notice of opening the data folder: in English words (the log, the browser mode), or with the key of the
 * text the app says in the person's language (common/messages).
 */
export type StartupNotice = string | { message: string; key: MessageKey; params: MessageParams }

export interface DataFolder {
  database: AppDatabase
  store: AppStore
  /** What opening found damaged and set aside (the database, the settings file) or made private. */
  startupNotices: StartupNotice[]
  /** Damage the background integrity check found, once it is known (null: sound). */
  integrityNotice: Promise<string | null>
  /**
   * Hears each later notice about the data (rows of a table that could not be read and were set aside),
   * starting with those said before anyone listened; logged either way. One listener: the app's.
   */
  onDataNotice(listener: (notice: string) => void): void
}

export function openDataFolder(dataDir: string, log: Logger, storeBackend?: KeyValueBackend): DataFolder {
  const database = openDatabase({ file: join(dataDir, DATABASE_FILE), integrityCheck: 'background' })
  // Whether an old file is left to import is decided once, here: once none is, no repository looks.
  settleLegacyFiles(database, dataDir)
  const integrityNotice = database.checked().then((notice) => {
    if (notice) log.error(notice.message)
    return notice?.message ?? null
  })
  for (const notice of database.notices) {
    if (notice.kind === 'damaged') log.error(notice.message)
    else if (notice.kind === 'private') log.warn(notice.message)
    else log.info(notice.message)
  }
  // An unreadable row is set aside by the repository that read it (core/db/rows.ts) and said here, once.
  const pending: string[] = []
  let listener: ((notice: string) => void) | undefined
  onRowsSetAside(database, (report) => {
    log.warn(report.message)
    if (listener) listener(report.message)
    else pending.push(report.message)
  })
  // Profiles and settings are a file beside the database, written by every host of the folder (the app, the
  // browser mode): each change holds the database's write lock while it reads and writes it, so two hosts
  // saving at once never lose one another's profile or secret (issue 33).
  const store = openAppStore(storeBackend ?? createConfBackend(dataDir), {
    // Once the database is closed (the app quitting), only this process is left to write: the window's bounds.
    lock: (fn) => (database.isOpen() ? database.write('the profiles and settings', fn) : fn()),
  })
  if (store.notice) log.error(store.notice.message)
  const startupNotices: StartupNotice[] = [
    // Said once: a folder made private has nothing more to say at the next start.
    ...database.notices
      .filter((notice) => notice.kind !== 'migrated')
      .map(({ kind, message, folder }): StartupNotice =>
        kind === 'private' && folder !== undefined
          ? { message, key: 'data.madePrivate', params: { folder } }
          : message,
      ),
    ...(store.notice ? [store.notice.message] : []),
  ]
  const onDataNotice = (next: (notice: string) => void) => {
    listener = next
    for (const notice of pending.splice(0)) next(notice)
  }
  return { database, store, startupNotices, integrityNotice, onDataNotice }
}
