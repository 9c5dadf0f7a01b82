// The outbox's decisions, with a stand-in for the service that records what it was sent. The same behaviour
// against the real sandbox over HTTP is in test/integration/drafts.
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../common/errors'
import type { CreateScheduleRequest, Page, Schedule } from '../../../../common/service'
import { openStoreAt, type TestDraftStore } from '../../../support/draft-store'
import { createLeases } from '../../../../main/core/db/leases'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { createDraftsService } from '../../../../main/core/drafts/drafts-service'
import type { DraftPost } from '../../../../common/drafts'
import { createOutbox } from '../../../../main/core/drafts/outbox'
import { coverUploadKey } from '../../../../main/core/drafts/outbox-uploads'
import type { OutboxClient, OutboxDeps } from '../../../../main/core/drafts/outbox'
import type { ListSchedulesQuery } from '../../../../main/core/service-client'
import { NOW, localImage, samplePost, tempDir } from './helpers'
import { sqlOf } from '../../../../main/core/db/handle'

type Mode = 'ok' | 'lose-answer' | 'arrive-late' | 'offline' | 'server-error' | 'plan' | 'invalid'

function fakeService() {
  const created: Array<CreateScheduleRequest & { _id: string }> = []
  const modes: Mode[] = []
  const late: CreateScheduleRequest[] = []
  let listOffline = false
  const client: OutboxClient = {
    async createSchedule(body) {
      const mode = modes.shift() ?? 'ok'
      if (mode === 'offline')
        throw new AppError({ kind: 'network', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })
      if (mode === 'server-error') throw new AppError({ kind: 'server', status: 503, message: 'unavailable' })
      if (mode === 'plan') throw new AppError({ kind: 'plan', status: 402, message: 'invalid plan' })
      if (mode === 'invalid') throw new AppError({ kind: 'validation', status: 400, message: 'bad topic' })
      if (mode === 'arrive-late') {
        // Reaches the service after the client gave up on it: listed only once the test lets it arrive.
        late.push(body)
        throw new AppError({ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT', message: 'timed out' })
      }
      const _id = `sch-${created.length + 1}`
      created.push({ ...body, _id })
      if (mode === 'lose-answer') throw new AppError({ kind: 'network', message: 'socket hang up' })
      return { scheduleId: _id }
    },
    async listSchedules(q: ListSchedulesQuery): Promise<Page<Schedule>> {
      if (listOffline) throw new AppError({ kind: 'network', message: 'connect ECONNREFUSED' })
      const docs = created
        .filter((s) => !q.accountIds || q.accountIds.includes(s.accountId))
        .filter((s) => !q.fromDate || s.scheduleAt >= q.fromDate)
        .filter((s) => !q.toDate || s.scheduleAt <= q.toDate)
        .map((s) => ({
          ...s,
          id: s._id,
          status: 'pending' as const,
          userId: 'u',
          createdAt: '',
          updatedAt: '',
        }))
      return {
        docs,
        totalDocs: docs.length,
        limit: q.limit,
        totalPages: 1,
        page: 1,
        pagingCounter: 1,
        hasPrevPage: false,
        hasNextPage: false,
        prevPage: null,
        nextPage: null,
      }
    },
  }
  const arrive = () => {
    for (const body of late.splice(0)) created.push({ ...body, _id: `sch-${created.length + 1}` })
  }
  return { client, created, modes, arrive, setListOffline: (v: boolean) => void (listOffline = v) }
}

let store: TestDraftStore
let file: string
let cleanup: () => Promise<void>
let now: Date

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  file = path.join(t.dir, 'drafts.json')
  store = await openStoreAt(file)
  now = NOW
})
afterEach(() => cleanup())

/** An outbox at the test's clock, by default for the sandbox profile, over the file's store, uploading nothing. */
function outboxOver(client: OutboxDeps['client'], deps: Partial<Omit<OutboxDeps, 'client' | 'now'>> = {}) {
  return createOutbox({
    profileId: () => 'sandbox',
    store,
    now: () => now,
    upload: async () => 'unused',
    leases: createLeases(store.database),
    ...deps,
    client,
  })
}

function draftsOf(draftStore: DraftStore, profile = 'sandbox') {
  return createDraftsService({ profileId: () => profile, store: draftStore, now: () => now })
}

/** Saves a post as a draft and queues it, as "Schedule" in the composer does. */
function queueIn(drafts: ReturnType<typeof draftsOf>, post: DraftPost = samplePost()) {
  return drafts.queue(drafts.save({ post, localMedia: [] }).id)
}

function setup(upload = async () => 'https://storage.example/up.png') {
  const service = fakeService()
  const uploads: string[] = []
  const outbox = outboxOver(() => service.client, {
    upload: async (media) => {
      uploads.push(media.path)
      return upload()
    },
  })
  const drafts = draftsOf(store)
  const queue = (post = samplePost(), localMedia: ReturnType<typeof localImage>[] = []) =>
    drafts.queue(drafts.save({ post, localMedia }).id)
  return { ...service, outbox, drafts, queue, uploads }
}

describe('outbox', () => {
  it("sends only the active profile's queued drafts, through one profile's client for the whole run", async () => {
    const services = { a: fakeService(), b: fakeService() }
    let active: 'a' | 'b' = 'a'
    const outbox = outboxOver(() => services[active].client, { profileId: () => active })
    const queue = (profile: 'a' | 'b', description: string) =>
      queueIn(draftsOf(store, profile), samplePost({ description }))
    const fromA = queue('a', 'written under A')
    active = 'b'
    expect(await outbox.sync()).toMatchObject({ scheduled: [], waiting: [], failed: [] })
    expect(services.a.created).toEqual([])
    expect(services.b.created).toEqual([])
    expect(store.get(fromA.id)!.status).toBe('queued')

    // A switch while B's run is in flight: the run keeps B's client; A's post waits for A's own run.
    const fromB = queue('b', 'written under B')
    const alsoB = queue('b', 'also under B')
    const original = services.b.client.createSchedule
    services.b.client.createSchedule = async (body, options) => {
      active = 'a'
      return original(body, options)
    }
    expect((await outbox.sync()).scheduled.sort()).toEqual([fromB.id, alsoB.id].sort())
    expect(services.b.created.map((c) => c.description).sort()).toEqual(['also under B', 'written under B'])
    expect(services.a.created).toEqual([])

    expect((await outbox.sync()).scheduled).toEqual([fromA.id])
    expect(services.a.created.map((c) => c.description)).toEqual(['written under A'])
  })

  it('names each upload by its draft and media item, and hands it the run signal', async () => {
    const asked: { key: string; signal?: AbortSignal }[] = []
    const service = fakeService()
    const outbox = outboxOver(() => service.client, {
      upload: async (_media, options) => {
        asked.push(options)
        return 'https://storage.example/up.png'
      },
    })
    const drafts = draftsOf(store)
    const media = localImage()
    const draft = drafts.queue(drafts.save({ post: samplePost({ type: 'image' }), localMedia: [media] }).id)
    const run = new AbortController()
    await outbox.sync(run.signal)
    expect(asked).toEqual([{ key: `draft:${draft.id}:media:${media.id}`, signal: run.signal }])
  })

  it('uploads local media first, puts their URLs into medias, then creates the post', async () => {
    const { outbox, queue, created, uploads } = setup()
    const draft = queue(samplePost({ type: 'image' }), [localImage()])
    const result = await outbox.sync()
    expect(result.scheduled).toEqual([draft.id])
    expect(uploads).toEqual(['/tmp/photo.png'])
    expect(created[0]!.medias).toEqual([
      { alt: 'a photo', type: 'image', thumbnail: '', url: 'https://storage.example/up.png' },
    ])
    const saved = store.get(draft.id)!
    expect(saved).toMatchObject({ status: 'scheduled', scheduleId: 'sch-1' })
    expect(saved.localMedia[0]!.uploadedUrl).toBe('https://storage.example/up.png')
    expect(store.marker(draft.id)).toBeUndefined()
  })

  it('uploads covers still on disk, of stored and local videos, and puts their addresses in thumbnail', async () => {
    const service = fakeService()
    const sent: Array<{ path: string; key: string }> = []
    const outbox = outboxOver(() => service.client, {
      upload: async (media, { key }) => {
        sent.push({ path: media.path, key })
        return `https://storage.example/${media.name}`
      },
    })
    const drafts = draftsOf(store)
    const stored = {
      alt: '',
      type: 'video',
      url: 'https://storage.example/old.webm',
      thumbnail: '/c/cover-a.jpg',
    }
    const first = drafts.queue(
      drafts.save({ post: samplePost({ type: 'video', medias: [stored] }), localMedia: [] }).id,
    )
    const local = localImage({
      id: 'v1',
      path: '/tmp/clip.webm',
      name: 'clip.webm',
      mimetype: 'video/webm',
      type: 'video',
      thumbnail: '/c/cover-b.jpg',
    })
    const second = drafts.queue(
      drafts.save({
        post: samplePost({ type: 'video', scheduleAt: '2026-07-21T03:00:00.000Z' }),
        localMedia: [local],
      }).id,
    )

    expect((await outbox.sync()).scheduled).toEqual([first.id, second.id])
    expect(sent.map((s) => s.path)).toEqual(['/c/cover-a.jpg', '/tmp/clip.webm', '/c/cover-b.jpg'])
    expect(sent[0]!.key).toBe(coverUploadKey(first.id, '/c/cover-a.jpg'))
    expect(service.created[0]!.medias).toEqual([
      { ...stored, thumbnail: 'https://storage.example/cover-a.jpg' },
    ])
    expect(service.created[1]!.medias).toEqual([
      {
        alt: 'a photo',
        type: 'video',
        thumbnail: 'https://storage.example/cover-b.jpg',
        url: 'https://storage.example/clip.webm',
      },
    ])
    // The drafts keep the addresses, so a resend never uploads a cover twice.
    expect(store.get(first.id)!.post.medias[0]!.thumbnail).toBe('https://storage.example/cover-a.jpg')
    expect(store.get(second.id)!.localMedia[0]!.thumbnail).toBe('https://storage.example/cover-b.jpg')
  })

  it('does not send the post without its cover, and uploads the cover once when it can', async () => {
    const service = fakeService()
    let fail = true
    const sent: string[] = []
    const outbox = outboxOver(() => service.client, {
      upload: async (media) => {
        if (fail) throw new AppError({ kind: 'network', message: 'connect ECONNREFUSED' })
        sent.push(media.path)
        return 'https://storage.example/cover.jpg'
      },
    })
    const drafts = draftsOf(store)
    const video = { alt: '', type: 'video', url: 'https://storage.example/v.webm', thumbnail: '/c/cover.jpg' }
    const draft = drafts.queue(
      drafts.save({ post: samplePost({ type: 'video', medias: [video] }), localMedia: [] }).id,
    )

    expect((await outbox.sync()).waiting).toEqual([draft.id])
    expect(service.created).toHaveLength(0)
    fail = false
    expect((await outbox.sync()).scheduled).toEqual([draft.id])
    expect((await outbox.sync()).scheduled).toEqual([])
    expect(sent).toEqual(['/c/cover.jpg'])
    expect(service.created[0]!.medias[0]!.thumbnail).toBe('https://storage.example/cover.jpg')
  })

  it('adopts the post when the answer to its create was lost, instead of creating it twice', async () => {
    const { outbox, queue, created, modes } = setup()
    const draft = queue()
    modes.push('lose-answer')
    const result = await outbox.sync()
    expect(result.scheduled).toEqual([draft.id])
    expect(created).toHaveLength(1)
    expect(store.get(draft.id)).toMatchObject({ status: 'scheduled', scheduleId: 'sch-1' })
  })

  it('never settles an unseen answer on one empty lookup: looks again at +2, +5, +10 min and adopts the late post', async () => {
    const { outbox, queue, created, modes, arrive } = setup()
    const draft = queue()
    const sentAt = now.getTime()
    modes.push('arrive-late')
    const first = await outbox.sync()
    expect(first.waiting).toEqual([draft.id])
    expect(store.get(draft.id)).toMatchObject({
      status: 'sending',
      error: { code: 'send-outcome-checking', params: { at: new Date(sentAt + 2 * 60_000).toISOString() } },
    })
    // The runner's minute-by-minute runs before the next look create nothing and ask nothing.
    for (const minute of [1, 2, 3]) {
      now = new Date(sentAt + minute * 60_000)
      expect((await outbox.sync()).waiting).toEqual([draft.id])
      expect(created).toHaveLength(0)
    }
    arrive()
    now = new Date(sentAt + 5 * 60_000)
    expect((await outbox.sync()).scheduled).toEqual([draft.id])
    expect(created).toHaveLength(1)
    expect(store.get(draft.id)).toMatchObject({ status: 'scheduled', scheduleId: 'sch-1' })
    expect(store.marker(draft.id)).toBeUndefined()
  })

  it('hands a create still unseen after the last look to the person; "send again" keeps its time and sends once', async () => {
    const { outbox, queue, created, modes, drafts, client } = setup()
    const draft = queue()
    const sentAt = now.getTime()
    modes.push('arrive-late')
    let lookups = 0
    const list = client.listSchedules
    client.listSchedules = async (q, o) => (lookups++, list(q, o))
    await outbox.sync()
    for (const minute of [2, 5, 9]) {
      now = new Date(sentAt + minute * 60_000)
      expect((await outbox.sync()).waiting).toEqual([draft.id])
    }
    expect(lookups).toBe(3)
    now = new Date(sentAt + 10 * 60_000)
    expect((await outbox.sync()).attention).toEqual([draft.id])
    expect(lookups).toBe(4)
    expect(created).toHaveLength(0)
    expect(store.get(draft.id)).toMatchObject({
      status: 'needs-attention',
      attention: { reason: 'answer-lost' },
    })
    expect(store.marker(draft.id)).toBeUndefined()
    // Left alone it stays the person's: no run sends it.
    now = new Date(sentAt + 30 * 60_000)
    await outbox.sync()
    expect(created).toHaveLength(0)

    const again = drafts.resolve(draft.id, { action: 'send-now' })
    expect(again).toMatchObject({ status: 'queued', post: { scheduleAt: draft.post.scheduleAt } })
    expect((await outbox.sync()).scheduled).toEqual([draft.id])
    expect(created).toHaveLength(1)
  })

  it('keeps the send marker when the lookup fails too, and looks up before sending on the next run', async () => {
    const { outbox, queue, modes, setListOffline, client } = setup()
    const draft = queue()
    modes.push('lose-answer')
    setListOffline(true)
    const first = await outbox.sync()
    expect(first.waiting).toEqual([draft.id])
    expect(first.stoppedBy?.kind).toBe('network')
    // Its create may be on the service: "sending" until it is found or the person decides, never edited meanwhile.
    expect(store.get(draft.id)).toMatchObject({ status: 'sending', error: { kind: 'network' } })
    expect(store.marker(draft.id)).toBeDefined()

    // A restart in between: the marker is on disk. The service is reachable again and holds the post.
    store = await openStoreAt(file)
    setListOffline(false)
    const restarted = outboxOver(() => ({
      createSchedule: async () => {
        throw new Error('must not create again')
      },
      listSchedules: client.listSchedules,
    }))
    const second = await restarted.sync()
    expect(second.scheduled).toEqual([draft.id])
    expect(store.get(draft.id)).toMatchObject({ status: 'scheduled', scheduleId: 'sch-1' })
    expect(store.marker(draft.id)).toBeUndefined()
  })

  it('sends again when the lookup shows the lost create never arrived', async () => {
    const { outbox, queue, created, modes } = setup()
    const draft = queue()
    modes.push('server-error')
    const first = await outbox.sync()
    // A 5xx concerns that request only: the post waits for the next run, nothing was created.
    expect(first.waiting).toEqual([draft.id])
    expect(first.stoppedBy).toBeUndefined()
    expect(created).toHaveLength(0)
    expect(store.marker(draft.id)).toBeUndefined()
    const second = await outbox.sync()
    expect(second.scheduled).toEqual([draft.id])
    expect(created).toHaveLength(1)
  })

  it('never sends a draft the person deleted while its earlier create was looked up', async () => {
    const service = fakeService()
    const drafts = draftsOf(store)
    const draft = queueIn(drafts)
    // A 5xx answered an earlier create whose lookup then failed: the next run looks once more before sending.
    store.setMarker(draft.id, {
      startedAt: now.toISOString(),
      accountId: draft.post.accountId,
      scheduleAt: draft.post.scheduleAt,
      title: draft.post.title,
      description: draft.post.description,
      answered: true,
    })
    const outbox = outboxOver(() => ({
      createSchedule: (body) => service.client.createSchedule(body),
      listSchedules: async (q) => {
        // The person deletes the queued post while that lookup is on its way.
        drafts.remove(draft.id)
        return service.client.listSchedules(q)
      },
    }))
    const result = await outbox.sync()
    expect(service.created).toHaveLength(0)
    expect(store.get(draft.id)).toBeUndefined()
    expect(store.marker(draft.id)).toBeUndefined()
    expect([...result.scheduled, ...result.failed, ...result.attention]).toEqual([])
  })

  it('two identical posts each get their own schedule after lost answers', async () => {
    const { outbox, queue, created, modes } = setup()
    const a = queue()
    const b = queue()
    modes.push('lose-answer', 'lose-answer')
    await outbox.sync()
    expect(created).toHaveLength(2)
    expect(new Set([store.get(a.id)!.scheduleId, store.get(b.id)!.scheduleId])).toEqual(
      new Set(['sch-1', 'sch-2']),
    )
  })

  it('stops at the first offline failure and leaves the rest queued', async () => {
    const { outbox, queue, created, modes } = setup()
    const a = queue(samplePost({ scheduleAt: '2026-07-20T03:00:00.000Z' }))
    const b = queue(samplePost({ scheduleAt: '2026-07-21T03:00:00.000Z' }))
    modes.push('offline')
    const result = await outbox.sync()
    expect(result.waiting).toEqual([a.id, b.id])
    expect(created).toHaveLength(0)
    expect(store.get(b.id)!.status).toBe('queued')
  })

  it('asks what to do with a post whose time passed while it waited, instead of publishing late', async () => {
    const { outbox, queue, created, drafts } = setup()
    const draft = queue(samplePost({ scheduleAt: '2026-07-15T03:05:00.000Z' }))
    now = new Date('2026-07-15T03:10:00.000Z')
    const result = await outbox.sync()
    expect(result.attention).toEqual([draft.id])
    expect(created).toHaveLength(0)
    expect(store.get(draft.id)).toMatchObject({
      status: 'needs-attention',
      attention: { reason: 'time-passed' },
    })

    // "Send now": queued again for a minute and a half from now.
    const resolved = drafts.resolve(draft.id, { action: 'send-now' })
    expect(resolved.status).toBe('queued')
    expect(Date.parse(resolved.post.scheduleAt) - now.getTime()).toBe(90_000)
    await outbox.sync()
    expect(created).toHaveLength(1)
  })

  it('marks a plan refusal failed with its reason and a service validation refusal as needing attention', async () => {
    const { outbox, queue, modes } = setup()
    const a = queue(samplePost({ scheduleAt: '2026-07-20T03:00:00.000Z' }))
    const b = queue(samplePost({ scheduleAt: '2026-07-21T03:00:00.000Z' }))
    modes.push('plan', 'invalid')
    const result = await outbox.sync()
    expect(result.failed).toEqual([a.id])
    expect(store.get(a.id)).toMatchObject({
      status: 'failed',
      error: { kind: 'plan', message: 'invalid plan' },
    })
    expect(store.get(b.id)).toMatchObject({ status: 'needs-attention', attention: { reason: 'rejected' } })
  })

  it('never uploads a file twice: a URL saved before a failed create is reused', async () => {
    const { outbox, queue, modes, uploads, created } = setup()
    queue(samplePost({ type: 'image' }), [localImage()])
    modes.push('offline')
    await outbox.sync()
    await outbox.sync()
    expect(uploads).toHaveLength(1)
    expect(created).toHaveLength(1)
  })

  it('fails a post whose local file is gone, with the reason', async () => {
    const { outbox, queue } = setup(async () => {
      throw new AppError({ kind: 'file', message: '/tmp/photo.png no longer exists' })
    })
    const draft = queue(samplePost({ type: 'image' }), [localImage()])
    const result = await outbox.sync()
    expect(result.failed).toEqual([draft.id])
    expect(store.get(draft.id)!.error?.message).toMatch(/no longer exists/)
  })

  it('sends a post with nothing to upload in one commit that waits for the disk, marker kept until answered', async () => {
    // Each commit with synchronous = FULL is an fsync that blocks the process: a run of 40 posts paid for six
    // a post (lease taken, sending, marker, scheduled, marker cleared, lease released). "Scheduled" need not
    // wait: lost in a power cut, it leaves the marker, and the next run finds the post instead of sending it.
    const { outbox, queue, client } = setup()
    const drafts = [queue(), queue(samplePost({ description: 'second' }))]
    const db = sqlOf(store.database)
    let synchronous = 'FULL'
    const durable: string[] = []
    const seenAtCreate: Array<{ status?: string; marker: boolean }> = []
    const exec = db.exec.bind(db)
    vi.spyOn(db, 'exec').mockImplementation((sql: string) => {
      synchronous = /^PRAGMA synchronous = (\w+)/.exec(sql)?.[1] ?? synchronous
      if (sql === 'COMMIT' && synchronous === 'FULL') durable.push(sql)
      return exec(sql)
    })
    const create = client.createSchedule
    client.createSchedule = async (body, options) => {
      const id = drafts[seenAtCreate.length]!.id
      seenAtCreate.push({ status: store.get(id)?.status, marker: store.marker(id) !== undefined })
      return create(body, options)
    }
    const result = await outbox.sync()
    expect(result.scheduled).toEqual(drafts.map((d) => d.id))
    // One a post (its marker, before the create leaves), and one for the run's last sync time.
    expect(durable).toHaveLength(drafts.length + 1)
    expect(seenAtCreate).toEqual(drafts.map(() => ({ status: 'sending', marker: true })))
    for (const draft of drafts) expect(store.marker(draft.id)).toBeUndefined()
    // What a reopen finds: the markers cleared with the scheduled state, the leases free.
    const reopened = await openStoreAt(file)
    expect(drafts.map((d) => reopened.get(d.id)?.status)).toEqual(['scheduled', 'scheduled'])
    expect(drafts.map((d) => reopened.marker(d.id))).toEqual([undefined, undefined])
    expect(createLeases(reopened.database).holder(`outbox:${drafts[0]!.id}`)).toBeUndefined()
  })

  it('shares one run between concurrent calls', async () => {
    const { outbox, queue, created } = setup()
    queue()
    const [a, b] = await Promise.all([outbox.sync(), outbox.sync()])
    expect(a).toBe(b)
    expect(created).toHaveLength(1)
  })
})

describe('outbox cancelled mid-send', () => {
  it('keeps the send marker when a create is cancelled, so the next run looks the post up first', async () => {
    const t = await tempDir()
    const local = await openStoreAt(path.join(t.dir, 'drafts.json'))
    const draft = queueIn(draftsOf(local))
    const controller = new AbortController()
    const outbox = outboxOver(
      () => ({
        createSchedule: async () => {
          // The request has left; the app shuts down before the answer.
          controller.abort()
          throw new AppError({ kind: 'cancelled', message: 'cancelled' })
        },
        listSchedules: async () => {
          throw new Error('no lookup while shutting down')
        },
      }),
      { store: local },
    )
    const result = await outbox.sync(controller.signal)
    expect(result.stoppedBy?.kind).toBe('cancelled')
    expect(local.get(draft.id)!.status).toBe('sending')
    expect(local.marker(draft.id)).toMatchObject({ accountId: 'acc-1' })
    await t.cleanup()
  })
})

describe('outbox and edits made during a run', () => {
  it('sends the latest version of a post edited while earlier ones were sent, and skips one taken back', async () => {
    const t = await tempDir()
    const local = await openStoreAt(path.join(t.dir, 'drafts.json'))
    const drafts = draftsOf(local)
    const first = queueIn(drafts, samplePost({ scheduleAt: '2026-07-20T03:00:00.000Z' }))
    const moved = queueIn(drafts, samplePost({ scheduleAt: '2026-07-21T03:00:00.000Z' }))
    const takenBack = queueIn(drafts, samplePost({ scheduleAt: '2026-07-22T03:00:00.000Z' }))
    const sent: string[] = []
    const outbox = outboxOver(
      () => ({
        createSchedule: async (body) => {
          if (sent.length === 0) {
            // While the first create is in flight the person moves one post and unqueues another.
            drafts.save({
              id: moved.id,
              post: samplePost({ scheduleAt: '2026-07-25T09:00:00.000Z' }),
              localMedia: [],
            })
            drafts.unqueue(takenBack.id)
          }
          sent.push(body.scheduleAt)
          return { scheduleId: `s${sent.length}` }
        },
        listSchedules: async () => {
          throw new Error('no lookup expected')
        },
      }),
      { store: local },
    )
    const result = await outbox.sync()
    expect(sent).toEqual(['2026-07-20T03:00:00.000Z', '2026-07-25T09:00:00.000Z'])
    expect(result.scheduled).toEqual([first.id, moved.id])
    expect(local.get(takenBack.id)!.status).toBe('draft')
    await t.cleanup()
  })
})
