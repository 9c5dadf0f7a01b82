// A failed post in the planner: its dialog shows its media and the reason in plain words; it can be edited and
// sent again (schedules:fix), duplicated into a draft, and failed posts that share a cause a network rule names
// are fixed together: pictures cropped (the crop shown first) or texts shortened (the cut shown first).
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mediaMetricsReaderKey } from '../../../renderer/composables/use-media-metrics'
import { cropperKey, type CropRect } from '../../../renderer/lib/fix-media'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { useToastsStore } from '../../../renderer/stores/toasts'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { ACCOUNT_FIXTURES, NOW, makeAccount, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const PANORAMA = 'https://storage.example/uploads/kuliner-malam-panorama.png'
const SQUARE = 'https://storage.example/uploads/kopi.png'
const REASON =
  'instagram rejected the media: aspect ratio must be between 4:5 and 1.91:1; kuliner-malam-panorama.png is 3:1'
const image = (url: string) => ({ alt: '', type: 'image', thumbnail: url, url })

const crops: Array<{ url: string; rect: CropRect }> = []

// jsdom decodes no pictures: the panorama measures 3:1, anything else 1:1.
const measureByName = async (address: string) =>
  address === PANORAMA ? { width: 3000, height: 1000 } : { width: 1000, height: 1000 }

async function mountPlanner(context: TestContext, measure = measureByName) {
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  return mountWith(PlannerView, context, {
    route: '/planner',
    global: {
      provide: {
        [mediaMetricsReaderKey as symbol]: (address: string) => measure(address),
        [cropperKey as symbol]: async (url: string, rect: CropRect) => {
          crops.push({ url, rect })
          return new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' })
        },
      },
    },
  })
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid=${id}]`)

enableAutoUnmount(afterEach)

describe('fixing a failed post', () => {
  let context: TestContext

  beforeEach(() => {
    crops.length = 0
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({
      data: {
        accounts: [...ACCOUNT_FIXTURES, makeAccount('acc-th', 'Kopi Senja Threads', 'threads')],
        schedules: [
          makeSchedule(1, {
            status: 'error',
            title: 'Kuliner malam Medan',
            type: 'image',
            accountId: 'acc-ig',
            medias: [image(PANORAMA)],
            errorMessage: REASON,
            scheduleAt: '2026-11-18T05:00:00.000Z',
          }),
          makeSchedule(2, {
            status: 'error',
            title: 'Street food Semarang',
            type: 'album',
            accountId: 'acc-ig',
            medias: [image(SQUARE), image(PANORAMA)],
            errorMessage: REASON,
            scheduleAt: '2026-11-17T05:00:00.000Z',
          }),
          makeSchedule(3, {
            status: 'error',
            title: 'Thread panjang',
            type: 'text',
            accountId: 'acc-th',
            description: `${'Kopi susu gula aren, '.repeat(30)}selesai.`,
            errorMessage: 'threads takes at most 500 characters of text; this post has 638',
            scheduleAt: '2026-11-16T05:00:00.000Z',
          }),
        ],
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it("shows the failed post's media and the service's reason in plain words", async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-post][data-id=sched-1] .failed__title').trigger('click')
    await flushPromises()
    expect(byTestId('detail-media')!.querySelectorAll('li')).toHaveLength(1)
    expect(byTestId('detail-reason')!.textContent).toContain(
      'Instagram rejected the picture. kuliner-malam-panorama.png is 3:1; Instagram takes 0.8:1 (tall) to 1.91:1 (wide).',
    )
    expect(byTestId('detail-retry')).not.toBeNull()
    expect(byTestId('detail-fix')).not.toBeNull()
  })

  it('says on its row, in both languages, that a post whose shape breaks its rule is refused again as it is', async () => {
    const wrapper = await mountPlanner(context)
    await flushPromises()
    const row = (id: string) => wrapper.find(`[data-testid=failed-post][data-id=${id}]`)
    // The two panoramas and the long thread break their network's rule as they are.
    expect(wrapper.findAll('[data-testid=failed-shape]')).toHaveLength(3)
    expect(row('sched-1').find('[data-testid=failed-shape]').text()).toBe(
      'As it is, this post breaks its network’s rule and is refused again: fix it first.',
    )
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect(row('sched-3').find('[data-testid=failed-shape]').text()).toBe(
      'Seperti sekarang, postingan ini melanggar aturan jaringannya dan akan ditolak lagi: perbaiki dulu.',
    )
  })

  it('holds a retry of a post refused again as it is, says why, and sends it only when asked to anyway', async () => {
    const wrapper = await mountPlanner(context)
    await flushPromises()
    await wrapper
      .find('[data-testid=failed-post][data-id=sched-1] [data-testid=failed-retry]')
      .trigger('click')
    await flushPromises()
    // Nothing is sent: the dialog names the post and why, with Cancel focused and no "others" choice.
    expect(context.fake.requests('schedules:retry')).toEqual([])
    expect(byTestId('retry-hold-shape')!.textContent).toContain(
      '“Kuliner malam Medan” would be refused again as it is',
    )
    expect(byTestId('retry-warning-others')).toBeNull()
    expect(document.activeElement).toBe(byTestId('retry-warning-cancel'))
    byTestId('retry-warning-cancel')!.click()
    await flushPromises()
    expect(byTestId('failed-retry-warning')).toBeNull()
    expect(context.fake.requests('schedules:retry')).toEqual([])

    await wrapper
      .find('[data-testid=failed-post][data-id=sched-1] [data-testid=failed-retry]')
      .trigger('click')
    await flushPromises()
    byTestId('retry-warning-anyway')!.click()
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([{ ids: ['sched-1'] }])
  })

  it('a retry asked for before its picture is measured waits for the measure, then holds the post', async () => {
    const waiting: Array<() => void> = []
    const measured = () => waiting.splice(0).forEach((resolve) => resolve())
    const slow = (address: string) =>
      new Promise<void>((resolve) => waiting.push(resolve)).then(() => measureByName(address))
    const wrapper = await mountPlanner(context, slow)
    await flushPromises()
    // The panorama is not measured yet: its row does not say it breaks the rule, and the click comes now.
    expect(
      wrapper.find('[data-testid=failed-post][data-id=sched-1] [data-testid=failed-shape]').exists(),
    ).toBe(false)
    await wrapper
      .find('[data-testid=failed-post][data-id=sched-1] [data-testid=failed-retry]')
      .trigger('click')
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([])
    expect(
      wrapper
        .find('[data-testid=failed-post][data-id=sched-1] [data-testid=failed-retry]')
        .attributes('disabled'),
    ).toBeDefined()
    measured()
    await flushPromises()
    expect(byTestId('retry-hold-shape')!.textContent).toContain(
      '“Kuliner malam Medan” would be refused again as it is',
    )
    expect(context.fake.requests('schedules:retry')).toEqual([])
  })

  it('holds a bulk retry, retries only the posts nothing blocks, and crops the held pictures alone', async () => {
    context.fake.data.schedules.push(
      makeSchedule(4, { status: 'error', title: 'Kopi pagi', accountId: 'acc-ig', errorMessage: 'timeout' }),
    )
    const wrapper = await mountPlanner(context)
    await flushPromises()
    await wrapper.find('[data-testid=failed-post][data-id=sched-1] input').setValue(true)
    await wrapper.find('[data-testid=failed-post][data-id=sched-4] input').setValue(true)
    await wrapper.find('[data-testid=failed-retry-selected]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([])
    expect(byTestId('retry-warning-others')!.textContent).toContain('Retry only the other post')
    // The crop offered is the held panorama's, not the other one's in the list.
    byTestId('retry-hold-crop')!.click()
    await flushPromises()
    expect(byTestId('failed-retry-warning')).toBeNull()
    expect(document.querySelectorAll('[data-testid=fix-crop]')).toHaveLength(1)
    byTestId('fix-several')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(byTestId('fix-several')).toBeNull()

    await wrapper.find('[data-testid=failed-retry-selected]').trigger('click')
    await flushPromises()
    byTestId('retry-warning-others')!.click()
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([{ ids: ['sched-4'] }])
  })

  it('opens a held post in the composer to change its media, in Bahasa Indonesia too', async () => {
    context.i18n.global.locale.value = 'id'
    const wrapper = await mountPlanner(context)
    await flushPromises()
    await wrapper
      .find('[data-testid=failed-post][data-id=sched-3] [data-testid=failed-retry]')
      .trigger('click')
    await flushPromises()
    expect(byTestId('retry-hold-shape')!.textContent).toContain(
      '“Thread panjang” akan ditolak lagi jika dikirim seperti sekarang',
    )
    expect(byTestId('retry-hold-edit')!.getAttribute('aria-label')).toBe(
      'Sunting dan kirim lagi: Thread panjang',
    )
    byTestId('retry-hold-edit')!.click()
    await flushPromises()
    expect(byTestId('failed-retry-warning')).toBeNull()
    expect(byTestId('composer-fix-reason')!.textContent).toContain('500')
    expect(context.fake.requests('schedules:retry')).toEqual([])
  })

  it("says in a held post's detail why a retry as it is fails, and puts the fix first", async () => {
    context.fake.data.schedules.push(
      makeSchedule(4, { status: 'error', title: 'Kopi pagi', accountId: 'acc-ig', errorMessage: 'timeout' }),
    )
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-post][data-id=sched-1] .failed__title').trigger('click')
    await flushPromises()
    expect(byTestId('detail-shape')!.textContent).toContain(
      '“Kuliner malam Medan” would be refused again as it is',
    )
    expect(byTestId('detail-retry')!.textContent).toContain('Retry anyway')
    expect(byTestId('detail-fix')!.className).toContain('ui-button--primary')
    byTestId('post-detail')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    // A post whose retry can work keeps its plain Retry.
    await wrapper.find('[data-testid=failed-post][data-id=sched-4] .failed__title').trigger('click')
    await flushPromises()
    expect(byTestId('detail-shape')).toBeNull()
    expect(byTestId('detail-retry')!.textContent!.trim()).toBe('Retry')
  })

  it('edits a failed post and sends it again, saying it was updated', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-post][data-id=sched-1] .failed__title').trigger('click')
    await flushPromises()
    byTestId('detail-fix')!.click()
    await flushPromises()
    expect(document.querySelector('[role=dialog]')!.textContent).toContain('Fix and send again')
    expect(byTestId('composer-fix-reason')!.textContent).toContain('kuliner-malam-panorama.png')
    // The panorama is refused as it is: the composer stops it, as the network would.
    byTestId('composer-schedule')!.click()
    await flushPromises()
    expect(context.fake.requests('schedules:fix')).toEqual([])
    // A picture that fits instead: removed, then one from the library's address is kept.
    const remove = document.querySelector<HTMLElement>('[data-testid=composer-media] button')!
    remove.click()
    await flushPromises()
    const text = byTestId('composer-description') as HTMLTextAreaElement
    text.value = 'Mie aceh dan martabak malam ini'
    text.dispatchEvent(new Event('input'))
    await flushPromises()
    expect(byTestId('composer-schedule')!.textContent).toContain('Send again')
    byTestId('composer-schedule')!.click()
    await flushPromises()
    const [sent] = context.fake.requests('schedules:fix')
    expect(sent).toMatchObject({ id: 'sched-1', mode: 'manual' })
    expect(sent!.post).toMatchObject({ description: 'Mie aceh dan martabak malam ini', accountId: 'acc-ig' })
    expect(useToastsStore().items.map((t) => t.title)).toContain('Updated and sent again')
  })

  it('says when the failed post was replaced by a new one', async () => {
    context.fake.api.schedules.fix = async ({ id }) => ({
      id: `${id}-new`,
      outcome: 'replaced',
      sent: true,
      warned: false,
    })
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-post][data-id=sched-3] .failed__title').trigger('click')
    await flushPromises()
    byTestId('detail-fix')!.click()
    await flushPromises()
    const text = byTestId('composer-description') as HTMLTextAreaElement
    text.value = 'Pendek saja'
    text.dispatchEvent(new Event('input'))
    await flushPromises()
    byTestId('composer-schedule')!.click()
    await flushPromises()
    const toast = useToastsStore().items.find((t) => t.title === 'Sent as a new post')
    expect(toast?.message).toContain('the failed one was deleted')
  })

  it('duplicates a failed post into a new draft without a time, and opens it', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-post][data-id=sched-1] .failed__title').trigger('click')
    await flushPromises()
    byTestId('detail-duplicate')!.click()
    await flushPromises()
    const [saved] = context.fake.requests('drafts:save')
    expect(saved!.post).toMatchObject({ title: 'Kuliner malam Medan', accountId: 'acc-ig', scheduleAt: '' })
    expect(saved!.post.medias.map((m) => m.url)).toEqual([PANORAMA])
    expect(document.querySelector('[role=dialog]')!.textContent).toContain('Edit draft')
  })

  it('crops every refused picture of the posts that share the cause, shows the crop, then sends them again', async () => {
    const wrapper = await mountPlanner(context)
    await flushPromises()
    const offer = wrapper.find('[data-testid=fix-offer-aspect]')
    expect(offer.text()).toContain('The picture’s shape is refused in 2 posts')
    await wrapper.find('[data-testid=fix-open-aspect]').trigger('click')
    await flushPromises()
    // Only the panoramas: the square picture of the album fits.
    const previews = document.querySelectorAll<HTMLElement>('[data-testid=fix-crop]')
    expect(previews).toHaveLength(2)
    const keep = previews[0]!.querySelector<HTMLElement>('.crop__keep')!
    expect(keep.style.width).toBe('63.67%')
    expect(byTestId('fix-several')!.textContent).toContain('3:1 → 1.91:1, 1910 × 1000 px')
    byTestId('fix-send')!.click()
    await flushPromises()
    expect(crops).toEqual([
      { url: PANORAMA, rect: { x: 545, y: 0, width: 1910, height: 1000 } },
      { url: PANORAMA, rect: { x: 545, y: 0, width: 1910, height: 1000 } },
    ])
    expect(context.fake.requests('files:save-cover')).toHaveLength(2)
    const uploaded = context.fake.requests('uploads:one')
    // Each crop is named after its source picture, not after the copy main kept of it.
    expect(uploaded.map((u) => u.name)).toEqual([
      'kuliner-malam-panorama (cropped).jpg',
      'kuliner-malam-panorama (cropped).jpg',
    ])
    const fixes = context.fake.requests('schedules:fix')
    expect(fixes.map((f) => [f.id, f.mode])).toEqual([
      ['sched-1', 'bulk'],
      ['sched-2', 'bulk'],
    ])
    // The album keeps its square picture and gets the crop in the panorama's place.
    expect(fixes[1]!.post.medias[0]!.url).toBe(SQUARE)
    expect(fixes[1]!.post.medias[1]!.url).toMatch(/^https:\/\/storage\.example\/uploads\/cover-/)
    expect(useToastsStore().items.map((t) => t.title)).toContain('2 posts fixed and sent again')
  })

  it('shortens a text over its network limit with the cut shown, then sends it again', async () => {
    const wrapper = await mountPlanner(context)
    await flushPromises()
    await wrapper.find('[data-testid=fix-open-text]').trigger('click')
    await flushPromises()
    const cut = byTestId('fix-cut')!
    expect(cut.tagName).toBe('DEL')
    expect(cut.textContent!.length).toBeGreaterThan(100)
    byTestId('fix-send')!.click()
    await flushPromises()
    const [fix] = context.fake.requests('schedules:fix')
    expect(fix!.id).toBe('sched-3')
    expect([...fix!.post.description].length).toBeLessThanOrEqual(500)
    expect(fix!.post.description.endsWith('…')).toBe(true)
  })

  it('says which posts the retry limit held back', async () => {
    context.fake.api.schedules.fix = async ({ id }) => ({
      id,
      outcome: 'updated',
      sent: false,
      warned: false,
      error: { kind: 'rate-limited', code: 'retry-budget', message: 'budget' },
    })
    const wrapper = await mountPlanner(context)
    await flushPromises()
    await wrapper.find('[data-testid=fix-open-aspect]').trigger('click')
    await flushPromises()
    byTestId('fix-send')!.click()
    await flushPromises()
    expect(useToastsStore().items.map((t) => t.title)).toContain(
      '2 posts fixed but held back by the retry limit',
    )
  })
})
