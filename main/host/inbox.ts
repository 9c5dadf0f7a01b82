// The inbox of the active profile, for the app and the browser mode: its copy in the database (opens offline
// with the last state seen), its refresh, a conversation opened, triage, and the replies. A reply is queued in
// the data folder's outbox (main/core/inbox/reply-outbox.ts) and sent by that outbox's own sync, the one the
// CLI's `sync` runs, under the same leases: so a reply queued by the CLI or the app is sent exactly once by
// whichever process gets to it. Replies are sent when one is written while online, when the connection comes
// back, and before each refresh. A side-effect module of the composition root (main/host/app-host.ts).
import type {
  InboxFilter,
  InboxListAnswer,
  InboxListState,
  InboxReplyView,
  InboxThread,
  ReplyAction,
} from '../../common/inbox'
import { AppError, isUnreachable } from '../../common/errors'
import { errorReason } from '../../common/messages/index'
import type { AppDatabase, ChangeTimers } from '../core/db/database'
import { coalescedRun } from '../core/coalesced-run'
import { createLeases, type Leases } from '../core/db/leases'
import { commentEntry } from '../core/inbox/inbox-entry'
import { refreshInbox } from '../core/inbox/inbox-refresh'
import type { InboxNewsFeed } from '../core/inbox/inbox-news'
import { listedConversation, storedConversation } from '../core/inbox/conversation-lookup'
import { createInboxStore } from '../core/inbox/inbox-store'
import { changedInbox } from './inbox-changes'
import { countedInbox } from './inbox-counts'
import { basename } from 'node:path'
import { createEngineUploader } from '../core/drafts/engine-uploader'
import type { Medium } from '../core/inbox/reply-media'
import { answeredByUs, createReplyOutbox, replyToGo } from '../core/inbox/reply-outbox'
import { createInboxChats } from './inbox-chat'
import { createInboxReads } from './inbox-reads'
import { replyMediaOf, replyView, untilStopped } from './inbox-replies'
import { createInboxStatuses } from './inbox-status'
import type { ActiveService, ConnectionMonitor, EventSink, InboxPort } from '../core/ports'
import type { Background, HostTaskContext } from '../core/scheduler/background-port'
import type { ServiceClient } from '../core/service-client'

/** Sent replies stay beside their conversation this long, so the person sees them go. */
const SENT_SHOWN_MS = 24 * 60 * 60 * 1000

export interface InboxHost extends InboxPort {
  /** Sends the active profile's queued replies while the service is reachable; one run at a time. */
  sendReplies(): Promise<void>
  /** Sends the active profile's counts whatever they were: after a switch, what was shown was another's. */
  recount(): void
  close(): Promise<void>
}

/** How often the inbox is read in the background, as a task of the profile's scheduler (docs/background.md). */
export const INBOX_REFRESH_MS = 3 * 60_000
/** The first background read after a profile becomes active. */
export const INBOX_FIRST_READ_MS = 30_000
/** The least time between a background read and one asked for by a reply sent. */
const INBOX_MIN_GAP_MS = 10_000

export interface InboxHostDeps {
  database: AppDatabase
  /** The profile's background scheduler: the inbox's refresh is one of its tasks, within its request budget. */
  background?: Background
  active(): ActiveService
  connection: Pick<ConnectionMonitor, 'isOnline' | 'onChange'>
  emit: EventSink
  now?: () => Date
  /** Told what each read found new (main/core/inbox/inbox-news.ts): the system's notifications, grouped. */
  news?: InboxNewsFeed
  leases?: Leases
  /** How long a stored video or audio of the library plays (main/host/pictures.ts mediaDuration). */
  mediaDuration?: (url: string) => Promise<number>
  /** Whether a local file was dropped or picked by the person (main/core/files/file-grants.ts). */
  allowFile?: (path: string) => Promise<boolean>
  log?: (message: string, error: unknown) => void
  /** The timer of the copy's watch for other processes' writes (inbox-changes.ts); tests say when it looks. */
  watchTimers?: ChangeTimers
}

export function createInboxHost(deps: InboxHostDeps): InboxHost {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? ((message, error) => console.error(`[inbox] ${message}`, error))
  // Each write to the copy counts it again for the sidebar and the tray (inbox-counts.ts).
  const counted = countedInbox(createInboxStore(deps.database), (counts) => deps.emit('inbox:counts', counts))
  const scope = () => deps.active().profileId
  // And each write's conversations go to the page as changes (inbox-changes.ts).
  const changes = changedInbox(counted.store, {
    profileId: scope,
    send: (change) => deps.emit('inbox:changed', change),
    // Another process's writes (the CLI's) too, found by the database's watch.
    database: deps.database,
    ...(deps.watchTimers ? { watchTimers: deps.watchTimers } : {}),
    changedElsewhere: (profileId) => counted.recount(profileId),
  })
  const store = changes.store
  const leases = deps.leases ?? createLeases(deps.database)
  const chats = createInboxChats({ store, now, active: () => deps.active(), connection: deps.connection })

  const mediaOf = replyMediaOf({
    isOnline: () => deps.connection.isOnline(),
    mediaDuration: deps.mediaDuration,
    allowFile: deps.allowFile,
  })
  /** Why the last refresh of a profile could not read the service; absent once one succeeded. */
  const failed = new Map<string, AppError>()
  const reads = createInboxReads(() => told())
  let refreshing: Promise<InboxListAnswer> | undefined
  let closed = false

  /**
   * The outbox of the active profile. A sync is given the session it started on: its replies go through that
   * profile's client and its files into that profile's upload engine, even if the person switches meanwhile.
   */
  const outbox = (session: ActiveService = deps.active(), onUploadStopped?: () => void) => {
    const uploadFile = createEngineUploader(() => session.uploads)
    return createReplyOutbox({
      database: deps.database,
      leases,
      profileId: session.profileId,
      client: () => session.client,
      now,
      // A library video or audio queued offline is timed from its stored file when it goes.
      ...(deps.mediaDuration ? { duration: deps.mediaDuration } : {}),
      // A file of this computer goes up through the profile's upload engine (its progress in the upload
      // queue), under a key of the reply and the file: after a restart the same upload is found, not redone.
      upload: async (paths, signal, replyId) => {
        const urls = new Map<string, string>()
        try {
          for (const path of paths) {
            const key = `inbox-reply:${replyId ?? ''}:${path}`
            urls.set(path, await untilStopped(uploadFile({ path, name: basename(path) }, { key }), signal))
          }
        } catch (error) {
          // The engine closed under the wait (its profile left): the run stops, the reply waits for the next.
          onUploadStopped?.()
          throw error
        }
        return urls
      },
    })
  }

  // A comment's status set by the person: queued, shown in the copy, replayed in order after the replies.
  const statuses = createInboxStatuses({
    database: deps.database,
    leases,
    store,
    now,
    active: () => deps.active(),
    repliedTo: (session, commentId) => answeredByUs(outbox(session).list(), commentId),
    replyWaits: (session, commentId) => replyToGo(outbox(session).list(), commentId),
  })

  function replies(): InboxReplyView[] {
    const since = now().getTime() - SENT_SHOWN_MS
    return outbox()
      .list()
      .filter((r) => r.state !== 'sent' || Date.parse(r.updatedAt) >= since)
      .map(replyView)
  }

  /** What the list answers beside its rows: sent whole as `inbox:state` when it changes (told()). */
  function state(): InboxListState {
    const profileId = scope()
    const stale = failed.has(profileId) || !deps.connection.isOnline()
    const fetchedAt = store.fetchedAt(profileId)
    const freshness = reads.freshness(profileId, fetchedAt, stale)
    return { profileId, fetchedAt, stale, freshness, replies: replies(), statusChanges: statuses.views() }
  }
  function told(): void {
    deps.emit('inbox:state', state())
  }

  function list(filter?: InboxFilter, limit?: number): InboxListAnswer {
    // The changes made before the read go out first: the list includes them, and its number says so.
    const seq = changes.flush()
    const { profileId, ...rest } = state()
    return { ...store.list(profileId, filter, limit === undefined ? {} : { limit }), seq, ...rest }
  }

  // A read keeps the profile it asked together with the client it asked through: its answer goes into that
  // profile's copy, even when the person switched while it waited.

  /** A comment read from the service into the copy. */
  async function readComment(id: string, { client, profileId } = deps.active()): Promise<InboxThread> {
    const entry = commentEntry(await client.getComment(id))
    store.put(profileId, entry, now())
    return { entry, messages: null, stale: false }
  }

  /** The conversation read again from the service into the copy (after a reply went). */
  async function reread(id: string, kind: 'comment' | 'chat' | null, session: ActiveService): Promise<void> {
    if (kind === 'comment') await readComment(id, session)
    else if (kind === 'chat') await chats.read(id, false, session)
  }

  /** Stops the sync under way: the inbox closes, or the profile it started on is no longer the active one. */
  let syncing: AbortController | undefined
  /** Stops a status change's replay made for its call: the inbox closes. */
  const stopping = new AbortController()
  async function sendOnce(): Promise<void> {
    if (!deps.connection.isOnline()) return
    const session = deps.active()
    const controller = new AbortController()
    syncing = controller
    const box = outbox(session, () => {
      if (closed || deps.active() !== session) controller.abort()
    })
    let result
    let replayed
    try {
      result = await box.sync(controller.signal)
      if (result.stoppedBy) log('the service could not be reached while sending replies', result.stoppedBy)
      for (const id of result.sent) {
        const reply = box.get(id)
        if (reply)
          await reread(reply.targetId, reply.targetKind, session).catch((e) => log('re-reading failed', e))
      }
      if (result.sent.length + result.failed.length + result.attention.length > 0) told()
      // The statuses set after the replies: a reply resolves the comment it answers. A comment whose reply is
      // still to go (another process holds it, its file is still going up) keeps its change for after it.
      replayed = await statuses.replay(session, controller.signal, (id) => replyToGo(box.list(), id))
    } finally {
      if (syncing === controller) syncing = undefined
    }
    if (replayed.stoppedBy) log('the service could not be reached while setting statuses', replayed.stoppedBy)
    if (replayed.changed) told()
  }

  const sender = coalescedRun(sendOnce, () => closed)
  let sending: Promise<void> | undefined
  function sendReplies(): Promise<void> {
    if (closed) return Promise.resolve()
    if (sending && sender.again()) return sending
    sending = sender.run().catch((error: unknown) => log('sending replies failed', error))
    return sending
  }

  let wasOnline = deps.connection.isOnline()
  const unsubscribe = deps.connection.onChange((state) => {
    const online = state.status === 'online'
    if (online && !wasOnline) void sendReplies()
    wasOnline = online
  })

  /** One read of the whole inbox of `profileId` into the copy; an unreachable service is remembered, and thrown. */
  async function read(profileId: string, client: ServiceClient, signal?: AbortSignal): Promise<void> {
    const readEnded = reads.start(profileId)
    try {
      // A reply sent without an answer seen is looked for again on the outcome rule's rhythm: at each read.
      // Status changes waiting go first too: the read below would otherwise show the service's older ones. The
      // send may wait on a reply's upload: a stopped read (a switch, the quit) stops waiting for it.
      if (
        statuses.due() ||
        outbox()
          .list()
          .some((r) => r.state === 'sending')
      )
        await untilStopped(sendReplies(), signal)
      const read = await refreshInbox({ client, store, scope: profileId, now, ...(signal ? { signal } : {}) })
      statuses.overlay(profileId)
      failed.delete(profileId)
      deps.news?.arrived(profileId, read.arrived)
    } catch (error) {
      const e = AppError.from(error)
      if (e.kind !== 'cancelled') failed.set(profileId, e)
      throw e
    } finally {
      readEnded()
      if (!signal?.aborted) told()
    }
  }

  const task = deps.background?.register({
    name: 'inbox',
    every: () => INBOX_REFRESH_MS,
    // Not at start, with everything else the first screen reads: the view asks for its own read when opened.
    firstRunAfterMs: INBOX_FIRST_READ_MS,
    minGapMs: INBOX_MIN_GAP_MS,
    run: ({ profileId, client, signal }: HostTaskContext) => read(profileId, client, signal),
  })

  /** Asked by the person: what waits is sent, then the inbox is read now (through the scheduler's budget). */
  async function refresh(): Promise<InboxListAnswer> {
    refreshing ??= (async () => {
      try {
        await sendReplies()
        if (task) await task.runNow()
        else await read(scope(), deps.active().client).catch(() => undefined)
      } finally {
        refreshing = undefined
      }
      return list()
    })()
    return refreshing
  }

  /**
   * Queues what the person wrote (or liked) and sends it now if it can go: answered as sent, or as queued when
   * the service cannot be reached or a file is still to upload (the reply goes once the upload is complete).
   */
  async function queue(
    id: string,
    { action, text, media = [] }: { action: ReplyAction; text: string; media?: Medium[] },
    session: ActiveService = deps.active(),
  ): Promise<InboxReplyView> {
    // The copy knows what the id names (its row read without a chat's messages): the send goes without asking
    // the service first.
    const targetKind = store.entries(session.profileId, [id])[0]?.kind
    if (action !== 'reply' && (targetKind ?? listed(session.profileId, id).kind) !== 'comment') {
      throw new AppError({
        kind: 'validation',
        field: 'id',
        ...errorReason('inbox-comment-only'),
        message: 'only a comment can be liked or answered privately',
      })
    }
    const box = outbox(session)
    const queued = box.queue({ targetId: id, text, media, action, ...(targetKind ? { targetKind } : {}) })
    told()
    if (media.some((m) => m.path !== undefined)) void sendReplies()
    else await sendReplies()
    return replyView(box.get(queued.id) ?? queued)
  }

  const stored = (id: string) => storedConversation(store, scope(), id)
  const listed = (profileId: string, id: string) => listedConversation(store, profileId, id)

  return {
    list,
    refresh,
    counts: () => counted.counts(scope()),
    async thread(id) {
      const found = stored(id)
      // The copy as it is now: a status set while the read waited for the service shows.
      const copy = () => chats.fromCopy(store.get(scope(), id) ?? found)
      // Known to be offline: the copy at once, not after the connection's retries (triage goes on meanwhile).
      if (!deps.connection.isOnline()) return copy()
      try {
        return found.entry.kind === 'comment' ? await readComment(id) : await chats.read(id, true)
      } catch (error) {
        const e = AppError.from(error)
        if (!isUnreachable(e)) throw e
        return copy()
      }
    },
    olderMessages: async (id, from) => chats.older(stored(id), from),
    async reply({ id, text, media, privately }) {
      // The profile the chat is of: a library video is timed from storage first, and a switch meanwhile must
      // not put the reply in the other profile's outbox, to go out through its account.
      const session = deps.active()
      const entry = listed(session.profileId, id)
      if (privately) return queue(id, { action: 'message', text })
      if (entry.kind === 'comment' && media.length > 0) {
        throw new AppError({
          kind: 'validation',
          field: 'media',
          ...errorReason('inbox-comment-text-only'),
          message: 'a comment is answered with text only',
        })
      }
      return queue(id, { action: 'reply', text, media: await mediaOf(media) }, session)
    },
    async like(id) {
      return queue(id, { action: 'like', text: '' })
    },
    /** Queued whether online or not, so that changes keep their order; online, replayed before answering. */
    async setStatus(id, status) {
      const shown = statuses.queue(listed(scope(), id), status)
      told()
      if (deps.connection.isOnline()) {
        const replayed = await statuses
          .ahead(deps.active(), id, stopping.signal)
          .catch((error: unknown) => log('setting a status failed', error))
        if (replayed?.changed) told()
      }
      // The replies, and a change kept for a reply to its comment, go on after the answer.
      void sendReplies()
      return store.get(scope(), id)?.entry ?? shown
    },
    sendReplies,
    recount: () => counted.recount(scope(), true),
    async close() {
      closed = true
      stopping.abort()
      unsubscribe()
      task?.unregister()
      changes.close()
      syncing?.abort()
      await sending
      await refreshing?.catch(() => undefined)
    },
  }
}
