// Sends queued drafts to the service, one at a time, exactly once.
//
// For each queued draft: if a previous create may have reached the service (a send marker survives from a lost
// answer or a restart mid-send) look it up when a look is due, and never send it again by itself
// (unknown-outcome.ts); if its time passed while offline, ask the person instead of
// publishing late; upload local media, then covers still on disk (each URL is saved as soon as it exists, so a
// resend never uploads twice); write a send marker and flush it to disk; create; record the scheduleId. A network-level failure
// stops the run (everything after it would fail the same way) and leaves the rest queued for the next one.
import { basename } from 'node:path'
import type { Draft } from '../../../common/drafts'
import { AppError, isRetryable, mayHaveBeenApplied } from '../../../common/errors'
import { isLocalCover } from '../../../common/local-files'
import { errorReason } from '../../../common/messages/index'
import type { CreateScheduleRequest, ScheduleMedia } from '../../../common/service'
import type { Leases } from '../db/leases'
import type { ServiceClient } from '../service-client'
import type { DraftStore, SendMarker, StoredDraft } from './draft-store'
import { coverUploadKey, mediaUploadKey, withCoverUploaded, type UploadMedia } from './outbox-uploads'
import { scheduleIdOf } from '../../../common/service-vocabulary'
import { findSentPost } from './schedule-lookup'
import { answerUnseen, neverLeft, settleCreate } from './unknown-outcome'

export type OutboxClient = Pick<ServiceClient, 'createSchedule' | 'listSchedules'>

export interface OutboxDeps {
  store: DraftStore
  /** The active profile's client; read once a run, with profileId, so one run talks to one account. */
  client: () => OutboxClient
  /** The active profile: a run sends only the drafts written for it. */
  profileId: () => string
  upload: UploadMedia
  now: () => Date
  /**
   * Who sends what, between the processes sharing the database (the app and a cron `sync`): a draft is sent
   * only under its lease (`outbox:<id>`), and each write about it checks the lease is still held.
   */
  leases: Leases
}

/** The lease a draft is sent under. */
export const outboxLease = (draftId: string) => `outbox:${draftId}`

export interface SyncResult {
  scheduled: string[]
  failed: string[]
  attention: string[]
  /** Still queued: the service could not be reached, or answered with a passing failure. */
  waiting: string[]
  /** Why the run stopped early, when it did. */
  stoppedBy?: AppError
}

export interface Outbox {
  /** Sends every queued draft (and finishes interrupted sends). Concurrent calls share one run. */
  sync(signal?: AbortSignal): Promise<SyncResult>
  readonly running: boolean
}

export function createOutbox({
  store,
  client: activeClient,
  profileId,
  upload,
  now,
  leases,
}: OutboxDeps): Outbox {
  let current: Promise<SyncResult> | null = null
  // Set for the length of a run: a profile switch in the middle must not send the rest through the new account.
  let runClient: OutboxClient | null = null
  const client = (): OutboxClient => runClient ?? activeClient()

  /** `marker`: set (or clear, null) the send marker in the same commit. */
  const update = (
    draft: StoredDraft,
    changes: Partial<Draft>,
    marker?: SendMarker | null,
    durability?: 'crash',
  ): StoredDraft =>
    store.update(draft, changes, now(), {
      lease: { holds: (resource) => leases.holds(resource), resource: outboxLease(draft.id) },
      // A draft deleted while it waited its turn (or while a lookup ran) is not brought back and sent.
      mustExist: true,
      ...(marker === undefined ? {} : { marker }),
      ...(durability ? { durability } : {}),
    })

  function claimedIds(except: string): Set<string> {
    return store.claimedScheduleIds(except)
  }

  function bodyOf(draft: Draft): CreateScheduleRequest {
    const uploaded: ScheduleMedia[] = draft.localMedia.map((m) => ({
      alt: m.alt,
      type: m.type,
      // A thumbnail chosen on disk is not an address the service can fetch; it picks its own then.
      thumbnail: /^https?:\/\//.test(m.thumbnail) ? m.thumbnail : '',
      url: m.uploadedUrl ?? '',
    }))
    return { ...draft.post, medias: [...draft.post.medias, ...uploaded] }
  }

  /**
   * A create went out and its answer was never seen: looks for its post when a look is due (unknown-outcome.ts)
   * and adopts it; otherwise the draft waits, "sending", for the next look, and after the last one it is the
   * person's to decide. It is never created again from here. Throws the client's error when the service could
   * not be asked; the marker stays.
   */
  async function settle(
    draft: StoredDraft,
    marker: SendMarker,
    signal?: AbortSignal,
  ): Promise<'scheduled' | 'waiting' | 'attention'> {
    const outcome = await settleCreate(marker, now, () =>
      findSentPost(client(), marker, claimedIds(draft.id), signal),
    )
    if (outcome.kind === 'found') {
      update(draft, { status: 'scheduled', scheduleId: scheduleIdOf(outcome.found), error: undefined }, null)
      return 'scheduled'
    }
    if (outcome.kind === 'unknown') {
      update(
        draft,
        {
          status: 'needs-attention',
          error: undefined,
          attention: {
            reason: 'answer-lost',
            message:
              'The service never answered whether it created this post, and it is not there 10 minutes later. Send it again, or keep it as a draft.',
          },
        },
        null,
      )
      return 'attention'
    }
    if (outcome.lookedAt || draft.status !== 'sending') {
      update(
        draft,
        { status: 'sending', error: checkingAgain(outcome.nextLookAt) },
        outcome.lookedAt ? { ...marker, lookedAt: outcome.lookedAt } : undefined,
      )
    }
    return 'waiting'
  }

  /** Looks once for the marked create's post and adopts it; false when it is not there. */
  async function adoptFound(draft: StoredDraft, marker: SendMarker, signal?: AbortSignal): Promise<boolean> {
    const found = await findSentPost(client(), marker, claimedIds(draft.id), signal)
    if (!found) return false
    update(draft, { status: 'scheduled', scheduleId: scheduleIdOf(found), error: undefined }, null)
    return true
  }

  async function sendOne(
    initial: StoredDraft,
    signal?: AbortSignal,
  ): Promise<'scheduled' | 'failed' | 'attention' | 'waiting'> {
    let draft = initial
    const earlier = store.marker(draft.id)
    if (earlier?.answered) {
      // The service said this create failed; one look confirms nothing was made after all.
      if (await adoptFound(draft, earlier, signal)) return 'scheduled'
      store.setMarker(draft.id, undefined)
    } else if (earlier) {
      // A create went out before and its answer was never seen: found, waiting or the person's; never resent.
      return settle(draft, earlier, signal)
    }

    if (Date.parse(draft.post.scheduleAt) <= now().getTime()) {
      update(draft, {
        status: 'needs-attention',
        attention: {
          reason: 'time-passed',
          message:
            'Its time passed while it waited to be sent. Send it now, pick a new time, or keep it as a draft.',
        },
      })
      return 'attention'
    }

    // A draft with nothing to upload goes to "sending" in the same commit as its send marker: each commit
    // waits for the disk (fsync), and a run of many posts paid for one more per post.
    const uploadsFirst = draft.localMedia.some((m) => !m.uploadedUrl) || localCovers(draft).size > 0
    if (uploadsFirst) draft = update(draft, { status: 'sending', error: undefined })
    for (const media of draft.localMedia) {
      if (media.uploadedUrl) continue
      signal?.throwIfAborted()
      const url = await upload(media, { key: mediaUploadKey(draft.id, media.id), signal })
      const localMedia = draft.localMedia.map((m) => (m.id === media.id ? { ...m, uploadedUrl: url } : m))
      draft = update(draft, { localMedia })
      // On disk at once: the URL in the draft is what spares the file a second upload in any later run.
    }
    // A cover still on disk (a frame taken from the video, an image picked for it) goes up the same way, and
    // its address takes the path's place in `thumbnail` (reference section 2.4).
    for (const path of localCovers(draft)) {
      signal?.throwIfAborted()
      const url = await upload(
        { path, name: basename(path) },
        { key: coverUploadKey(draft.id, path), signal },
      )
      draft = update(draft, withCoverUploaded(draft, path, url))
    }

    const body = bodyOf(draft)
    const marker: SendMarker = {
      startedAt: now().toISOString(),
      accountId: body.accountId,
      scheduleAt: body.scheduleAt,
      title: body.title,
      description: body.description,
    }
    // The marker must be on disk before the request leaves: after a crash it is the only trace of the send.
    if (uploadsFirst) store.setMarker(draft.id, marker)
    else draft = update(draft, { status: 'sending', error: undefined }, marker)
    try {
      const result = await client().createSchedule(body, { signal })
      // Without waiting for the disk: should a power cut take this commit, the marker is still there and the
      // next run finds the post on the service (adopt) instead of creating it again. The next durable commit
      // (the next post's marker, the run's last sync time) syncs it anyway.
      update(draft, { status: 'scheduled', scheduleId: result.scheduleId, error: undefined }, null, 'crash')
      return 'scheduled'
    } catch (error) {
      const failure = AppError.from(error)
      if (answerUnseen(failure)) {
        // The request may have been carried out, now or later: the first look is now, the others come with
        // later runs. If the lookup fails too, the marker stays and the next run starts with it.
        let settled: 'scheduled' | 'waiting' | 'attention' | undefined
        try {
          settled = await settle(draft, marker, signal)
        } catch {
          // The run stops or goes on as the create's own failure says (sendUnderLease).
        }
        if (settled === 'scheduled' || settled === 'attention') return settled
      } else if (mayHaveBeenApplied(failure) && !neverLeft(failure)) {
        // The service answered that it failed (a 500, 502, 503): one look tells whether it did the work anyway;
        // not there, the post is sent again on a later run. If the lookup fails, the next run looks first.
        const found = await adoptFound(draft, marker, signal).catch(() => undefined)
        if (found) return 'scheduled'
        if (found === false) store.setMarker(draft.id, undefined)
        else store.setMarker(draft.id, { ...marker, answered: true })
      } else if (failure.kind !== 'cancelled') {
        // A refusal means nothing was created. A cancel (shutdown) may have come after the request left: the
        // marker stays, and the next start looks the post up first.
        store.setMarker(draft.id, undefined)
      }
      throw failure
    }
  }

  /** The covers of `draft` still on disk, to upload before the post is created. */
  const localCovers = (draft: Draft): Set<string> =>
    new Set([...draft.post.medias, ...draft.localMedia].map((m) => m.thumbnail).filter(isLocalCover))

  async function run(signal?: AbortSignal): Promise<SyncResult> {
    const result: SyncResult = { scheduled: [], failed: [], attention: [], waiting: [] }
    const owner = profileId()
    runClient = activeClient()
    // Posts the CLI queued while the app runs are in the database, not yet in memory.
    await store.refresh()
    // A send takes minutes on a slow link: the leases of this run are renewed while it lasts.
    const stopRenewing = leases.startRenewing(() => {})
    try {
      await sendAll(owner, result, signal)
    } finally {
      stopRenewing()
    }
    store.setLastSyncAt(now().toISOString())
    return result
  }

  async function sendAll(owner: string, result: SyncResult, signal?: AbortSignal): Promise<void> {
    const pending = store.pendingForProfile(owner)
    for (const listed of pending) {
      if (result.stoppedBy || signal?.aborted) {
        if (isPending(store.get(listed.id))) result.waiting.push(listed.id)
        continue
      }
      const lease = outboxLease(listed.id)
      // Another process (a cron `sync`, the app) is sending it now: it is theirs to finish.
      if (!leases.acquire(lease)) {
        result.waiting.push(listed.id)
        continue
      }
      try {
        // Taken under the lease: what another process did to it before (sent it, say) is seen now.
        await store.refresh()
        // The person may have edited, moved or unqueued it while earlier posts were being sent.
        const draft = store.get(listed.id)
        if (!draft || !isPending(draft)) continue
        await sendUnderLease(draft, lease, result, signal)
      } finally {
        leases.release(lease)
      }
    }
  }

  async function sendUnderLease(
    draft: StoredDraft,
    lease: string,
    result: SyncResult,
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      const outcome = await sendOne(draft, signal)
      result[outcome === 'attention' ? 'attention' : outcome].push(draft.id)
    } catch (error) {
      const failure = AppError.from(error)
      const latest = store.get(draft.id)
      // Deleted by the person before it was "sending" (a sending draft cannot be deleted): nothing to record.
      if (!latest) return
      if (!leases.holds(lease)) {
        // Lost to another process (this one slept past the lease): it finishes the post; write nothing.
        result.waiting.push(draft.id)
        return
      }
      if (failure.kind === 'cancelled' || isRetryable(failure)) {
        // A create that may have gone out keeps the draft "sending" until its post is found or the person
        // decides (settle): queued again, it could be edited, or sent twice.
        const checking = isChecking(draft.id)
        update(
          latest,
          checking
            ? { status: 'sending', error: latest.error ?? failure.toJSON() }
            : { status: 'queued', error: failure.toJSON() },
        )
        result.waiting.push(draft.id)
        // A 5xx is about this one request; offline, resets and a cancel are about every request after it.
        if (failure.kind !== 'server') result.stoppedBy = failure
      } else if (failure.kind === 'validation') {
        update(latest, {
          status: 'needs-attention',
          error: failure.toJSON(),
          attention: { reason: 'rejected', message: `The service refused the post: ${failure.message}` },
        })
        result.attention.push(draft.id)
      } else {
        update(latest, { status: 'failed', error: failure.toJSON() })
        result.failed.push(draft.id)
      }
    }
  }

  /** What a draft waiting for its create's outcome says, for the CLI's line and the page alike. */
  const checkingAgain = (at: string) =>
    new AppError({
      kind: 'network',
      ...errorReason('send-outcome-checking', { at }),
      message: `No answer came when this post was sent; the service is asked again at ${at} whether it has it, before anything is sent again.`,
    }).toJSON()

  /** A create of this draft may have gone out with no answer seen: its outcome is being checked. */
  const isChecking = (id: string) => {
    const marker = store.marker(id)
    return marker !== undefined && !marker.answered
  }

  const isPending = (draft: StoredDraft | undefined) =>
    draft !== undefined && (draft.status === 'queued' || draft.status === 'sending')

  return {
    sync(signal) {
      current ??= run(signal).finally(() => {
        current = null
        runClient = null
      })
      return current
    },
    get running() {
      return current !== null
    },
  }
}
