// The Library's storage doctor panel against the fake window.mediadeck: when it opens by itself, what it lists,
// "Free up X" making X free with the fewest files (the CLI's storage free rule), the last seven days' uploads left
// out unless included, the chosen files listed in full, one confirmation, and what main kept at its re-check.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import StorageDoctor from '../../../renderer/components/library/StorageDoctor.vue'
import { useStorageStore } from '../../../renderer/stores/storage'
import { useToastsStore } from '../../../renderer/stores/toasts'
import { useUploadsStore } from '../../../renderer/stores/uploads'
import { stubElementSize } from '../support/browser-stubs'
import type { FakeData } from '../support/fake-mediadeck'
import { makeStoredFile, makeUploadItem, NOW } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

const MB = 1024 * 1024
enableAutoUnmount(afterEach)

async function mountDoctor(data: Partial<FakeData> = {}, locale: 'en' | 'id' = 'en') {
  const context = setupTest({ data, locale })
  const uploads = useUploadsStore()
  await uploads.load()
  await useStorageStore().loadStats()
  const wrapper = await mountWith(StorageDoctor, context)
  await flushPromises()
  return { context, wrapper }
}

const names = (wrapper: Awaited<ReturnType<typeof mountDoctor>>['wrapper']) =>
  wrapper.findAll('[data-testid="doctor-file"]').map((row) => row.find('.doctor__name').text())

const DAY = 86_400_000
// 20 of 100 MB free: enough for the panel to stay closed until asked.
const ROOMY = {
  file: { total: 25, success: 25, pending: 0 },
  usage: { total: 100 * MB, used: 80 * MB, free: 20 * MB },
}

const checkedNames = (wrapper: Awaited<ReturnType<typeof mountDoctor>>['wrapper']) =>
  wrapper
    .findAll('[data-testid="doctor-file"]')
    .filter((row) => (row.find('input').element as HTMLInputElement).checked)
    .map((row) => row.find('.doctor__name').text())

describe('StorageDoctor', () => {
  beforeEach(() => {
    stubElementSize()
    // A month after the fixture files were stored: none of them is among the last seven days' uploads.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse(NOW) + 30 * DAY)
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('stays one line while storage is fine, and lists unused files largest first on demand', async () => {
    const { context, wrapper } = await mountDoctor()
    expect(context.fake.requests('storage:unused')).toHaveLength(0)
    expect(wrapper.find('[data-testid="doctor-file"]').exists()).toBe(false)
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    // Unused in the fake: every fourth fixture file; file i is (i + 1) MB.
    expect(names(wrapper)).toEqual([
      'asset-24.mp4',
      'asset-20.pdf',
      'asset-16.jpg',
      'asset-12.mp4',
      'asset-8.pdf',
      'asset-4.jpg',
      'asset-0.mp4',
    ])
    expect(wrapper.get('[data-testid="doctor-summary"]').text()).toContain('7 unused files')
    expect(wrapper.get('[data-testid="doctor-blind-spot"]').text()).toMatch(/chats/)
    expect(wrapper.text()).toContain('never in a post')
  })

  it('draws the unused files of the pages read so far while the scan goes on, then the whole list', async () => {
    const { context, wrapper } = await mountDoctor()
    const release = context.fake.hold('storage:unused')
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    const [request] = context.fake.requests('storage:unused')
    expect(request?.scan).toEqual(expect.any(String))
    const file = (id: string, size: number) => ({
      id,
      filename: `${id}.jpg`,
      mimetype: 'image/jpeg',
      size,
      url: `https://storage.example/${id}.jpg`,
      createdAt: '2026-11-01T00:00:00.000Z',
      lastUsedAt: null,
    })
    // Another scan's page is not this one's.
    context.fake.emit('storage:unused-found', {
      scan: 'other',
      files: [file('x', 9)],
      checked: 100,
      total: 10_000,
    })
    context.fake.emit('storage:unused-found', {
      scan: request!.scan,
      files: [file('small', 1), file('large', 5)],
      checked: 100,
      total: 10_000,
    })
    await flushPromises()
    expect(names(wrapper)).toEqual(['large.jpg', 'small.jpg'])
    expect(wrapper.get('[data-testid="doctor-reading"]').text()).toContain('100 of 10000')
    // Deleting waits for the whole list.
    expect(wrapper.find('[data-testid="doctor-delete"]').exists()).toBe(false)
    release()
    await flushPromises()
    expect(names(wrapper)).toHaveLength(7)
    expect(wrapper.find('[data-testid="doctor-reading"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="doctor-summary"]').text()).toContain('7 unused files')
  })

  it('opens by itself on a storage-full refusal, with what the refused upload needs free as the amount', async () => {
    const usage = { total: 100 * MB, used: 60 * MB, free: 40 * MB }
    const { context, wrapper } = await mountDoctor({
      stats: { file: { total: 25, success: 25, pending: 0 }, usage },
      uploads: [
        makeUploadItem(1, {
          state: 'failed',
          size: 70 * MB,
          error: { kind: 'storage-full', message: 'upgrade to get more storage', status: 402 },
        }),
      ],
    })
    expect(context.fake.requests('storage:unused')).toHaveLength(1)
    expect(wrapper.get('[data-testid="doctor-reason"]').text()).toMatch(/refused/)
    // 70 MB must be free to take it, as `storage free 70M` would be asked (40 are; 30 more to delete).
    expect((wrapper.get('[data-testid="doctor-amount"]').element as HTMLInputElement).value).toBe('70')
  })

  it('opens by itself when less than 10% is free', async () => {
    const usage = { total: 100 * MB, used: 95 * MB, free: 5 * MB }
    const { context, wrapper } = await mountDoctor({
      stats: { file: { total: 25, success: 25, pending: 0 }, usage },
    })
    expect(context.fake.requests('storage:unused')).toHaveLength(1)
    expect(wrapper.get('[data-testid="doctor-reason"]').text()).toMatch(/10%/)
  })

  it('"Free up X" makes X free with the fewest files, deletes after one confirmation, reports what main kept', async () => {
    const { context, wrapper } = await mountDoctor({ usedAtRecheck: ['file-004'], stats: ROOMY })
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="doctor-free-now"]').text()).toBe('20 MB free now')
    await wrapper.get('[data-testid="doctor-amount"]').setValue('50')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    // 50 free with 20 free is 30 to delete (not 50 more): 25 MB alone is short; 25 + 5 is the smallest pair.
    expect(checkedNames(wrapper)).toEqual(['asset-24.mp4', 'asset-4.jpg'])
    expect(wrapper.get('[data-testid="doctor-delete"]').text()).toContain('Delete 2 files')

    await wrapper.get('[data-testid="doctor-delete"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('storage:free-up')).toEqual([])
    ;(document.querySelector('[data-testid="confirm"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('storage:free-up')).toEqual([{ ids: ['file-024', 'file-004'] }])
    const toast = useToastsStore().items.at(-1)!
    expect(toast.title).toBe('Deleted 1 file, freed 25 MB.')
    expect(toast.message).toMatch(/1 file was kept/)
    expect(names(wrapper)).not.toContain('asset-24.mp4')
    expect(names(wrapper)).toContain('asset-4.jpg')
  })

  it('says so when X is already free, and deletes nothing', async () => {
    const { wrapper } = await mountDoctor({ stats: ROOMY })
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="doctor-amount"]').setValue('20')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    expect(wrapper.get('[data-testid="doctor-already"]').text()).toBe(
      '20 MB is already free: nothing to delete.',
    )
    expect(checkedNames(wrapper)).toEqual([])
    expect(wrapper.get('[data-testid="doctor-delete"]').attributes('disabled')).toBeDefined()
  })

  it('leaves the last seven days’ uploads out unless included, and lists the chosen files in full', async () => {
    // The largest unused file was uploaded yesterday: alone it would be the fewest files.
    const files = Array.from({ length: 25 }, (_, i) =>
      makeStoredFile(i, i === 24 ? { createdAt: new Date(Date.parse(NOW) + 29 * DAY).toISOString() } : {}),
    )
    const { wrapper } = await mountDoctor({ files, stats: ROOMY })
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="doctor-amount"]').setValue('45')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    // 25 to delete from the older ones: 21 + 5.
    expect(checkedNames(wrapper)).toEqual(['asset-20.pdf', 'asset-4.jpg'])
    expect(wrapper.get('[data-testid="doctor-recent-left-out"]').text()).toBe(
      '1 file uploaded in the last 7 days (25 MB) was left out.',
    )
    // Every chosen file is in the page's flow, outside the scrolled list of all.
    const chosen = wrapper.get('[data-testid="doctor-chosen"]')
    expect(chosen.element.closest('.doctor__list')).toBeNull()
    expect(chosen.get('h3').text()).toBe('To delete: 2 files, 26 MB')
    expect(chosen.findAll('[data-testid="doctor-chosen-file"]').map((li) => li.text())).toEqual([
      expect.stringMatching(/^asset-20\.pdf\s*21 MB\s*uploaded /),
      expect.stringMatching(/^asset-4\.jpg\s*5 MB\s*uploaded /),
    ])

    // Asked for, the recent file is chosen like any other.
    await wrapper.get('[data-testid="doctor-include-recent"]').setValue(true)
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    expect(checkedNames(wrapper)).toEqual(['asset-24.mp4'])
    expect(wrapper.find('[data-testid="doctor-recent-left-out"]').exists()).toBe(false)

    // Without them, short of the target: said, with how to reach it.
    await wrapper.get('[data-testid="doctor-include-recent"]').setValue(false)
    await wrapper.get('[data-testid="doctor-amount"]').setValue('100')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    expect(wrapper.get('[data-testid="doctor-not-enough"]').text()).toBe(
      'Without the files uploaded in the last 7 days, the unused files hold only 66 MB: include them to reach it.',
    )
  })

  it('says so when the unused files are not enough', async () => {
    const { wrapper } = await mountDoctor({ stats: ROOMY })
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="doctor-amount"]').setValue('1000')
    // 980 to delete; the seven unused files hold 91 MB.
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    expect(wrapper.get('[data-testid="doctor-not-enough"]').text()).toContain('91 MB')
    expect(wrapper.get('[data-testid="doctor-delete"]').attributes('disabled')).toBeDefined()
  })

  it('speaks Bahasa Indonesia', async () => {
    const { wrapper } = await mountDoctor({ stats: ROOMY }, 'id')
    expect(wrapper.text()).toContain('Dokter penyimpanan')
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    // With no refused upload, the amount starts at the tenth of the storage below which the panel opens.
    expect(wrapper.get('[data-testid="doctor-pick"]').text()).toBe('Sediakan 10 MB ruang kosong')
    expect(wrapper.text()).toContain('Sertakan file yang diunggah 7 hari terakhir')
    await wrapper.get('[data-testid="doctor-amount"]').setValue('45')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    expect(wrapper.get('[data-testid="doctor-chosen"] h3').text()).toBe('Akan dihapus: 1 file, 25 MB')
  })
})
