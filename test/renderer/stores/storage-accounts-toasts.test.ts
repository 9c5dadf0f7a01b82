import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { StorageStatistic } from '../../../common/service'
import { useAccountsStore } from '../../../renderer/stores/accounts'
import { useStorageStore } from '../../../renderer/stores/storage'
import { useToastsStore } from '../../../renderer/stores/toasts'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'

describe('storage store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    setActivePinia(createPinia())
  })

  afterEach(() => vi.useRealTimers())

  it('loads the statistic and the used ratio', async () => {
    const store = useStorageStore()
    await store.loadStats()
    expect(store.stats?.file.total).toBe(25)
    expect(store.usedRatio).toBeCloseTo(0.24)
    expect(store.statsUpdatedAt).not.toBeNull()
  })

  it('keeps the last statistic when a refresh fails: stale offline, with the error alongside otherwise', async () => {
    const store = useStorageStore()
    await store.loadStats()
    fake.fail('storage:stats', { kind: 'network', message: 'reset' })
    await store.loadStats()
    expect(store.stats).not.toBeNull()
    expect(store.statsStale).toBe(true)
    expect(store.statsError).toBeNull()
    fake.fail('storage:stats', { kind: 'unauthorized', message: 'bad keys', status: 401 })
    await store.loadStats()
    expect(store.stats).not.toBeNull()
    expect(store.statsError?.kind).toBe('unauthorized')
  })

  it('pages and searches the file list', async () => {
    const store = useStorageStore()
    await store.loadFiles({ page: 2 })
    expect(store.files?.docs[0]?.id).toBe('file-020')
    await store.loadFiles({ search: 'asset-1', page: 1 })
    expect(fake.requests('storage:files').at(-1)).toEqual({ page: 1, limit: 20, search: 'asset-1' })
  })

  it('bulk-deletes with one call and steps back from a page it emptied', async () => {
    const store = useStorageStore()
    await store.loadFiles({ page: 2 })
    const ids = store.files!.docs.map((file) => file.id)
    await store.deleteFiles(ids)
    expect(fake.requests('storage:delete')).toEqual([{ ids }])
    expect(store.files?.page).toBe(1)
    expect(store.files?.totalDocs).toBe(20)
  })

  it('refreshes once after a burst of storage:changed events', async () => {
    vi.useFakeTimers()
    const store = useStorageStore()
    store.subscribe()
    for (let i = 0; i < 5; i++) fake.emit('storage:changed', { reason: 'upload-completed' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(fake.requests('storage:stats')).toHaveLength(1)
  })

  it('keeps the figure asked for after an upload completed when an older request answers last', async () => {
    vi.useFakeTimers()
    const store = useStorageStore()
    store.subscribe()
    const answers: Array<(stats: StorageStatistic) => void> = []
    vi.spyOn(fake.api.storage, 'stats').mockImplementation(
      () => new Promise<StorageStatistic>((resolve) => answers.push(resolve)),
    )
    const withFiles = (total: number): StorageStatistic => ({
      ...fake.data.stats,
      file: { ...fake.data.stats.file, total, success: total },
    })
    // The Library opens (request 1), then an upload completes and main says so (request 2).
    const opening = store.loadStats()
    fake.emit('storage:changed', { reason: 'upload-completed' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(answers).toHaveLength(2)
    answers[1]!(withFiles(7))
    answers[0]!(withFiles(5))
    await opening
    await vi.advanceTimersByTimeAsync(0)
    expect(store.stats?.file.total).toBe(7)
    expect(store.statsLoading).toBe(false)
  })

  it('refreshes during a long batch whose files keep completing, not only once it ends', async () => {
    vi.useFakeTimers()
    const store = useStorageStore()
    store.subscribe()
    // Main reports a completion every 300 ms for 3 s: shorter than the refresh window each time.
    for (let i = 0; i < 10; i++) {
      fake.emit('storage:changed', { reason: 'upload-completed' })
      await vi.advanceTimersByTimeAsync(300)
    }
    expect(fake.requests('storage:stats').length).toBeGreaterThanOrEqual(5)
    await vi.advanceTimersByTimeAsync(1000)
    const afterBatch = fake.requests('storage:stats').length
    await vi.advanceTimersByTimeAsync(5000)
    expect(fake.requests('storage:stats')).toHaveLength(afterBatch)
  })

  it('drops an answer for the previous profile that arrives after the switch', async () => {
    const store = useStorageStore()
    const release = fake.hold('storage:stats')
    const old = store.loadStats()
    store.reset()
    expect(store.statsLoading).toBe(false)
    release()
    await old
    expect(store.stats).toBeNull()
  })
})

describe('accounts store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    setActivePinia(createPinia())
  })

  it('loads once, even when asked twice at the same time', async () => {
    const store = useAccountsStore()
    await Promise.all([store.load(), store.load()])
    await store.load()
    expect(fake.requests('accounts:list')).toHaveLength(1)
    expect(store.accounts).toHaveLength(3)
  })

  it('keeps the error and can be forced to reload', async () => {
    const store = useAccountsStore()
    fake.fail('accounts:list', { kind: 'offline', message: 'offline' })
    await store.load()
    expect(store.error?.kind).toBe('offline')
    await store.load(true)
    expect(store.error).toBeNull()
    expect(store.loaded).toBe(true)
  })
})

describe('toasts store', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => vi.useRealTimers())

  it('dismisses after the timeout, keeps sticky ones, and caps the stack', () => {
    vi.useFakeTimers()
    const store = useToastsStore()
    store.push({ tone: 'info', title: 'a' }, 1000)
    store.push({ tone: 'danger', title: 'sticky' }, 0)
    vi.advanceTimersByTime(1500)
    expect(store.items.map((toast) => toast.title)).toEqual(['sticky'])
    for (let i = 0; i < 10; i++) store.push({ tone: 'info', title: String(i) }, 0)
    expect(store.items).toHaveLength(5)
  })
})
