// The app's own persistent state (settings, profiles without their plain secrets, window bounds, the
// sandbox's last port) behind one small interface. The backend is electron-store in the app and its engine
// `conf` in plain Node (browser mode, CLI, tests): both are a JSON file with get/set, so one schema, one
// version number and one migration path serve both.
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import {
  DEFAULT_SETTINGS,
  LANGUAGES,
  MAX_UPLOAD_CONCURRENCY,
  MAX_UPLOAD_HISTORY_DAYS,
  MAX_UPLOAD_RATE_LIMIT,
  MIN_UPLOAD_HISTORY_DAYS,
  MIN_UPLOAD_RATE_LIMIT,
  SANDBOX_PROFILE_ID,
  THEMES,
  PLANNER_VIEWS,
} from '../../../common/app-state'
import { CLOCK_TIME, DEFAULT_QUIET_HOURS } from '../../../common/quiet-hours'
import { diskWriteError } from '../disk-errors'
import { setAsideDamaged, type DamagedFileNotice } from './damaged-file'

export const APP_STATE_VERSION = 1

const storedProfileSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  baseUrl: z.string().min(1),
  accessKey: z.string(),
  /** safeStorage ciphertext, base64. Absent when the secret lives for the session only. */
  encryptedSecret: z.string().optional(),
  /**
   * The account it named before an edit to another address or access key, while that account's work here
   * (replies, copies, uploads) is still to end: written with the edit itself, removed once the work ended, and
   * finished at the next open when a kill came between (main/host/profile-ending.ts). A damaged one is
   * dropped, never the profiles with it.
   */
  formerAccount: z.object({ baseUrl: z.string(), accessKey: z.string() }).optional().catch(undefined),
  /** Its delete began: hidden from every list, its work ending, removed at the end or at the next open. */
  deleting: z.literal(true).optional().catch(undefined),
})
export type StoredProfile = z.infer<typeof storedProfileSchema>

const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200),
  height: z.number().int().min(200),
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof windowStateSchema>

const settingsSchema = z.object({
  uploadConcurrency: z
    .number()
    .int()
    .min(1)
    .max(MAX_UPLOAD_CONCURRENCY)
    .catch(DEFAULT_SETTINGS.uploadConcurrency),
  uploadRateLimit: z
    .number()
    .int()
    .min(MIN_UPLOAD_RATE_LIMIT)
    .max(MAX_UPLOAD_RATE_LIMIT)
    .nullable()
    .catch(DEFAULT_SETTINGS.uploadRateLimit),
  language: z.enum(LANGUAGES).catch(DEFAULT_SETTINGS.language),
  theme: z.enum(THEMES).catch(DEFAULT_SETTINGS.theme),
  runInBackground: z.boolean().catch(DEFAULT_SETTINGS.runInBackground),
  openAtLogin: z.boolean().catch(DEFAULT_SETTINGS.openAtLogin),
  uploadHistoryDays: z
    .number()
    .int()
    .min(MIN_UPLOAD_HISTORY_DAYS)
    .max(MAX_UPLOAD_HISTORY_DAYS)
    .catch(DEFAULT_SETTINGS.uploadHistoryDays),
  quietHours: z
    .object({ enabled: z.boolean(), from: z.string().regex(CLOCK_TIME), to: z.string().regex(CLOCK_TIME) })
    .catch({ ...DEFAULT_QUIET_HOURS }),
  plannerView: z.enum(PLANNER_VIEWS).catch(DEFAULT_SETTINGS.plannerView),
})

/** Each member falls back to its default on its own, so one damaged value never loses the rest. */
const appStateSchema = z.object({
  schemaVersion: z.number().int().catch(APP_STATE_VERSION),
  settings: settingsSchema.catch({ ...DEFAULT_SETTINGS }),
  profiles: z.array(storedProfileSchema).catch([]),
  activeProfileId: z.string().min(1).catch(SANDBOX_PROFILE_ID),
  sandboxPort: z.number().int().min(1).max(65_535).nullable().catch(null),
  windowState: windowStateSchema.nullable().catch(null),
  /** The first close to the tray says that the app keeps running; once. */
  backgroundExplained: z.boolean().catch(false),
})
export type AppStateData = z.infer<typeof appStateSchema>

export function defaultAppState(): AppStateData {
  return {
    schemaVersion: APP_STATE_VERSION,
    settings: { ...DEFAULT_SETTINGS },
    profiles: [],
    activeProfileId: SANDBOX_PROFILE_ID,
    sandboxPort: null,
    windowState: null,
    backgroundExplained: false,
  }
}

/** What conf and electron-store both offer. Each throws the file system's error when its write fails. */
export interface KeyValueBackend {
  readonly path: string
  /** Set when the file was not JSON and was set aside before opening (damaged-file.ts). */
  readonly damaged?: DamagedFileNotice | null
  /** Reading gives the whole document; assigning replaces it with one write. */
  store: Record<string, unknown>
  set(key: string, value: unknown): void
}

export interface AppStore {
  readonly path: string
  /** The file could not be used: it was set aside, and the settings and profiles are the defaults. */
  readonly notice: DamagedFileNotice | null
  get<K extends keyof AppStateData>(key: K): AppStateData[K]
  set<K extends keyof AppStateData>(key: K, value: AppStateData[K]): void
  /**
   * Reads `key` as the file holds it now (another process on the data folder may have written it since), and
   * writes what `change` makes of it, under the data folder's lock: two processes changing the profiles at
   * once each see the other's change, and neither is lost. `change` may throw: nothing is written then.
   */
  update<K extends keyof AppStateData>(
    key: K,
    change: (current: AppStateData[K]) => AppStateData[K],
  ): AppStateData[K]
  /** Runs `fn` under the data folder's lock: a change that spans this file and the secrets file beside it. */
  exclusive<T>(fn: () => T): T
}

export interface AppStoreOptions {
  /**
   * Runs `fn` while no other process of the data folder runs its own (the database's write lock,
   * main/host/data-folder.ts); without it, this process's changes are serialised only among themselves.
   */
  lock?: <T>(fn: () => T) => T
}

/**
 * Migrations from version N to N+1, indexed by N. Version 0 is a file written before versioning (or none):
 * it only needs the defaults filled in, which parsing does.
 */
const MIGRATIONS: Array<(raw: Record<string, unknown>) => Record<string, unknown>> = [(raw) => ({ ...raw })]

export function migrateAppState(raw: Record<string, unknown>): AppStateData {
  let data = { ...raw }
  let version = typeof data.schemaVersion === 'number' ? data.schemaVersion : 0
  for (; version < APP_STATE_VERSION; version++) data = MIGRATIONS[version]!(data)
  return appStateSchema.parse({ ...defaultAppState(), ...data, schemaVersion: APP_STATE_VERSION })
}

export function openAppStore(backend: KeyValueBackend, options: AppStoreOptions = {}): AppStore {
  const lock = options.lock ?? (<T>(fn: () => T): T => fn())
  let notice = backend.damaged ?? null
  let state: AppStateData
  try {
    state = migrateAppState(backend.store)
  } catch (error) {
    // JSON, but not settings this version can read: set aside too, never emptied in place.
    const problem = error instanceof Error ? error.message.split('\n')[0]! : String(error)
    notice = setAsideDamaged(backend.path, `unexpected content: ${problem}`)
    state = defaultAppState()
  }
  // Write back the migrated whole, so the file on disk always carries the current version: in one write, as
  // a clear followed by one write a key left the file emptied of profiles when a later write failed. A file
  // already current is not written again: that write (and its fsync) was paid at every start.
  try {
    if (!isDeepStrictEqual(backend.store, state)) backend.store = { ...state }
  } catch {
    // A full or read-only disk: the file keeps what it held (read and migrated again next time); the app
    // still starts, and the first change the person makes reports the problem.
  }
  const write = <K extends keyof AppStateData>(key: K, value: AppStateData[K]) => {
    // The disk first: when it refuses, the call fails with the reason and memory still matches the file.
    try {
      backend.set(key, value)
    } catch (error) {
      throw diskWriteError(error, 'the app settings', backend.path)
    }
    state[key] = structuredClone(value)
  }
  /** The file as it is now: another process may have written it. One this version cannot read keeps ours. */
  const reread = () => {
    try {
      state = migrateAppState(backend.store)
    } catch {
      // Set aside at the next open; until then, what this process knows.
    }
  }
  return {
    path: backend.path,
    notice,
    get: (key) => structuredClone(state[key]),
    // conf writes the whole file from what it reads: under the lock, so another process's key is not undone.
    set: (key, value) => lock(() => write(key, value)),
    update: (key, change) =>
      lock(() => {
        reread()
        const next = change(structuredClone(state[key]))
        write(key, next)
        return structuredClone(next)
      }),
    exclusive: (fn) => lock(fn),
  }
}
