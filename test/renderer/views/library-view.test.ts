import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LibraryView from '../../../renderer/views/LibraryView.vue'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { useToastsStore } from '../../../renderer/stores/toasts'
import { useUploadsStore } from '../../../renderer/stores/uploads'
import { stubClipboard, stubElementSize } from '../support/browser-stubs'
import type { UploadItem } from '../../../common/uploads'
import { uploadTotalsOf } from '../support/fake-mediadeck'
import { makeStoredFile, makeUploadItem, paginate } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

async function mountLibrary(context: TestContext) {
  const uploads = useUploadsStore()
  uploads.subscribe()
  await uploads.load()
  return mountWith(LibraryView, context, { route: '/library' })
}

/** The three items of the default queue leave it; `items` arrive in their place, as the host would send them. */
async function replaceQueue(context: TestContext, items: UploadItem[]) {
  context.fake.data.uploads = items
  context.fake.emit('uploads:progress', {
    items,
    removed: ['up-1', 'up-2', 'up-3'],
    totals: uploadTotalsOf(items),
  })
  await flushPromises()
}

enableAutoUnmount(afterEach)

describe('LibraryView', () => {
  let context: TestContext

  beforeEach(() => {
    stubElementSize()
    context = setupTest({
      data: {
        uploads: [
          makeUploadItem(1, {
            state: 'uploading',
            bytesSent: 5 * 1024 * 1024,
            rateBytesPerSec: 1024 * 1024,
            etaSeconds: 5,
          }),
          makeUploadItem(2, {
            state: 'failed',
            name: 'huge.mov',
            size: 8 * 1024 ** 3,
            error: { kind: 'storage-full', message: 'upgrade to get more storage', status: 402 },
          }),
          makeUploadItem(3, { state: 'done', bytesSent: 10 * 1024 * 1024 }),
        ],
      },
    })
  })

  afterEach(() => document.body.replaceChildren())

  it('offline, shows the storage figure and the files from the replica, each saying how old they are', async () => {
    const seen = '2026-11-20T02:14:00.000Z'
    context.fake.data.replica = {
      storage: {
        value: context.fake.data.stats,
        stale: false,
        fetchedAt: seen,
        freshness: { state: 'checking', confirmedAt: seen },
      },
      files: {
        value: paginate([makeStoredFile(90)], 1, 20),
        stale: false,
        fetchedAt: seen,
        freshness: { state: 'checking', confirmedAt: seen },
      },
    }
    const offline = { kind: 'network', message: 'connect ECONNREFUSED' } as const
    context.fake.fail('storage:stats', offline)
    context.fake.fail('storage:files', offline)
    const wrapper = await mountLibrary(context)
    const panel = wrapper.get('[data-testid="storage-panel"]')
    expect(panel.get('[data-testid="stat-files"]').text()).toBe('25')
    expect(panel.get('[data-testid="stale-notice"]').text()).toContain('Offline · as of')
    // One age, not two: the header's "Updated … ago" gives way to the notice.
    expect(panel.text()).not.toContain('Updated')
    const files = wrapper.get('[data-testid="stored-files"]')
    expect(files.findAll('[data-testid="stored-file"]')).toHaveLength(1)
    expect(files.get('[data-testid="stale-notice"]').text()).toContain('Offline · as of')
    expect(files.find('[role="alert"]').exists()).toBe(false)
  })

  it('shows the storage statistic in human units', async () => {
    const wrapper = await mountLibrary(context)
    expect(wrapper.get('[data-testid="stat-total"]').text()).toBe('5 GB')
    expect(wrapper.get('[data-testid="stat-used"]').text()).toBe('1.2 GB')
    expect(wrapper.get('[data-testid="stat-files"]').text()).toBe('25')
    expect(wrapper.get('[data-testid="stat-pending"]').text()).toBe('1')
  })

  it('says "already in your library" for a file whose bytes were stored already, in both languages', async () => {
    for (const locale of ['en', 'id'] as const) {
      const reused = setupTest({
        locale,
        data: { uploads: [makeUploadItem(4, { state: 'done', reused: true, bytesSent: 10 * 1024 * 1024 })] },
      })
      const wrapper = await mountLibrary(reused)
      const row = wrapper.get('[data-testid="upload-row"]')
      expect(row.attributes('data-reused')).toBe('true')
      expect(row.get('[data-testid="upload-state"]').text()).toBe(
        locale === 'en' ? 'Already in your library' : 'Sudah ada di pustaka Anda',
      )
      wrapper.unmount()
    }
  })

  it('refreshes the statistic on demand', async () => {
    const wrapper = await mountLibrary(context)
    const before = context.fake.requests('storage:stats').length
    await wrapper.get('[data-testid="storage-refresh"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('storage:stats')).toHaveLength(before + 1)
  })

  it('lists the queue with state, speed, ETA and the failure reason in words', async () => {
    const wrapper = await mountLibrary(context)
    const rows = wrapper.findAll('[data-testid="upload-row"]')
    expect(rows.map((row) => row.attributes('data-state'))).toEqual(['uploading', 'failed', 'done'])
    expect(rows[0]!.text()).toContain('Uploading')
    expect(rows[0]!.text()).toContain('1 MB/s')
    expect(rows[0]!.text()).toContain('5 sec left')
    expect(rows[1]!.get('[data-testid="upload-error"]').text()).toContain('Storage is full')
    expect(wrapper.get('[data-testid="queue-summary"]').text()).toContain('1 of 3 uploaded · 1 failed')
  })

  it('explains storage full with what is needed and links to settings', async () => {
    const wrapper = await mountLibrary(context)
    const issue = wrapper.get('[data-testid="issue-storage-full"]')
    expect(issue.text()).toContain('A file did not fit')
    expect(issue.text()).toContain('8 GB')
    expect(issue.get('a').attributes('href')).toContain('/settings')
  })

  it('states the free space of now in a storage-full row, as the storage panel beside it does', async () => {
    const failed = context.fake.data.uploads[1]!
    failed.error = {
      kind: 'storage-full',
      message: 'no room',
      neededBytes: 8 * 1024 ** 3,
      freeBytes: 1024 ** 3,
    }
    const wrapper = await mountLibrary(context)
    await flushPromises()
    expect(wrapper.get('[data-testid="stat-free"]').text()).toBe('3.8 GB')
    const reason = wrapper.get('[data-state="failed"] [data-testid="upload-error"]')
    expect(reason.text()).toBe('Storage is full: needs 8 GB, 3.8 GB free')
    expect(reason.attributes('title')).toContain('This needs 8 GB but only 3.8 GB is free.')
    expect(wrapper.get('[data-testid="issue-storage-full"]').text()).toContain('3.8 GB is free')
  })

  it('says offline uploads wait and resume', async () => {
    const wrapper = await mountLibrary(context)
    const connection = useConnectionStore()
    connection.subscribe()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'offline' })
    await flushPromises()
    const issue = wrapper.get('[data-testid="issue-offline"]')
    expect(issue.text()).toContain('Offline')
    expect(issue.text()).toContain('One upload waits and resumes when the connection is back.')
    const row = wrapper.get('[data-state="uploading"]')
    expect(row.text()).toContain('Waits for the connection, then resumes')
    expect(row.text()).not.toContain('sec left')
  })

  it('sends a person to Settings when the service refuses the keys', async () => {
    const wrapper = await mountLibrary(context)
    expect(wrapper.find('[data-testid="issue-unauthorized"]').exists()).toBe(false)
    const connection = useConnectionStore()
    connection.subscribe()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'unauthorized' })
    await flushPromises()
    const issue = wrapper.get('[data-testid="issue-unauthorized"]')
    expect(issue.text()).toContain('The service refused the keys')
    expect(issue.get('a').attributes('href')).toContain('/settings')
  })

  it('ends a batch with a full total bar, the bytes of what was sent, and every row in its final state', async () => {
    const wrapper = await mountLibrary(context)
    const [uploading, failed, done] = context.fake.data.uploads
    const items = [{ ...uploading!, state: 'done' as const, bytesSent: uploading!.size }, failed!, done!]
    // Counted as the engine does: the failed file leaves the byte totals, so the bar can reach 100%.
    context.fake.emit('uploads:progress', { items, removed: [], totals: uploadTotalsOf(items) })
    await flushPromises()
    const total = wrapper.get('[role="progressbar"][aria-label="Total upload progress"]')
    expect(total.attributes('aria-valuenow')).toBe('100')
    expect(total.classes()).toContain('ui-progress--full')
    expect(wrapper.get('.queue__total-meta').text()).toBe('20 MB / 20 MB')
    const rows = wrapper.findAll('[data-testid="upload-row"]')
    expect(rows.map((row) => row.attributes('data-state'))).toEqual(['done', 'failed', 'done'])
    expect(rows.map((row) => row.get('[data-testid="upload-state"]').text())).toEqual([
      'Done',
      'Failed',
      'Done',
    ])
    expect(rows[0]!.get('[role="progressbar"]').attributes('aria-valuenow')).toBe('100')
    expect(wrapper.find('[data-testid="upload-cancel"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="queue-summary"]').text().replace(/\s+/g, ' ')).toBe(
      '2 uploaded · 1 failed',
    )
  })

  it('shows a cancelled upload as neutral and counts it apart from the uploaded ones', async () => {
    const wrapper = await mountLibrary(context)
    const done = (n: number) => makeUploadItem(10 + n, { state: 'done', bytesSent: 10 * 1024 * 1024 })
    const cancelled = makeUploadItem(20, {
      state: 'cancelled',
      name: 'stopped.mov',
      error: { kind: 'cancelled', message: 'cancelled' },
    })
    await replaceQueue(context, [done(1), done(2), done(3), cancelled])
    expect(wrapper.get('[data-testid="queue-summary"]').text().replace(/\s+/g, ' ')).toBe(
      '3 uploaded · 1 cancelled',
    )
    const row = wrapper.get('[data-testid="upload-row"][data-state="cancelled"]')
    expect(row.find('[data-testid="upload-error"]').exists()).toBe(false)
    expect(row.text()).not.toContain('Stopped on request')
    expect(row.get('[data-testid="upload-state"]').classes().join(' ')).toContain('neutral')
  })

  it('counts files already in the library apart from the uploaded ones', async () => {
    const wrapper = await mountLibrary(context)
    const done = (n: number, reused?: true) =>
      makeUploadItem(10 + n, { state: 'done', bytesSent: 10 * 1024 * 1024, ...(reused ? { reused } : {}) })
    await replaceQueue(context, [done(1), done(2, true), done(3, true)])
    expect(wrapper.get('[data-testid="queue-summary"]').text().replace(/\s+/g, ' ')).toBe(
      '1 uploaded · 2 already in your library',
    )
  })

  it('cancels, retries and removes single uploads', async () => {
    const wrapper = await mountLibrary(context)
    await wrapper.get('[data-state="uploading"] [data-testid="upload-cancel"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('uploads:cancel')).toEqual([{ id: 'up-1' }])
    expect(wrapper.find('[data-state="uploading"]').exists()).toBe(false)

    await wrapper.get('[data-state="failed"] [data-testid="upload-retry"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('uploads:retry')).toEqual([{ id: 'up-2' }])

    await wrapper.get('[data-state="done"] [data-testid="upload-remove"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('uploads:remove')).toEqual([{ id: 'up-3' }])
    expect(wrapper.findAll('[data-testid="upload-row"]')).toHaveLength(2)
  })

  it('retries all failed and clears finished', async () => {
    const wrapper = await mountLibrary(context)
    await wrapper.get('[data-testid="retry-failed"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('uploads:retry-failed')).toHaveLength(1)
    await wrapper.get('[data-testid="clear-finished"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('uploads:clear-finished')).toHaveLength(1)
    expect(wrapper.findAll('[data-testid="upload-row"]').map((row) => row.attributes('data-state'))).toEqual([
      'uploading',
      'queued',
    ])
  })

  it('adds files with the native dialog', async () => {
    context.fake.data.picked = [
      { path: '/home/u/new.png', name: 'new.png', size: 2048, mimetype: 'image/png' },
    ]
    const wrapper = await mountLibrary(context)
    await wrapper.get('[data-testid="add-files"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('uploads:start')).toEqual([{ paths: ['/home/u/new.png'] }])
    expect(wrapper.text()).toContain('new.png')
  })

  it('queues what it can of a batch and lists each refused file by name, in a toast that stays', async () => {
    context.fake.data.picked = [
      { path: '/tmp/x1/photo.png', name: 'photo.png', size: 2048, mimetype: 'image/png' },
      { path: '/tmp/x2/blank.png', name: 'blank.png', size: 0, mimetype: 'image/png' },
      { path: '/tmp/x3/shot.jpg', name: 'shot.jpg', size: 4096, mimetype: 'image/jpeg' },
    ]
    const wrapper = await mountLibrary(context)
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      await wrapper.get('[data-testid="add-files"]').trigger('click')
      await flushPromises()
      const toasts = useToastsStore()
      expect(toasts.items).toHaveLength(1)
      expect(toasts.items[0]).toMatchObject({
        tone: 'danger',
        title: 'One file was not added',
        message: 'The 2 other files are queued.',
        details: [{ label: 'blank.png', text: 'The file is empty.' }],
      })
      expect(JSON.stringify(toasts.items[0])).not.toContain('/tmp/')
      vi.advanceTimersByTime(60_000)
      expect(toasts.items).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
    await flushPromises()
    const rows = wrapper.findAll('[data-testid="upload-row"]').map((row) => row.text())
    expect(rows.some((text) => text.includes('photo.png'))).toBe(true)
    expect(rows.some((text) => text.includes('shot.jpg'))).toBe(true)
    // The empty file is refused apart: not a failed row, not counted, no "Retry all failed" for it.
    expect(rows.some((text) => text.includes('blank.png'))).toBe(false)
    expect(context.fake.requests('uploads:remove')).toHaveLength(1)
    expect(
      useUploadsStore()
        .items.filter((i) => i.state === 'failed')
        .map((i) => i.name),
    ).not.toContain('blank.png')
  })

  it('words a refused file by the reason main gave, in Bahasa Indonesia', async () => {
    context = setupTest({ locale: 'id' })
    context.fake.data.picked = [
      { path: '/tmp/x1/photo.png', name: 'photo.png', size: 2048, mimetype: 'image/png' },
      { path: '/tmp/x2/blank.png', name: 'blank.png', size: 0, mimetype: 'image/png' },
    ]
    const wrapper = await mountLibrary(context)
    await wrapper.get('[data-testid="add-files"]').trigger('click')
    await flushPromises()
    const [toast] = useToastsStore().items
    expect(toast?.details).toEqual([{ label: 'blank.png', text: 'Berkasnya kosong.' }])
  })

  it('shows the empty queue state', async () => {
    context.fake.data.uploads = []
    const wrapper = await mountLibrary(context)
    expect(wrapper.get('[data-testid="upload-queue"]').text()).toContain('No uploads yet')
  })

  it('shows the copy of a browser-mode drop to the host before its files are queued, in both languages', async () => {
    for (const locale of ['en', 'id'] as const) {
      context = setupTest({ locale, data: { uploads: [] } })
      const wrapper = await mountLibrary(context)
      const queue = wrapper.get('[data-testid="upload-queue"]')
      context.fake.copying({
        files: 46,
        filesDone: 12,
        bytes: 1_200_000_000,
        bytesDone: 340_000_000,
        finished: false,
      })
      await flushPromises()
      const copying = queue.get('[data-testid="queue-copying"]')
      expect(copying.get('[data-testid="queue-copying-files"]').text()).toBe(
        locale === 'en' ? 'Copying 12 of 46 files to Mediadeck' : 'Menyalin 12 dari 46 berkas ke Mediadeck',
      )
      expect(copying.get('[role="progressbar"]').attributes('aria-valuenow')).toBe('28')
      // Not "No uploads yet" while files are on their way into the queue.
      expect(queue.text()).not.toContain(locale === 'en' ? 'No uploads yet' : 'Belum ada unggahan')
      context.fake.copying({
        files: 46,
        filesDone: 46,
        bytes: 1_200_000_000,
        bytesDone: 1_200_000_000,
        finished: true,
      })
      await flushPromises()
      expect(queue.find('[data-testid="queue-copying"]').exists()).toBe(false)
      wrapper.unmount()
    }
  })

  it('lists stored files, copies a URL and opens one in the browser', async () => {
    const writeText = stubClipboard()
    const wrapper = await mountLibrary(context)
    const cards = wrapper.findAll('[data-testid="stored-file"]')
    expect(cards).toHaveLength(20)
    // What the tiles show (thumbnails, or the original lazily): test/renderer/components/file-thumb.test.ts.
    await cards[0]!.get('[data-testid="file-copy"]').trigger('click')
    expect(writeText).toHaveBeenCalledWith(context.fake.data.files[0]!.url)
    await cards[0]!.get('[data-testid="file-open"]').trigger('click')
    expect(context.fake.requests('app:open-external')).toEqual([{ url: context.fake.data.files[0]!.url }])
  })

  it('deletes a file only after confirmation', async () => {
    const wrapper = await mountLibrary(context)
    await wrapper.findAll('[data-testid="file-delete"]')[0]!.trigger('click')
    await flushPromises()
    expect(context.fake.requests('storage:delete')).toEqual([])
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.textContent).toContain('asset-0.mp4')
    ;(dialog.querySelector('[data-testid="confirm"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('storage:delete')).toEqual([{ ids: ['file-000'] }])
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('bulk-deletes the selected files with one call', async () => {
    const wrapper = await mountLibrary(context)
    const boxes = wrapper.findAll('[data-testid="stored-file"] input[type="checkbox"]')
    await boxes[0]!.setValue(true)
    await boxes[2]!.setValue(true)
    await wrapper.get('[data-testid="bulk-delete"]').trigger('click')
    await flushPromises()
    ;(document.querySelector('[data-testid="confirm"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('storage:delete')).toEqual([{ ids: ['file-000', 'file-002'] }])
  })

  it('searches stored files by name', async () => {
    const wrapper = await mountLibrary(context)
    const input = wrapper.get('[data-testid="stored-files"] input[type="search"]')
    await input.setValue('asset-2')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(context.fake.requests('storage:files').at(-1)).toMatchObject({ search: 'asset-2', page: 1 })
  })

  it('says the shown files are being replaced while a refresh is under way (dimmed and aria-busy), not after', async () => {
    const wrapper = await mountLibrary(context)
    const grid = () => wrapper.get('[data-testid="stored-files"] ul.files__grid')
    expect(grid().attributes('aria-busy')).not.toBe('true')
    const release = context.fake.hold('storage:files')
    await wrapper.get('[data-testid="stored-files"] input[type="search"]').setValue('asset-2')
    await wrapper
      .get('[data-testid="stored-files"] input[type="search"]')
      .trigger('keydown', { key: 'Enter' })
    await flushPromises()
    // Dimmed rows are not what the files look like: assistive tech and the accessibility audit wait for them.
    expect(grid().classes()).toContain('files__grid--loading')
    expect(grid().attributes('aria-busy')).toBe('true')
    release()
    await flushPromises()
    expect(grid().attributes('aria-busy')).not.toBe('true')
  })

  it('shows an error state when the file list cannot load', async () => {
    context.fake.fail('storage:files', { kind: 'unauthorized', message: 'unauthorized', status: 401 })
    const wrapper = await mountLibrary(context)
    const files = wrapper.get('[data-testid="stored-files"]')
    expect(files.text()).toContain('The service refused the keys')
    expect(files.get('a').attributes('href')).toContain('/settings')
  })

  it('explains a type mismatch in the language of the app, not in the words main logged', async () => {
    context = setupTest({
      locale: 'id',
      data: {
        uploads: [
          makeUploadItem(1, {
            mimeWarning: 'content looks like image/png but the extension says video/mp4; sending video/mp4',
          }),
        ],
      },
    })
    const wrapper = await mountLibrary(context)
    const badge = wrapper.get('[data-testid="upload-row"] [title]:not(.row__name)')
    expect(badge.text()).toBe('Jenis berbeda')
    expect(badge.attributes('title')).toBe(
      'Isi berkas tidak sesuai dengan ekstensinya; dikirim sebagai video/mp4.',
    )
  })

  it('renders in Bahasa Indonesia', async () => {
    context = setupTest({ locale: 'id' })
    const wrapper = await mountLibrary(context)
    expect(wrapper.text()).toContain('Tambah berkas')
    expect(wrapper.text()).toContain('Berkas tersimpan')
  })

  it('says how many stored files could not be read', async () => {
    context.fake.data.skipped = { files: 1 }
    context.i18n.global.locale.value = 'id'
    const wrapper = await mountLibrary(context)
    await flushPromises()
    expect(wrapper.get('[data-testid="skipped-notice"]').text()).toContain('1 berkas tidak dapat dibaca')
  })
})
