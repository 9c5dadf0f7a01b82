import { flushPromises } from '@vue/test-utils'
import { beforeEach, describe, expect, it } from 'vitest'
import { HOST_LINK_EVENT } from '../../../common/app-state'
import { createPinia, setActivePinia } from 'pinia'
import { useUploadsStore } from '../../../renderer/stores/uploads'
import {
  createFakeMediadeck,
  installFakeMediadeck,
  uploadTotalsOf,
  type FakeMediadeck,
} from '../support/fake-mediadeck'
import { makeUploadItem } from '../support/fixtures'

describe('uploads store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck({ uploads: [makeUploadItem(1), makeUploadItem(2)] }))
    setActivePinia(createPinia())
  })

  it('loads the queue in order with its totals', async () => {
    const store = useUploadsStore()
    await store.load()
    expect(store.items.map((item) => item.id)).toEqual(['up-1', 'up-2'])
    expect(store.totals.files).toBe(2)
    expect(store.isBusy).toBe(true)
  })

  it('applies a batched progress event: changed items replaced, new ones appended, removed ones dropped', async () => {
    const store = useUploadsStore()
    store.subscribe()
    await store.load()
    const before = store.items[0]
    const changed = makeUploadItem(2, { state: 'uploading', bytesSent: 5 })
    const added = makeUploadItem(3)
    fake.emit('uploads:progress', {
      items: [changed, added],
      removed: ['up-1'],
      totals: uploadTotalsOf([changed, added]),
    })
    expect(store.items.map((item) => item.id)).toEqual(['up-2', 'up-3'])
    expect(store.items[0]).toEqual(changed)
    expect(store.items[0]).not.toBe(before)
    expect(store.totals.active).toBe(1)
  })

  it('reads the queue again when the link to main comes back: the progress sent meanwhile is lost', async () => {
    const store = useUploadsStore()
    const stop = store.subscribe()
    await store.load()
    const link = (linked: boolean) =>
      window.dispatchEvent(new CustomEvent(HOST_LINK_EVENT, { detail: { linked } }))
    link(false)
    fake.data.uploads = [makeUploadItem(1, { state: 'done', bytesSent: 1024 }), makeUploadItem(2)]
    link(true)
    await flushPromises()
    expect(store.items[0]).toMatchObject({ id: 'up-1', state: 'done' })
    stop()
  })

  it('keeps unchanged items as the same objects, so their rows do not re-render', async () => {
    const store = useUploadsStore()
    store.subscribe()
    await store.load()
    const untouched = store.items[0]
    fake.emit('uploads:progress', {
      items: [makeUploadItem(2, { state: 'uploading' })],
      removed: [],
      totals: uploadTotalsOf(fake.data.uploads),
    })
    expect(store.items[0]).toBe(untouched)
  })

  // How long it takes is measured by `npm run bench` (bench/timing/renderer/uploads-store.timing.ts).
  it('applies 1,000 items in one event, in order, keeping the items it already had', async () => {
    const store = useUploadsStore()
    store.subscribe()
    await store.load()
    const kept = [...store.items]
    const items = Array.from({ length: 1000 }, (_, i) => makeUploadItem(i + 10))
    fake.emit('uploads:progress', { items, removed: [], totals: uploadTotalsOf(items) })
    expect(store.items.map((item) => item.id)).toEqual([...kept, ...items].map((item) => item.id))
    expect(store.items.slice(0, 2)).toEqual(kept)
    expect(store.totals.files).toBe(1000)
  })

  it('starts uploads from picked files and adds them at once', async () => {
    fake.data.picked = [{ path: '/home/a.jpg', name: 'a.jpg', size: 10, mimetype: 'image/jpeg' }]
    const store = useUploadsStore()
    await store.load()
    await store.pick()
    expect(fake.requests('files:pick')).toEqual([{ directories: false }])
    expect(fake.requests('uploads:start')).toEqual([{ paths: ['/home/a.jpg'] }])
    expect(store.items.at(-1)?.name).toBe('a.jpg')
  })

  it('grants and queues a drop of several files in one call to main, and shows them at once', async () => {
    const store = useUploadsStore()
    const before = fake.calls.length
    await store.addDropped([new File(['x'], 'a.png'), new File(['y'], 'b.png'), new File(['z'], 'c.mp4')])
    expect(fake.calls.slice(before)).toEqual([
      {
        name: 'uploads:start-dropped',
        request: { paths: ['/dropped/a.png', '/dropped/b.png', '/dropped/c.mp4'] },
      },
    ])
    expect(store.items.map((item) => item.name)).toEqual(['a.png', 'b.png', 'c.mp4'])
  })

  it('does not call start with nothing picked', async () => {
    const store = useUploadsStore()
    await store.pick()
    expect(fake.requests('uploads:start')).toEqual([])
  })

  it('removes and clears finished items locally as well as in main', async () => {
    fake.data.uploads = [
      makeUploadItem(1, { state: 'done' }),
      makeUploadItem(2, { state: 'failed' }),
      makeUploadItem(3, { state: 'uploading' }),
    ]
    const store = useUploadsStore()
    await store.load()
    await store.remove('up-1')
    expect(store.items.map((item) => item.id)).toEqual(['up-2', 'up-3'])
    await store.clearFinished()
    expect(store.items.map((item) => item.id)).toEqual(['up-3'])
  })

  it('unsubscribes from both upload events', () => {
    const store = useUploadsStore()
    const stop = store.subscribe()
    expect(fake.listenerCount('uploads:progress')).toBe(1)
    expect(fake.listenerCount('uploads:batch-finished')).toBe(1)
    stop()
    expect(fake.listenerCount('uploads:progress')).toBe(0)
    expect(fake.listenerCount('uploads:batch-finished')).toBe(0)
  })

  it('passes batch-finished payloads to the callback', () => {
    const store = useUploadsStore()
    const seen: unknown[] = []
    store.subscribe((payload) => seen.push(payload))
    fake.emit('uploads:batch-finished', { batchId: 'b', done: 2, reused: 0, failed: 1, cancelled: 0 })
    expect(seen).toEqual([{ batchId: 'b', done: 2, reused: 0, failed: 1, cancelled: 0 }])
  })
})

describe('uploads store: a batch that does not fit', () => {
  let fake: FakeMediadeck
  const MB = 1024 * 1024

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    fake.data.stats.usage.free = 2 * MB
    setActivePinia(createPinia())
  })

  // Only name and size matter to fromDrop; real Files of megabytes would just slow the test.
  const drop = (...specs: [string, number][]) => specs.map(([name, size]) => ({ name, size }) as File)

  it('shows the file that does not fit as the failed item main returns, next to the queued ones', async () => {
    const store = useUploadsStore()
    store.subscribe()
    const started = await store.addDropped(drop(['a.png', 300_000], ['big.mp4', 3 * MB], ['b.jpg', 250_000]))
    // One request: main decides what fits, the store does not second-guess it.
    expect(fake.requests('uploads:start-dropped').map((request) => request.paths)).toEqual([
      ['/dropped/a.png', '/dropped/big.mp4', '/dropped/b.jpg'],
    ])
    expect(started.map((item) => [item.name, item.state])).toEqual([
      ['a.png', 'queued'],
      ['big.mp4', 'failed'],
      ['b.jpg', 'queued'],
    ])
    // The figures are main's (the fake answers through the engine's rule, common/fit-to-space.ts, tested on
    // its own): the store shows the refusal it was given, as it was given.
    const big = store.items.find((item) => item.name === 'big.mp4')!
    expect(big.state).toBe('failed')
    expect(big.error).toMatchObject({ kind: 'storage-full', neededBytes: 3 * MB })
    expect(big.error).toEqual(started[1]?.error)
    await Promise.resolve()
    expect(store.totals).toMatchObject({ files: 3, failed: 1, queued: 2 })
  })

  it('retries, removes and clears a storage-full item through main like any failed one', async () => {
    const store = useUploadsStore()
    store.subscribe()
    await store.addDropped(drop(['big.mp4', 3 * MB], ['c.png', 10]))
    const big = store.items.find((item) => item.name === 'big.mp4')!
    await store.retry(big.id)
    expect(fake.requests('uploads:retry')).toEqual([{ id: big.id }])
    expect(store.items.find((item) => item.id === big.id)?.state).toBe('queued')

    await store.addDropped(drop(['huge.mp4', 5 * MB]))
    const huge = store.items.find((item) => item.name === 'huge.mp4')!
    await store.remove(huge.id)
    expect(fake.requests('uploads:remove')).toEqual([{ id: huge.id }])
    expect(store.items.some((item) => item.id === huge.id)).toBe(false)

    await store.addDropped(drop(['other.mp4', 5 * MB]))
    await store.clearFinished()
    expect(store.items.some((item) => item.name === 'other.mp4')).toBe(false)
  })

  it('passes other refusals to the caller', async () => {
    fake.fail('uploads:start-dropped', { kind: 'file', message: 'unreadable' })
    const store = useUploadsStore()
    await expect(store.addDropped(drop(['a.png', 1]))).rejects.toMatchObject({ kind: 'file' })
  })

  it('reads the queue again when a numbered progress event was missed, and not while in order', async () => {
    const store = useUploadsStore()
    store.subscribe()
    await store.load()
    const reads = () => fake.requests('uploads:list').length
    const before = reads()
    const going = makeUploadItem(1, { state: 'uploading', bytesSent: 5 })
    fake.emit('uploads:progress', { items: [going], removed: [], totals: uploadTotalsOf([going]) })
    await flushPromises()
    expect(reads()).toBe(before)
    // Number 2 said up-2 was done; it never arrived, and the row would stay queued.
    fake.data.uploads = [going, makeUploadItem(2, { state: 'done', bytesSent: 1000 })]
    fake.emit('uploads:progress', { items: [going], removed: [], totals: uploadTotalsOf([going]), seq: 3 })
    await flushPromises()
    expect(reads()).toBe(before + 1)
    expect(store.items.find((item) => item.id === 'up-2')!.state).toBe('done')
  })
})
