// A typed, in-memory window.mediadeck for component and store tests. `api` is annotated as MediadeckApi, so a
// change to the contract (a new call, a renamed event, a different response) breaks this file at compile time.
import type {
  ConnectionState,
  CopyProgress,
  PickedFile,
  ProfilesState,
  ProfileWork,
  Settings,
} from '../../../common/app-state'
import { DEFAULT_SETTINGS } from '../../../common/app-state'
import { confirmed } from '../../../common/freshness'
import type {
  CachedResult,
  CallName,
  CallRequest,
  CallResponse,
  EmittedPayload,
  EventName,
  EventPayloads,
  MediadeckApi,
  ReplicaValues,
  ReplicaWhat,
} from '../../../common/contract'
import { NUMBERED_EVENTS } from '../../../common/contract'
import type { AccountWatchState, CollisionReport } from '../../../common/account-watch'
import type { Campaign } from '../../../common/campaigns'
import { thumbnailAddress } from '../../../common/pictures'
import type { Draft, ImportPreview, OutboxState } from '../../../common/drafts'
import type { DraftBulkResult } from '../../../common/draft-calls'
import type { AppErrorData } from '../../../common/errors'
import type {
  Account,
  Addons,
  Automation,
  MusicTrack,
  Report,
  Schedule,
  ScheduleChannel,
  StorageStatistic,
  StoredFile,
  Template,
} from '../../../common/service'
import type { DeleteOutcome, UnusedFile } from '../../../common/storage-doctor'
import type { Snippet } from '../../../common/snippets'
import { fakeSnippets } from './fake-snippets'
import { fakeInbox, type FakeInbox, type FakeInboxData } from './fake-inbox'
import type { AccountBestSlots, InsightsView } from '../../../common/insights-calls'
import type { PostRow } from '../../../common/insights'
import { fitInOrder, type FitVerdict } from '../../../common/fit-to-space'
import { computeUploadTotals } from '../../../common/uploads'
import type { UploadItem, UploadTotals } from '../../../common/uploads'
import {
  ACCOUNT_FIXTURES,
  APP_INFO,
  NOW,
  makeAutomation,
  makeProfilesState,
  makeStoredFile,
  paginate,
} from './fixtures'

export interface FakeData extends FakeInboxData {
  settings: Settings
  profiles: ProfilesState
  /** What each profile holds here (profiles:held-work); none when absent. */
  heldWork: Record<string, ProfileWork>
  connection: ConnectionState
  accounts: Account[]
  automations: Automation[]
  stats: StorageStatistic
  files: StoredFile[]
  uploads: UploadItem[]
  schedules: Schedule[]
  drafts: Draft[]
  outbox: OutboxState
  /** What files.pick answers next. */
  picked: PickedFile[]
  /** Records main left out of its answers because it could not read them (no id), per list. */
  skipped?: { automations?: number; schedules?: number; files?: number }
  /** Ids of `files` the storage doctor calls unused. */
  unusedIds: string[]
  /** Ids a post or draft starts to use before `storage:free-up` deletes: kept, as main's re-check would. */
  usedAtRecheck: string[]
  /** Kept thumbnails by key, as base64 bytes (main's cache in the data folder). */
  thumbnails: Record<string, string>
  /** What drafts:import-preview answers (main plans it from the file); none, an empty file's preview. */
  importPreview?: ImportPreview
  /** What plan:addons answers. */
  addons: Addons
  /** The channels and groups of each WhatsApp account, by account id (composer:whatsapp-channels). */
  channels: Record<string, ScheduleChannel[]>
  /** What composer:music answers for genre ALL; other genres filter it by `genre`. */
  music: (MusicTrack & { genre?: string })[]
  templates?: Template[]
  /** The composer's reusable text (fake-snippets.ts). */
  snippets?: Snippet[]
  reports?: Report[]
  /** What watch:alerts answers (none found, never checked, by default). */
  watch?: AccountWatchState
  /** What schedules:collisions answers (checked, none, by default). */
  collisions?: CollisionReport
  /** What replica:peek answers per list (main's last copy, read without the network); none, null. */
  replica?: { [W in ReplicaWhat]?: CachedResult<ReplicaValues[W]> }
  /** The local campaign records (main/core/campaigns/); their posts are in `drafts` and `schedules`. */
  campaigns?: Campaign[]
  /** What insights:best-slots answers per account (none known, by default). */
  bestSlots?: AccountBestSlots[]
  /** What insights:view answers (a not-found error, by default). */
  insightsView?: (request: CallRequest<'insights:view'>) => InsightsView
  /** The period's posts insights:posts pages through (none, by default). */
  insightsPosts?: PostRow[]
}

export interface RecordedCall {
  name: CallName
  request: unknown
}

export interface FakeMediadeck {
  api: MediadeckApi
  data: FakeData
  calls: RecordedCall[]
  /** Requests made to one call, in order. */
  requests<C extends CallName>(name: C): CallRequest<C>[]
  /**
   * Sends an event as main does; a numbered one (NUMBERED_EVENTS) given without its number is numbered as main's
   * event hub numbers it (from 1 again after `profiles:switched`), one given with its own keeps it (a skip).
   */
  emit<E extends EventName>(name: E, payload: EmittedPayload<E> | EventPayloads[E]): void
  /** Sends `drafts:changed` as main does after a commit: these drafts changed, these ids went, numbered. */
  draftsChanged(changed: Draft[], removed?: string[]): void
  /** Another process saved these snippets (or removed those): kept, and `snippets:changed` sent, numbered. */
  snippetsChanged(changed: Snippet[], removed?: string[]): void
  /** main's campaigns changed (a sent post linked, another process): kept, and `campaigns:changed` sent, numbered. */
  campaignsChanged(changed: Campaign[], removed?: string[]): void
  /** main's inbox copy: conversations changed, the list to read again, its freshness and outbox (fake-inbox.ts). */
  inbox: Omit<FakeInbox, 'api'>
  listenerCount(name: EventName): number
  /** The next call (or every call, with `times: Infinity`) of `name` rejects with `error`. */
  fail(name: CallName, error: AppErrorData, times?: number): void
  /** The next call of `name` waits until the returned function is called (for loading states). */
  hold(name: CallName): () => void
  /** Browser mode's copy of dropped files to the host, as its bridge tells it (`files.onCopying`). */
  copying(progress: CopyProgress): void
}

// The engine's own count, so a test's totals are the ones the app would show for those items.
function totalsOf(items: readonly UploadItem[]): UploadTotals {
  return computeUploadTotals(items)
}
export { totalsOf as uploadTotalsOf }

/** The doctor's view of a stored file; fixtures' files were never in a published post. */
function unusedOf(file: StoredFile): UnusedFile {
  return {
    id: file.id,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    url: file.url,
    createdAt: file.createdAt,
    lastUsedAt: null,
  }
}

function defaultData(): FakeData {
  const automations = Array.from({ length: 45 }, (_, i) =>
    makeAutomation(i + 1, ACCOUNT_FIXTURES[i % ACCOUNT_FIXTURES.length]),
  )
  const files = Array.from({ length: 25 }, (_, i) => makeStoredFile(i))
  return {
    settings: { ...DEFAULT_SETTINGS },
    profiles: makeProfilesState(),
    heldWork: {},
    connection: {
      status: 'online',
      mode: 'sandbox',
      profileId: 'sandbox',
      profileName: 'Sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      lastCheckedAt: NOW,
    },
    accounts: ACCOUNT_FIXTURES.map((account) => ({ ...account })),
    automations,
    stats: {
      file: { total: 25, success: 24, pending: 1 },
      usage: { total: 5 * 1024 ** 3, used: 1.2 * 1024 ** 3, free: 3.8 * 1024 ** 3 },
    },
    files,
    uploads: [],
    schedules: [],
    drafts: [],
    outbox: {
      online: true,
      sending: false,
      counts: { draft: 0, queued: 0, sending: 0, scheduled: 0, failed: 0, 'needs-attention': 0 },
      lastSyncAt: null,
      nextSyncAt: null,
    },
    picked: [],
    unusedIds: files.filter((_, i) => i % 4 === 0).map((file) => file.id),
    usedAtRecheck: [],
    thumbnails: {},
    addons: { account: 0, operator: 1, storage: 1, twitter: 0 },
    channels: {},
    music: [
      { id: 'm1', artist: 'CHAYRA', name: 'Mudik Raya', thumbnail: '', duration: 225, url: '', genre: 'POP' },
      {
        id: 'm2',
        artist: 'Senja Trio',
        name: 'Kopi Pagi',
        thumbnail: '',
        duration: 184,
        url: '',
        genre: 'JAZZ',
      },
    ],
  }
}

export function createFakeMediadeck(overrides: Partial<FakeData> = {}): FakeMediadeck {
  const data: FakeData = { ...defaultData(), ...overrides }
  const calls: RecordedCall[] = []
  const failures = new Map<CallName, { error: AppErrorData; times: number }>()
  const holds = new Map<CallName, Promise<void>>()
  const listeners = new Map<EventName, Set<(payload: never) => void>>()
  /** Sizes of the files handed out by pick/fromDrop, as the engine would stat them. */
  const sizes = new Map<string, number>()
  let nextId = 1
  /** The number of the last `drafts:changed` sent, as main's list publisher keeps it. */
  let draftsSeq = 0
  /** What main sends after a commit: the changed drafts and removed ids, numbered (common/list-changes.ts). */
  const draftsChanged = (changed: Draft[], removed: string[] = []) =>
    emit('drafts:changed', { seq: ++draftsSeq, changed: structuredClone(changed), removed })

  /** The number of the last `campaigns:changed` sent. */
  let campaignsSeq = 0
  const campaignsChanged = (changed: Campaign[], removed: string[] = []) => {
    const gone = new Set([...removed, ...changed.map((c) => c.id)])
    data.campaigns = [...(data.campaigns ?? []).filter((c) => !gone.has(c.id)), ...structuredClone(changed)]
    emit('campaigns:changed', { seq: ++campaignsSeq, changed: structuredClone(changed), removed })
  }

  const copyListeners = new Set<(progress: CopyProgress) => void>()
  /** The last number of each numbered event sent, as main's event hub keeps it. */
  const eventSeqs = new Map<EventName, number>()
  function emit<E extends EventName>(name: E, given: EmittedPayload<E> | EventPayloads[E]) {
    if (name === 'profiles:switched') eventSeqs.clear()
    let payload = given as EventPayloads[E]
    if ((NUMBERED_EVENTS as readonly EventName[]).includes(name)) {
      const own = (given as { seq?: number }).seq
      const seq = own ?? (eventSeqs.get(name) ?? 0) + 1
      eventSeqs.set(name, seq)
      payload = { ...given, seq } as EventPayloads[E]
    }
    for (const listener of listeners.get(name) ?? []) (listener as (p: EventPayloads[E]) => void)(payload)
  }

  function on<E extends EventName>(name: E) {
    return (listener: (payload: EventPayloads[E]) => void) => {
      const set = listeners.get(name) ?? new Set()
      listeners.set(name, set)
      set.add(listener as (payload: never) => void)
      return () => set.delete(listener as (payload: never) => void)
    }
  }

  /** The engine's intake as the app's uploads:start answers it (and a drop, granted and queued at once). */
  function queuePaths(paths: readonly string[]): UploadItem[] {
    // As the engine with `whenFull: 'fail-excess'`, through the same rule (common/fit-to-space.ts): the
    // free space less what is queued; each file that does not fit is a failed item with storage-full.
    const queued = data.uploads
      .filter((item) => !['done', 'failed', 'cancelled'].includes(item.state))
      .reduce((sum, item) => sum + item.size, 0)
    const sizeOf = (path: string): number => sizes.get(path) ?? 1024
    const verdicts = fitInOrder(paths.map(sizeOf), data.stats.usage.free - queued)
    const batchId = `batch-${nextId++}`
    const started = paths.map((path, index) => {
      const name = path.split('/').pop() ?? path
      const size = sizeOf(path)
      // Like the engine with `whenUnreadable: 'fail-each'`: an empty file is a failed item of its own.
      if (size === 0) {
        const refused: UploadItem = {
          id: `up-${nextId++}`,
          path,
          name,
          size,
          mimetype: null,
          state: 'failed',
          bytesSent: 0,
          rateBytesPerSec: 0,
          etaSeconds: null,
          attempts: 0,
          error: { kind: 'file', code: 'file-empty', message: `${name}: file is empty` },
          finishedAt: NOW,
          batchId,
          createdAt: NOW,
        }
        return refused
      }
      const verdict: FitVerdict = verdicts[index] ?? { fits: true }
      const item: UploadItem = {
        id: `up-${nextId++}`,
        path,
        name,
        size,
        mimetype: null,
        state: verdict.fits ? 'queued' : 'failed',
        bytesSent: 0,
        rateBytesPerSec: 0,
        etaSeconds: null,
        attempts: 0,
        ...(verdict.fits
          ? {}
          : {
              error: {
                kind: 'storage-full',
                message: `not enough storage: ${name}`,
                neededBytes: size,
                freeBytes: verdict.availableBytes,
              },
              finishedAt: NOW,
            }),
        batchId,
        createdAt: NOW,
      }
      return item
    })
    data.uploads.push(...started)
    // The engine reports new items in its next progress batch too.
    queueMicrotask(() => progress(started))
    return started
  }

  const startDropped = handle('uploads:start-dropped', ({ paths }) => queuePaths(paths))

  /** Wraps a handler with recording, failure injection and holds; answers are copies, as IPC would give. */
  function handle<C extends CallName>(
    name: C,
    fn: (request: CallRequest<C>) => CallResponse<C> | Promise<CallResponse<C>>,
  ) {
    return async (request: CallRequest<C>): Promise<CallResponse<C>> => {
      // IPC structured-clones every request: a Vue reactive proxy fails there in Electron, so it fails here too.
      let copy: CallRequest<C>
      try {
        copy = request === undefined ? request : structuredClone(request)
      } catch (error) {
        throw new Error(
          `${name}: the request cannot cross IPC (pass plain data, e.g. toRaw/JSON copy): ${error}`,
        )
      }
      request = copy
      calls.push({ name, request })
      const held = holds.get(name)
      if (held) {
        holds.delete(name)
        await held
      }
      const failure = failures.get(name)
      if (failure) {
        failure.times -= 1
        if (failure.times <= 0) failures.delete(name)
        throw { ...failure.error }
      }
      const answer = await fn(request)
      return answer === undefined ? answer : (structuredClone(answer) as CallResponse<C>)
    }
  }

  function cached<T>(value: T) {
    return { value, stale: false, fetchedAt: NOW, freshness: confirmed(NOW) }
  }

  function progress(changed: UploadItem[], removed: string[] = []) {
    emit('uploads:progress', { items: changed, removed, totals: totalsOf(data.uploads) })
  }

  function setUpload(id: string, patch: Partial<UploadItem>) {
    const index = data.uploads.findIndex((item) => item.id === id)
    if (index < 0) throw { kind: 'not-found', message: 'upload not found' } satisfies AppErrorData
    const next = { ...data.uploads[index]!, ...patch }
    data.uploads[index] = next
    progress([next])
  }

  const snippets = fakeSnippets(data, { handle, on, emit })
  const inbox = fakeInbox(data, { handle, on, emit })
  const api: MediadeckApi = {
    app: {
      info: handle('app:info', () => APP_INFO),
      openExternal: handle('app:open-external', () => undefined),
      diagnostics: handle('app:diagnostics', () => ({
        filename: 'mediadeck-diagnostics.json',
        content: JSON.stringify({ app: APP_INFO }),
      })),
      crashReports: handle('app:crash-reports', () => []),
      onNavigate: on('app:navigate'),
    },
    settings: {
      get: handle('settings:get', () => data.settings),
      update: handle('settings:update', (patch) => {
        data.settings = { ...data.settings, ...patch }
        emit('settings:changed', { ...data.settings })
        return data.settings
      }),
      onChanged: on('settings:changed'),
    },
    profiles: {
      list: handle('profiles:list', () => data.profiles),
      save: handle('profiles:save', (request) => {
        const existing = data.profiles.profiles.find((profile) => profile.id === request.id)
        const saved = {
          id: request.id ?? `prof-${nextId++}`,
          name: request.name,
          kind: 'service' as const,
          baseUrl: request.baseUrl,
          accessKey: request.accessKey,
          hasSecret: Boolean(request.secretKey) || (existing?.hasSecret ?? false),
          secretStorage: 'encrypted' as const,
        }
        data.profiles = {
          ...data.profiles,
          profiles: existing
            ? data.profiles.profiles.map((profile) => (profile.id === saved.id ? saved : profile))
            : [...data.profiles.profiles, saved],
        }
        return saved
      }),
      delete: handle('profiles:delete', ({ id }) => {
        data.profiles = {
          ...data.profiles,
          profiles: data.profiles.profiles.filter((profile) => profile.id !== id),
        }
        return data.profiles
      }),
      heldWork: handle(
        'profiles:held-work',
        ({ id }) =>
          data.heldWork[id] ?? { queuedDrafts: 0, otherDrafts: 0, replies: 0, statusChanges: 0, uploads: 0 },
      ),
      activate: handle('profiles:activate', ({ id }) => {
        data.profiles = { ...data.profiles, activeId: id }
        emit('profiles:changed', structuredClone(data.profiles))
        emit('profiles:switched', { profileId: id })
        return data.profiles
      }),
      test: handle('profiles:test', () => ({
        ok: true,
        areas: { storage: 'allowed', automations: 'allowed', schedules: 'plan' },
      })),
      onChanged: on('profiles:changed'),
      onSwitched: on('profiles:switched'),
    },
    connection: {
      status: handle('connection:status', () => data.connection),
      check: handle('connection:check', () => ({
        ...data.connection,
        lastCheckedAt: new Date().toISOString(),
      })),
      onChanged: on('connection:changed'),
    },
    accounts: {
      list: handle('accounts:list', ({ types, search }) =>
        cached(
          data.accounts.filter(
            (account) =>
              (!types || (types as string[]).includes(account.type)) &&
              (!search || account.name.toLowerCase().includes(search.toLowerCase())),
          ),
        ),
      ),
    },
    plan: {
      addons: handle('plan:addons', () => data.addons),
    },
    composer: {
      linkMetadata: handle('composer:link-metadata', ({ url }) => {
        const host = new URL(url).hostname
        return { title: host, description: `A page on ${host}`, image: '', url }
      }),
      music: handle('composer:music', ({ genre }) =>
        data.music.filter((track) => genre === 'ALL' || track.genre === genre),
      ),
      whatsappChannels: handle('composer:whatsapp-channels', ({ accountId }) => {
        const account = data.accounts.find((a) => a.id === accountId)
        if (account?.type !== 'whatsapp')
          throw { kind: 'validation', message: 'invalid account', status: 400 } satisfies AppErrorData
        return data.channels[accountId] ?? []
      }),
    },
    storage: {
      stats: handle('storage:stats', () => data.stats),
      files: handle('storage:files', ({ page, limit, search }) => ({
        ...paginate(
          data.files.filter((file) => !search || file.filename.toLowerCase().includes(search.toLowerCase())),
          page,
          limit,
        ),
        ...(data.skipped?.files ? { skipped: data.skipped.files } : {}),
      })),
      // As main: any stored file by its address, wherever it sits in the library.
      names: handle('storage:names', ({ urls }) =>
        Object.fromEntries(
          data.files.filter((file) => urls.includes(file.url)).map((file) => [file.url, file.filename]),
        ),
      ),
      delete: handle('storage:delete', ({ ids }) => {
        data.files = data.files.filter((file) => !ids.includes(file.id))
        emit('storage:changed', { reason: 'deleted' })
      }),
      unused: handle('storage:unused', () => {
        const files = data.files
          .filter((file) => data.unusedIds.includes(file.id))
          .map(unusedOf)
          .sort((a, b) => b.size - a.size || a.filename.localeCompare(b.filename))
        return {
          files,
          totalBytes: files.reduce((sum, file) => sum + file.size, 0),
          scanned: { files: data.files.length, posts: data.schedules.length, drafts: data.drafts.length },
          usage: { ...data.stats.usage },
        }
      }),
      freeUp: handle('storage:free-up', ({ ids }) => {
        const outcome: DeleteOutcome = { deleted: [], keptInUse: [], gone: [], freedBytes: 0 }
        for (const id of new Set(ids)) {
          const file = data.files.find((f) => f.id === id)
          if (!file) outcome.gone.push(id)
          else if (!data.unusedIds.includes(id) || data.usedAtRecheck.includes(id))
            outcome.keptInUse.push({ id, filename: file.filename })
          else outcome.deleted.push(unusedOf(file))
        }
        const deleted = new Set(outcome.deleted.map((f) => f.id))
        outcome.freedBytes = outcome.deleted.reduce((sum, f) => sum + f.size, 0)
        data.files = data.files.filter((file) => !deleted.has(file.id))
        data.unusedIds = data.unusedIds.filter((id) => !deleted.has(id))
        data.stats = {
          ...data.stats,
          usage: {
            ...data.stats.usage,
            used: data.stats.usage.used - outcome.freedBytes,
            free: data.stats.usage.free + outcome.freedBytes,
          },
        }
        if (deleted.size > 0) emit('storage:changed', { reason: 'deleted' })
        return outcome
      }),
      onChanged: on('storage:changed'),
      onUnusedFound: on('storage:unused-found'),
    },
    files: {
      pick: handle('files:pick', () => {
        for (const file of data.picked) sizes.set(file.path, file.size)
        return data.picked
      }),
      onCopying: (listener) => {
        copyListeners.add(listener)
        return () => void copyListeners.delete(listener)
      },
      fromDrop: async (files) => {
        calls.push({ name: 'files:grant-dropped', request: files.map((file) => file.name) })
        return files.map((file) => {
          sizes.set(`/dropped/${file.name}`, file.size)
          return { path: `/dropped/${file.name}`, name: file.name, size: file.size, mimetype: null }
        })
      },
      saveCover: handle('files:save-cover', ({ data: bytes }) => ({
        path: `/data/covers/cover-${calls.length}.jpg`,
        name: `cover-${calls.length}.jpg`,
        size: Math.floor((bytes.length * 3) / 4),
        mimetype: 'image/jpeg',
      })),
    },
    uploads: {
      start: handle('uploads:start', ({ paths }) => queuePaths(paths)),
      startDropped: async (files) => {
        // As the preload: the drop's paths, granted and queued in one call.
        const paths = files.map((file) => {
          sizes.set(`/dropped/${file.name}`, file.size)
          return `/dropped/${file.name}`
        })
        return paths.length === 0 ? [] : startDropped({ paths })
      },
      list: handle('uploads:list', () => ({ items: data.uploads, totals: totalsOf(data.uploads) })),
      cancel: handle('uploads:cancel', ({ id }) => setUpload(id, { state: 'cancelled', rateBytesPerSec: 0 })),
      retry: handle('uploads:retry', ({ id }) =>
        setUpload(id, { state: 'queued', error: undefined, bytesSent: 0 }),
      ),
      remove: handle('uploads:remove', ({ id }) => {
        data.uploads = data.uploads.filter((item) => item.id !== id)
        progress([], [id])
      }),
      retryFailed: handle('uploads:retry-failed', () => {
        const failed = data.uploads.filter((item) => item.state === 'failed')
        for (const item of failed) setUpload(item.id, { state: 'queued', error: undefined, bytesSent: 0 })
      }),
      clearFinished: handle('uploads:clear-finished', () => {
        const gone = data.uploads
          .filter((item) => ['done', 'failed', 'cancelled'].includes(item.state))
          .map((item) => item.id)
        data.uploads = data.uploads.filter((item) => !gone.includes(item.id))
        progress([], gone)
      }),
      // As the engine: stored at once, at an address on the storage origin named after the file.
      one: handle('uploads:one', ({ path }) => ({
        url: `https://storage.example/uploads/${path.split('/').pop() ?? 'file'}`,
      })),
      onProgress: on('uploads:progress'),
      onBatchFinished: on('uploads:batch-finished'),
    },
    automations: {
      list: handle('automations:list', ({ page, limit, accountIds, search }) => {
        const matching = data.automations.filter(
          (automation) =>
            (!accountIds || accountIds.length === 0 || accountIds.includes(automation.accountId)) &&
            (!search || automation.detail.title.toLowerCase().includes(search.toLowerCase())),
        )
        const skipped = data.skipped?.automations
        return cached({ ...paginate(matching, page, limit), ...(skipped ? { skipped } : {}) })
      }),
      get: handle('automations:get', ({ id }) => {
        const found = data.automations.find((automation) => automation.id === id || automation._id === id)
        if (!found) throw { kind: 'not-found', message: 'automation not found' } satisfies AppErrorData
        return found
      }),
      update: handle('automations:update', ({ id, config }) => {
        const found = data.automations.find((automation) => automation.id === id)
        if (!found) throw { kind: 'not-found', message: 'automation not found' } satisfies AppErrorData
        Object.assign(found, { config: { ...found.config, ...config } })
        return found
      }),
      create: handle('automations:create', ({ contentId, accountId, config }) => {
        const account = data.accounts.find((a) => a.id === accountId) ?? ACCOUNT_FIXTURES[0]!
        const created = makeAutomation(900 + nextId++, account)
        created.detail.id = contentId
        Object.assign(created, { config: { ...created.config, ...config } })
        data.automations.unshift(created)
        return created
      }),
      delete: handle('automations:delete', ({ id }) => {
        data.automations = data.automations.filter((automation) => automation.id !== id)
      }),
      setAccountDefaults: handle('automations:set-account-defaults', () => undefined),
      contents: handle('automations:contents', ({ accountId }) =>
        data.schedules.filter(
          (schedule) =>
            schedule.accountId === accountId &&
            schedule.status === 'success' &&
            !data.automations.some((automation) => automation.detail.id === schedule.id),
        ),
      ),
    },
    snippets: snippets.api,
    inbox: inbox.api,
    insights: {
      view: handle('insights:view', (request) => {
        if (data.insightsView) return data.insightsView(request)
        throw { kind: 'not-found', message: 'no insights in this fake' } satisfies AppErrorData
      }),
      // Main sorts (main/core/insights/posts-page.ts): the fake answers its rows in their order, a page of them.
      posts: handle('insights:posts', ({ sort, limit }) => ({
        rows: (data.insightsPosts ?? []).slice(0, limit),
        total: data.insightsPosts?.length ?? 0,
        sort,
      })),
      refresh: handle('insights:refresh', ({ accounts }) =>
        accounts.map((a) => ({ accountId: a.id, requests: 0, budgetSpent: false })),
      ),
      bestSlots: handle('insights:best-slots', ({ accountIds }) =>
        accountIds.map(
          (id) => data.bestSlots?.find((b) => b.accountId === id) ?? { accountId: id, posts: 0, slots: [] },
        ),
      ),
      grid: handle('insights:grid', () => []),
      export: handle('insights:export', () => ({ filename: 'insights.csv', content: '' })),
      compare: handle('insights:compare', ({ accounts }) =>
        accounts.map((a) => ({
          accountId: a.id,
          network: a.network,
          posts: 0,
          withFigures: 0,
          engagement: 0,
          perPost: null,
          followers: null,
          engagementMembers: [],
          asOf: null,
        })),
      ),
      postAgain: handle('insights:post-again', () => {
        throw { kind: 'offline', message: 'no service in this fake' } satisfies AppErrorData
      }),
      swap: handle('insights:swap', () => {
        throw { kind: 'offline', message: 'no service in this fake' } satisfies AppErrorData
      }),
      onChanged: on('insights:changed'),
    },
    templates: {
      list: handle('templates:list', () => data.templates ?? []),
      save: handle('templates:save', ({ id, name, config }) => {
        data.templates ??= []
        const existing = data.templates.find((template) => template.id === id)
        const template = {
          ...(existing ?? { id: `template-${nextId}`, _id: `template-${nextId++}`, createdAt: NOW }),
          name,
          config: config as Template['config'],
        }
        data.templates = [template, ...data.templates.filter((x) => x.id !== template.id)]
        return template
      }),
      delete: handle('templates:delete', ({ id }) => {
        data.templates = (data.templates ?? []).filter((template) => template.id !== id)
      }),
    },
    reports: {
      list: handle('reports:list', ({ page, limit, type, status, accountIds }) =>
        cached(
          paginate(
            (data.reports ?? []).filter(
              (report) =>
                (!type || report.type === type) &&
                (!status || report.status === status) &&
                (!accountIds || accountIds.length === 0 || accountIds.includes(report.accountId)),
            ),
            page,
            limit,
          ),
        ),
      ),
      get: handle('reports:get', ({ id }) => {
        const found = (data.reports ?? []).find((report) => report.id === id)
        if (!found) throw { kind: 'not-found', message: 'report not found' } satisfies AppErrorData
        return found
      }),
      retry: handle('reports:retry', ({ ids }) =>
        ids.map((id) => {
          const found = (data.reports ?? []).find((report) => report.id === id)
          if (!found)
            return { id, ok: false, error: { kind: 'not-found' as const, message: 'report not found' } }
          Object.assign(found, { status: 'success', errorMessage: undefined })
          return { id, ok: true, status: 'success' }
        }),
      ),
    },
    schedules: {
      list: handle('schedules:list', ({ from, to, accountIds, status }) => ({
        ...cached(
          data.schedules.filter(
            (schedule) =>
              schedule.scheduleAt >= from &&
              schedule.scheduleAt <= to &&
              (!accountIds || accountIds.length === 0 || accountIds.includes(schedule.accountId)) &&
              (!status || schedule.status === status),
          ),
        ),
        ...(data.skipped?.schedules ? { skipped: data.skipped.schedules } : {}),
      })),
      get: handle('schedules:get', ({ id }) => {
        const found = data.schedules.find((schedule) => schedule._id === id)
        if (!found)
          throw { kind: 'not-found', message: 'schedule not found', status: 404 } satisfies AppErrorData
        return found
      }),
      retry: handle('schedules:retry', ({ ids }) =>
        ids.map((id) => {
          const found = data.schedules.find((schedule) => schedule._id === id)
          // As the service does: back in the queue, its time kept, the retry's moment in updatedAt.
          if (found) Object.assign(found, { status: 'pending', updatedAt: new Date().toISOString() })
          return found
            ? { id, ok: true }
            : {
                id,
                ok: false,
                error: { kind: 'not-found' as const, message: 'schedule not found', status: 404 },
              }
        }),
      ),
      delete: handle('schedules:delete', ({ id }) => {
        data.schedules = data.schedules.filter((schedule) => schedule._id !== id)
      }),
      // As main: with the copy the change was made on, only what differs from it is laid over the post.
      update: handle('schedules:update', ({ id, post, base }) => {
        const changed = base
          ? Object.fromEntries(
              Object.entries(post).filter(
                ([key, value]) => JSON.stringify(value) !== JSON.stringify(base[key as keyof typeof base]),
              ),
            )
          : { ...post, medias: post.medias }
        data.schedules = data.schedules.map((schedule) =>
          schedule._id === id ? { ...schedule, ...changed } : schedule,
        )
      }),
      // As main against a service that updates: the post takes the edit and goes back in the queue.
      fix: handle('schedules:fix', ({ id, post }) => {
        data.schedules = data.schedules.map((schedule) =>
          schedule._id === id
            ? { ...schedule, ...post, medias: post.medias, status: 'pending' as const }
            : schedule,
        )
        return { id, outcome: 'updated' as const, sent: true, warned: false }
      }),
      onChanged: on('schedules:changed'),
      collisions: handle('schedules:collisions', () => data.collisions ?? { checked: true, collisions: [] }),
      retryBudget: handle('schedules:retry-budget', ({ accountIds }) =>
        Object.fromEntries(
          accountIds.map((accountId) => [accountId, { used: 0, limit: 3, allowed: true, resetsAt: null }]),
        ),
      ),
    },
    watch: {
      alerts: handle('watch:alerts', () => data.watch ?? { alerts: [], checkedAt: null }),
      onChanged: on('watch:changed'),
    },
    drafts: {
      list: handle('drafts:list', () => data.drafts),
      snapshot: handle('drafts:snapshot', () => ({ items: data.drafts, seq: draftsSeq })),
      get: handle('drafts:get', ({ id }) => {
        const found = data.drafts.find((draft) => draft.id === id)
        if (!found) throw { kind: 'not-found', message: 'draft not found' } satisfies AppErrorData
        return found
      }),
      save: handle('drafts:save', ({ id, revision, post, localMedia, queue }) => {
        const existing = data.drafts.find((draft) => draft.id === id)
        // As main does: a save based on an older revision than the stored one is refused.
        if (existing?.revision !== undefined && revision !== undefined && revision !== existing.revision) {
          throw {
            kind: 'validation',
            code: 'draft-changed-elsewhere',
            field: 'revision',
            message: `The draft ${id} was changed elsewhere`,
          } satisfies AppErrorData
        }
        const draft: Draft = {
          ...(existing?.revision !== undefined || revision !== undefined
            ? { revision: (existing?.revision ?? 0) + 1 }
            : {}),
          id: id ?? `draft-${nextId++}`,
          // As main does: a new draft belongs to the active profile, an edited one keeps its own.
          profileId: existing?.profileId ?? data.connection.profileId,
          status: queue ? 'queued' : (existing?.status ?? 'draft'),
          post,
          localMedia,
          createdAt: existing?.createdAt ?? NOW,
          updatedAt: new Date().toISOString(),
        }
        data.drafts = existing
          ? data.drafts.map((d) => (d.id === draft.id ? draft : d))
          : [...data.drafts, draft]
        draftsChanged([draft])
        return draft
      }),
      delete: handle('drafts:delete', ({ id }) => {
        data.drafts = data.drafts.filter((draft) => draft.id !== id)
        draftsChanged([], [id])
      }),
      schedule: handle('drafts:schedule', ({ id }) => setDraftStatus(id, 'queued')),
      // As main does: one change for the lot, and a draft whose revision moved since the page saw it refused.
      scheduleMany: handle('drafts:schedule-many', ({ drafts }) =>
        bulkDrafts(drafts, (draft) => ({ ...draft, status: 'queued' })),
      ),
      unscheduleMany: handle('drafts:unschedule-many', ({ drafts }) =>
        bulkDrafts(drafts, (draft) => ({ ...draft, status: 'draft' })),
      ),
      moveMany: handle('drafts:move-many', ({ drafts }) =>
        bulkDrafts(drafts, (draft, asked) => ({
          ...draft,
          post: { ...draft.post, scheduleAt: asked.scheduleAt },
        })),
      ),
      deleteMany: handle('drafts:delete-many', ({ drafts }) => bulkDrafts(drafts, () => null)),
      unschedule: handle('drafts:unschedule', ({ id }) => setDraftStatus(id, 'draft')),
      resolve: handle('drafts:resolve', ({ id, action }) =>
        setDraftStatus(id, action === 'keep-draft' ? 'draft' : 'queued'),
      ),
      importPreview: handle(
        'drafts:import-preview',
        () =>
          data.importPreview ?? {
            counts: { new: 0, updated: 0, unchanged: 0, conflict: 0 },
            rows: [],
            errors: [],
          },
      ),
      // What it did, as the preview said it would: counts taken from the preview's.
      import: handle('drafts:import', () => ({
        imported: [],
        changed: [],
        updatedOnService: [],
        unchanged: 0,
        kept: 0,
        errors: [],
        counts: { ...(data.importPreview?.counts ?? { new: 0, updated: 0, unchanged: 0, conflict: 0 }) },
      })),
      export: handle('drafts:export', ({ format }) => ({
        filename: `drafts.${format}`,
        content: format === 'json' ? JSON.stringify(data.drafts) : '',
      })),
      onChanged: on('drafts:changed'),
    },
    campaigns: {
      list: handle('campaigns:list', () => data.campaigns ?? []),
      snapshot: handle('campaigns:snapshot', () => ({
        items: structuredClone(data.campaigns ?? []),
        seq: campaignsSeq,
      })),
      onChanged: on('campaigns:changed'),
      // Applies the variants to the campaign's posts as main would, without the service's rules.
      update: handle('campaigns:update', ({ id, at, variants }) => {
        const campaign = (data.campaigns ?? []).find((c) => c.id === id)
        if (!campaign) throw { kind: 'not-found', message: 'campaign not found' } satisfies AppErrorData
        campaign.at = at
        for (const variant of variants) {
          const member = campaign.members.find((m) => m.accountId === variant.accountId)
          if (!member) continue
          member.offsetMinutes = variant.offsetMinutes
          data.schedules = data.schedules.map((s) =>
            s._id === member.scheduleId
              ? { ...s, title: variant.title, description: variant.description }
              : s,
          )
        }
        campaignsChanged([campaign])
        return {
          campaign,
          outcomes: variants.map((v) => ({ accountId: v.accountId, outcome: 'updated' as const })),
        }
      }),
      removeAccount: handle('campaigns:remove-account', ({ id, accountId }) => {
        const campaign = (data.campaigns ?? []).find((c) => c.id === id)
        if (!campaign) return null
        const member = campaign.members.find((m) => m.accountId === accountId)
        data.schedules = data.schedules.filter((s) => s._id !== member?.scheduleId)
        campaign.members = campaign.members.filter((m) => m.accountId !== accountId)
        campaignsChanged([campaign])
        return campaign
      }),
    },
    outbox: {
      status: handle('outbox:status', () => data.outbox),
      sendNow: handle('outbox:send-now', () => data.outbox),
      onChanged: on('outbox:changed'),
    },
    // What main's replica holds per list (data.replica); none by default, as before any live call.
    replica: {
      peek: handle('replica:peek', ({ what }) => data.replica?.[what] ?? null),
    },
    thumbnails: {
      // Kept by their bytes; named back as main names them, by their address on the picture route.
      put: handle('thumbnails:put', ({ key, data: bytes }) => {
        data.thumbnails[key] = bytes
      }),
      get: handle('thumbnails:get', ({ keys }) =>
        Object.fromEntries(
          keys.flatMap((key) => (data.thumbnails[key] ? [[key, thumbnailAddress(key)]] : [])),
        ),
      ),
    },
  }

  function bulkDrafts<A extends { id: string; revision?: number }>(
    asked: readonly A[],
    act: (draft: Draft, asked: A) => Draft | null,
  ): DraftBulkResult {
    const result: DraftBulkResult = { changed: [], removed: [], refused: [] }
    for (const one of asked) {
      const found = data.drafts.find((draft) => draft.id === one.id)
      if (!found || (one.revision !== undefined && found.revision !== one.revision)) {
        const code = found ? 'draft-changed-elsewhere' : 'draft-not-found'
        result.refused.push({
          id: one.id,
          error: { kind: 'validation', code, message: code },
          ...(found ? { current: found } : {}),
        })
        continue
      }
      const next = act(found, one)
      if (next) {
        const stored = { ...next, revision: (found.revision ?? 0) + 1, updatedAt: new Date().toISOString() }
        data.drafts = data.drafts.map((draft) => (draft.id === one.id ? stored : draft))
        result.changed.push(stored)
      } else {
        data.drafts = data.drafts.filter((draft) => draft.id !== one.id)
        result.removed.push(one.id)
      }
    }
    draftsChanged(result.changed, result.removed)
    return result
  }

  function setDraftStatus(id: string, status: Draft['status']): Draft {
    const found = data.drafts.find((draft) => draft.id === id)
    if (!found) throw { kind: 'not-found', message: 'draft not found' } satisfies AppErrorData
    found.status = status
    return found
  }

  return {
    api,
    data,
    calls,
    requests: <C extends CallName>(name: C) =>
      calls.filter((call) => call.name === name).map((call) => call.request as CallRequest<C>),
    emit,
    draftsChanged,
    snippetsChanged: snippets.changed,
    campaignsChanged,
    inbox: { changed: inbox.changed, reload: inbox.reload, state: inbox.state },
    listenerCount: (name) => listeners.get(name)?.size ?? 0,
    copying: (progress) => copyListeners.forEach((listener) => listener({ ...progress })),
    fail: (name, error, times = 1) => failures.set(name, { error, times }),
    hold: (name) => {
      let release!: () => void
      holds.set(name, new Promise<void>((resolve) => (release = resolve)))
      return () => release()
    },
  }
}

/** Puts the fake where the renderer looks for it (window.mediadeck is read-only in the app's typing). */
export function installFakeMediadeck(fake: FakeMediadeck = createFakeMediadeck()): FakeMediadeck {
  Object.defineProperty(window, 'mediadeck', { value: fake.api, configurable: true, writable: true })
  return fake
}
