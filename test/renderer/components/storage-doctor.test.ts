// The Library's storage doctor panel against the fake window.mediadeck: when it opens by itself, what it lists,
// "Free X" choosing the fewest files, one confirmation, and what main kept at its re-check.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import StorageDoctor from '../../../renderer/components/library/StorageDoctor.vue'
import { useStorageStore } from '../../../renderer/stores/storage'
import { useToastsStore } from '../../../renderer/stores/toasts'
import { useUploadsStore } from '../../../renderer/stores/uploads'
import { stubElementSize } from '../support/browser-stubs'
import type { FakeData } from '../support/fake-mediadeck'
import { makeUploadItem } from '../support/fixtures'
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

describe('StorageDoctor', () => {
  beforeEach(() => stubElementSize())
  afterEach(() => document.body.replaceChildren())

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

  it('opens by itself on a storage-full refusal, with what the refused upload misses as the amount', async () => {
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
    expect((wrapper.get('[data-testid="doctor-amount"]').element as HTMLInputElement).value).toBe('30')
  })

  it('opens by itself when less than 10% is free', async () => {
    const usage = { total: 100 * MB, used: 95 * MB, free: 5 * MB }
    const { context, wrapper } = await mountDoctor({
      stats: { file: { total: 25, success: 25, pending: 0 }, usage },
    })
    expect(context.fake.requests('storage:unused')).toHaveLength(1)
    expect(wrapper.get('[data-testid="doctor-reason"]').text()).toMatch(/10%/)
  })

  it('"Free X" selects the fewest files, deletes after one confirmation, and reports what main kept', async () => {
    const { context, wrapper } = await mountDoctor({ usedAtRecheck: ['file-004'] })
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="doctor-amount"]').setValue('30')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    // 25 MB alone is short; 25 + 5 is the smallest pair that reaches 30.
    const checked = wrapper
      .findAll('[data-testid="doctor-file"]')
      .filter((row) => (row.find('input').element as HTMLInputElement).checked)
      .map((row) => row.find('.doctor__name').text())
    expect(checked).toEqual(['asset-24.mp4', 'asset-4.jpg'])
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

  it('says so when the unused files are not enough', async () => {
    const { wrapper } = await mountDoctor()
    await wrapper.get('[data-testid="doctor-open"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="doctor-amount"]').setValue('1000')
    await wrapper.get('[data-testid="doctor-pick"]').trigger('click')
    expect(wrapper.get('[data-testid="doctor-not-enough"]').text()).toContain('91 MB')
    expect(wrapper.get('[data-testid="doctor-delete"]').attributes('disabled')).toBeDefined()
  })

  it('speaks Bahasa Indonesia', async () => {
    const { wrapper } = await mountDoctor({}, 'id')
    expect(wrapper.text()).toContain('Dokter penyimpanan')
  })
})
