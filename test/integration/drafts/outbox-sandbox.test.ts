// The outbox against the real sandbox over HTTP, with its faults: lost answers (through a proxy that drops
// them after the service acted), 5xx, offline (the sandbox closed and restarted on the same port and data),
// a restart in the middle of a send, and a torn drafts file from before the database.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LocalMedia } from '../../../common/drafts'
import { openStoreAt, type TestDraftStore } from '../../support/draft-store'
import { createLeases } from '../../../main/core/db/leases'
import { createDraftsService } from '../../../main/core/drafts/drafts-service'
import { createOutbox } from '../../../main/core/drafts/outbox'
import type { ServiceClient } from '../../../main/core/service-client'
import type { UploadEngine } from '../../../main/core/uploads/upload-engine'
import type { RunningSandbox } from '../../../sandbox/index'
import { startAnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import type { AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { clientFor, connectedAccountId, engineFor, postFor, sandboxOn, tempFolder, writePng } from './helpers'
import { waitFor } from '../../support/wait-for'

let dir: string
let cleanup: () => Promise<void>
let sandbox: RunningSandbox
let client: ServiceClient
let engine: UploadEngine
let store: TestDraftStore
let accountId: string
const closers: Array<() => Promise<unknown>> = []

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('drafts-int-'))
  sandbox = await sandboxOn(path.join(dir, 'sandbox'))
  client = clientFor(sandbox.url)
  engine = engineFor(client, dir)
  store = await openStoreAt(path.join(dir, 'drafts.json'))
  accountId = await connectedAccountId(client)
})

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  await engine.close?.()
  await client.close()
  await sandbox.close()
  await cleanup()
})

function outboxWith(
  c: () => ServiceClient,
  s = store,
  now = () => new Date(),
  leases = createLeases(s.database),
) {
  return createOutbox({
    profileId: () => 'sandbox',
    store: s,
    now,
    client: c,
    leases,
    upload: async (media) => {
      const item = await engine.uploadOne(media.path)
      if (item.state !== 'done' || !item.url) throw new Error(`upload ${item.state}: ${item.error?.message}`)
      return item.url
    },
  })
}

async function schedulesWith(description: string) {
  const page = await client.listSchedules({ page: 1, limit: 100, accountIds: [accountId] })
  return page.docs.filter((s) => s.description === description)
}

async function withProxy(): Promise<{ proxy: AnswerDroppingProxy; proxied: ServiceClient }> {
  const proxy = await startAnswerDroppingProxy(sandbox.url)
  const proxied = clientFor(proxy.url)
  closers.push(
    () => proxy.close(),
    () => proxied.close(),
  )
  return { proxy, proxied }
}

describe('outbox against the sandbox', () => {
  it('uploads a local image through the engine, then creates the post with its URL', async () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => new Date() })
    const file = await writePng(dir)
    const media: LocalMedia = {
      id: 'm1',
      path: file,
      name: 'photo.png',
      size: (await readFile(file)).length,
      mimetype: 'image/png',
      alt: 'a pixel',
      type: 'image',
      thumbnail: '',
    }
    const post = postFor(accountId, { type: 'image' })
    const draft = drafts.queue(drafts.save({ post, localMedia: [media] }).id)

    const result = await outboxWith(() => client).sync()
    expect(result).toMatchObject({ scheduled: [draft.id], failed: [], attention: [], waiting: [] })

    const saved = store.get(draft.id)!
    expect(saved.status).toBe('scheduled')
    const onService = await client.getSchedule(saved.scheduleId!)
    expect(onService.description).toBe(post.description)
    expect(onService.medias).toHaveLength(1)
    expect(onService.medias[0]).toMatchObject({
      type: 'image',
      alt: 'a pixel',
      url: saved.localMedia[0]!.uploadedUrl,
    })
    // The URL is the storage origin's, and serves the bytes that were on disk.
    const served = await fetch(onService.medias[0]!.url)
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await readFile(file))
  })

  it('creates a post exactly once when the answer to its create is lost', async () => {
    const { proxy, proxied } = await withProxy()
    proxy.setRule((method, p) => (method === 'POST' && p === '/public/schedule' ? 'drop-answer' : 'pass'))
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => new Date() })
    const post = postFor(accountId)
    const draft = drafts.queue(drafts.save({ post, localMedia: [] }).id)

    const result = await outboxWith(() => proxied).sync()
    expect(result.scheduled).toEqual([draft.id])
    // The create went out once, its answer was lost, the lookup found the post.
    expect(proxy.seen.filter((r) => r === 'POST /public/schedule')).toHaveLength(1)
    expect(proxy.seen.some((r) => r.startsWith('GET /public/schedule?'))).toBe(true)
    const onService = await schedulesWith(post.description)
    expect(onService).toHaveLength(1)
    expect(store.get(draft.id)!.scheduleId).toBe(onService[0]!._id)
  })

  it('waits out 5xx answers and sends once the service recovers', async () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => new Date() })
    const post = postFor(accountId)
    const draft = drafts.queue(drafts.save({ post, localMedia: [] }).id)
    sandbox.setFaults({ serverErrorRate: 1 })
    const first = await outboxWith(() => client).sync()
    expect(first.waiting).toEqual([draft.id])
    expect(store.get(draft.id)).toMatchObject({ status: 'queued', error: { kind: 'server' } })

    sandbox.setFaults({})
    const second = await outboxWith(() => client).sync()
    expect(second.scheduled).toEqual([draft.id])
    expect(store.get(draft.id)!.error).toBeUndefined()
    expect(await schedulesWith(post.description)).toHaveLength(1)
  })

  it('keeps posts queued while offline and sends them when the service is back on the same port', async () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => new Date() })
    const posts = [postFor(accountId), postFor(accountId)]
    const ids = posts.map((post) => drafts.queue(drafts.save({ post, localMedia: [] }).id).id)
    const { port, dataDir } = sandbox
    await sandbox.close()

    const offline = await outboxWith(() => client).sync()
    expect(offline.stoppedBy?.kind).toBe('network')
    expect(offline.waiting.sort()).toEqual([...ids].sort())
    expect(ids.map((id) => store.get(id)!.status)).toEqual(['queued', 'queued'])

    sandbox = await sandboxOn(dataDir, port)
    const online = await outboxWith(() => client).sync()
    expect(online.scheduled.sort()).toEqual([...ids].sort())
    for (const post of posts) expect(await schedulesWith(post.description)).toHaveLength(1)
  })

  it('finishes a send interrupted by a restart without creating the post twice', async () => {
    const { proxy, proxied } = await withProxy()
    // The create reaches the service, then the app "dies" before its answer arrives.
    proxy.setRule((method, p) => (method === 'POST' && p === '/public/schedule' ? 'hold-answer' : 'pass'))
    const file = path.join(dir, 'drafts.json')
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => new Date() })
    const post = postFor(accountId)
    const draft = drafts.queue(drafts.save({ post, localMedia: [] }).id)
    const abandoned = outboxWith(() => proxied).sync()
    await waitFor(
      async () => (await schedulesWith(post.description)).length === 1,
      'the post on the service',
      20_000,
    )

    // What the next start finds on disk: the post marked as being sent.
    const restartedStore = await openStoreAt(file)
    expect(restartedStore.get(draft.id)?.status).toBe('sending')
    expect(restartedStore.marker(draft.id)).toMatchObject({ accountId, description: post.description })

    // While the dead run's lease lasts, the post is its own: the restart waits for it to expire.
    const early = await outboxWith(() => client, restartedStore).sync()
    expect(early).toMatchObject({ scheduled: [], waiting: [draft.id] })
    const later = createLeases(restartedStore.database, { now: () => Date.now() + 61_000 })
    const result = await outboxWith(() => client, restartedStore, undefined, later).sync()
    expect(result.scheduled).toEqual([draft.id])
    const onService = await schedulesWith(post.description)
    expect(onService).toHaveLength(1)
    expect(restartedStore.get(draft.id)).toMatchObject({ status: 'scheduled', scheduleId: onService[0]!._id })
    // Let the abandoned run end (its socket closes) before the folder goes.
    await proxy.close()
    await abandoned.catch(() => undefined)
  })

  it('asks about a post whose time passed while offline instead of publishing it late', async () => {
    let now = new Date()
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => now })
    const post = postFor(accountId, { scheduleAt: new Date(now.getTime() + 5 * 60_000).toISOString() })
    const draft = drafts.queue(drafts.save({ post, localMedia: [] }).id)
    const { port, dataDir } = sandbox
    await sandbox.close()
    await outboxWith(
      () => client,
      store,
      () => now,
    ).sync()
    // Ten minutes later the service is back; the post's time is gone.
    now = new Date(now.getTime() + 10 * 60_000)
    sandbox = await sandboxOn(dataDir, port)
    const result = await outboxWith(
      () => client,
      store,
      () => now,
    ).sync()
    expect(result.attention).toEqual([draft.id])
    expect(store.get(draft.id)).toMatchObject({
      status: 'needs-attention',
      attention: { reason: 'time-passed' },
    })
    expect(await schedulesWith(post.description)).toHaveLength(0)
  })

  it('recovers queued drafts from the backup of a torn drafts.json on its import, and sends them', async () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => new Date() })
    const post = postFor(accountId)
    const { revision: _revision, ...queued } = drafts.queue(drafts.save({ post, localMedia: [] }).id)
    // A data folder of the version before the database, whose drafts.json a crash tore.
    const old = path.join(dir, 'old')
    await mkdir(old)
    const doc = { schemaVersion: 4, drafts: [queued], sends: {}, lastSyncAt: null }
    await writeFile(path.join(old, 'drafts.json.bak'), JSON.stringify(doc))
    await writeFile(path.join(old, 'drafts.json'), '\0\0\0\0')

    const recovered = await openStoreAt(path.join(old, 'drafts.json'))
    expect(recovered.notice?.kind).toBe('recovered-from-backup')
    const result = await outboxWith(() => client, recovered).sync()
    expect(result.scheduled).toEqual([queued.id])
    expect(await schedulesWith(post.description)).toHaveLength(1)
  })
})
