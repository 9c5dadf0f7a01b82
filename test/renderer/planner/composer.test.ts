import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DraftValidationError } from '../../../common/contract'
import type { AppErrorData } from '../../../common/errors'
import { pictureAddress } from '../../../common/pictures'
import { emptyScheduleRequest } from '../../../common/service'
import {
  mediaMetricsReaderKey,
  type MediaMetrics,
  type MediaMetricsReader,
} from '../../../renderer/composables/use-media-metrics'
import ComposerDialog, { type ComposerTarget } from '../../../renderer/components/planner/ComposerDialog.vue'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { useToastsStore } from '../../../renderer/stores/toasts'
import { ACCOUNT_FIXTURES, NOW, makeAccount, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!

async function type(selector: string, value: string) {
  const el = $(selector) as HTMLInputElement
  el.value = value
  el.dispatchEvent(new Event('input'))
  await flushPromises()
}

async function mountComposer(
  context: TestContext,
  timeZone = 'Asia/Jakarta',
  target: ComposerTarget = { kind: 'new' },
  accounts = ACCOUNT_FIXTURES,
) {
  return mountWith(ComposerDialog, context, {
    route: '/planner',
    props: { open: true, target, accounts, timeZone },
  })
}

const toastTitles = () => useToastsStore().items.map((toast) => toast.title)
const pressEscape = async () => {
  // Vue lets a second listener on the event's path (the dialog's, after the form's) run only when the clock
  // moved since that listener was attached (runtime-dom's `_vts` check); the fake clock stands still.
  vi.setSystemTime(Date.now() + 1)
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  await flushPromises()
}

describe('ComposerDialog', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it.each([
    ['en', '10:05', '14:30'],
    ['id', '10.05', '14.30'],
  ] as const)(
    'shows the time in the app format (%s), date and time one Tab each',
    async (locale, shown, example) => {
      context.i18n.global.locale.value = locale
      await mountComposer(context)
      // The native time input shows "--:-- --" by the browser's locale; the app's field shows its own format.
      expect($('[data-testid=composer-time]').getAttribute('placeholder')).toBe(example)
      await type('[data-testid=composer-time]', '10:05')
      expect(($('[data-testid=composer-time]') as HTMLInputElement).value).toBe(shown)
      ;($('[data-testid=composer-time]') as HTMLInputElement).dispatchEvent(new Event('blur'))
      await flushPromises()
      expect(($('[data-testid=composer-time]') as HTMLInputElement).value).toBe(shown)
      // Tab order: focusable elements in document order that Tab visits (no positive tabindex in the app).
      const stops = [
        ...document.querySelectorAll<HTMLElement>('input, button, select, textarea, [tabindex]'),
      ].filter((el) => el.tabIndex >= 0 && !(el as HTMLInputElement).disabled)
      const date = stops.indexOf($('[data-testid=composer-date]'))
      expect(stops[date + 1]).toBe($('[data-testid=composer-time]'))
    },
  )

  it('saves as you type, once per pause, and keeps saving into the same draft', async () => {
    await mountComposer(context)
    await type('[data-testid=composer-description]', 'H')
    await type('[data-testid=composer-description]', 'He')
    await type('[data-testid=composer-description]', 'Hello Jakarta')
    expect(context.fake.requests('drafts:save')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(800)
    await flushPromises()
    const saves = context.fake.requests('drafts:save')
    expect(saves).toHaveLength(1)
    expect(saves[0]).toMatchObject({ post: { description: 'Hello Jakarta', scheduleAt: '' } })
    expect(saves[0]!.id).toBeUndefined()
    expect($('[data-testid=composer-save-state]').textContent).toContain('Saved')

    await type('[data-testid=composer-title]', 'Title')
    await vi.advanceTimersByTimeAsync(800)
    await flushPromises()
    expect(context.fake.requests('drafts:save')[1]).toMatchObject({ id: 'draft-1', post: { title: 'Title' } })
  })

  it('counts characters against the chosen account’s limit', async () => {
    await mountComposer(context)
    await type('[data-testid=composer-description]', 'x'.repeat(12))
    expect($('[data-testid=composer-count]').textContent).toContain('12 characters')
    ;($('[data-testid="account-acc-ig"] input') as HTMLInputElement).click()
    await flushPromises()
    expect($('[data-testid=composer-count]').textContent).toContain('12 / 2200')
  })

  it('sends the local time as UTC and warns about 02:30 on a spring-forward day', async () => {
    await mountComposer(context, 'Europe/Berlin')
    await type('[data-testid=composer-date]', '2026-03-29')
    await type('[data-testid=composer-time]', '02:30')
    expect($('[data-testid=composer-dst]').textContent).toContain('03:30')
    expect($('[data-testid=composer-utc]').textContent).toContain('Mar 29, 2026, 01:30 UTC')
    await type('[data-testid=composer-time]', '10:00')
    expect(document.querySelector('[data-testid=composer-dst]')).toBeNull()
    expect($('[data-testid=composer-utc]').textContent).toContain('Mar 29, 2026, 08:00 UTC')
  })

  it('puts the refusal of Schedule next to each field it names', async () => {
    const refusal: DraftValidationError = {
      kind: 'validation',
      message: 'accountId: Choose an account.',
      field: 'accountId',
      fields: [
        { field: 'accountId', message: 'Choose an account.' },
        { field: 'scheduleAt', message: 'Choose when to publish.' },
        { field: 'medias', message: 'A video post needs a media file.' },
      ],
    }
    context.fake.fail('drafts:save', refusal as AppErrorData)
    await mountComposer(context)
    await type('[data-testid=composer-description]', 'A video')
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect($('[data-field-error=accountId]').textContent).toContain('Choose an account.')
    expect($('[data-field-error=scheduleAt]').textContent).toContain('Choose when to publish.')
    expect($('[data-field-error=medias]').textContent).toContain('needs a media file')
    // Saved and queued in one call, refused whole: nothing was kept of it, and nothing else was asked.
    expect(context.fake.requests('drafts:save')).toEqual([expect.objectContaining({ queue: true })])
    expect(context.fake.data.drafts).toEqual([])
  })

  it('takes an image dropped into the composer as local media and suggests the image type', async () => {
    await mountComposer(context)
    const file = new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' })
    const drop = new Event('drop', { bubbles: true, cancelable: true }) as DragEvent
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file], types: ['Files'] } })
    $('[data-testid=composer-drop]').dispatchEvent(drop)
    await flushPromises()
    expect(drop.defaultPrevented).toBe(true)
    expect(document.querySelectorAll('[data-testid=composer-local-media]')).toHaveLength(1)
    expect(($('[data-testid=composer-type]') as HTMLSelectElement).value).toBe('image')
    await vi.advanceTimersByTimeAsync(800)
    await flushPromises()
    expect(context.fake.requests('drafts:save')[0]).toMatchObject({
      post: { type: 'image' },
      localMedia: [{ path: '/dropped/cat.png', mimetype: 'image/png', type: 'image' }],
    })
  })

  it('names a media item picked from the library by the stored file’s name, not its storage key', async () => {
    await mountComposer(context)
    ;($('[data-testid=composer-library]') as HTMLButtonElement).click()
    await flushPromises()
    const pick = [...document.querySelectorAll<HTMLButtonElement>('.library__file')].find((b) =>
      b.textContent?.includes('asset-1.jpg'),
    )!
    pick.click()
    await flushPromises()
    $('[data-testid=library-add]').click()
    await flushPromises()
    const item = $('[data-testid=composer-media]')
    expect(item.textContent).toContain('asset-1.jpg · in storage')
    expect(item.textContent).not.toContain('file-001')
  })

  it('cuts a long stored file’s name in its middle, keeping its end and extension', async () => {
    context.fake.data.files[1]!.filename = 'IMG_wedding_0001_resepsi_malam_pelaminan_3.jpg'
    await mountComposer(context)
    ;($('[data-testid=composer-library]') as HTMLButtonElement).click()
    await flushPromises()
    ;[...document.querySelectorAll<HTMLButtonElement>('.library__file')]
      .find((b) => b.textContent?.includes('IMG_wedding'))!
      .click()
    await flushPromises()
    $('[data-testid=library-add]').click()
    await flushPromises()
    const name = $('[data-testid=composer-media] .media__name')
    expect(name.querySelector('[aria-hidden]')?.textContent).toBe('IMG_wedding_0001_r…laminan_3.jpg')
    expect(name.querySelector('.file-name')?.getAttribute('title')).toBe(
      'IMG_wedding_0001_resepsi_malam_pelaminan_3.jpg',
    )
  })

  it('takes several files from the library at once, for a carousel, in the order ticked', async () => {
    await mountComposer(context)
    ;($('[data-testid=composer-library]') as HTMLButtonElement).click()
    await flushPromises()
    const picks = [...document.querySelectorAll<HTMLButtonElement>('[data-testid=library-pick]')]
    expect(picks.length).toBeGreaterThanOrEqual(2)
    picks[1]!.click()
    picks[0]!.click()
    await flushPromises()
    expect(picks[0]!.getAttribute('aria-pressed')).toBe('true')
    expect($('[data-testid=library-add]').textContent).toContain('Add 2 files')
    $('[data-testid=library-add]').click()
    await flushPromises()
    const items = document.querySelectorAll('[data-testid=composer-media]')
    expect(items).toHaveLength(2)
    expect(items[0]!.textContent).toContain(picks[1]!.textContent!.trim())
    expect(($('[data-testid=composer-type]') as HTMLSelectElement).value).toBe('album')
  })

  it('lists a refusal about a field the form has no place for at the top, instead of hiding it', async () => {
    context.fake.fail('drafts:save', {
      kind: 'validation',
      field: 'post.replies.0',
      message: 'invalid reply',
    })
    await mountComposer(context)
    await type('[data-testid=composer-description]', 'Hi')
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect($('[data-testid=composer] [role=alert]').textContent).toContain('post.replies.0: invalid reply')
  })

  it("says the core's field errors in Bahasa Indonesia by their code", async () => {
    context.i18n.global.locale.value = 'id'
    const refusal: DraftValidationError = {
      kind: 'validation',
      message: 'accountId: Choose an account.',
      field: 'accountId',
      fields: [
        { field: 'accountId', message: 'Choose an account.', code: 'account-required' },
        {
          field: 'medias',
          message: 'A video post needs a media file.',
          code: 'media-too-few',
          params: { type: 'video', min: 1 },
        },
        {
          field: 'description',
          message: 'Something new the app has no words for yet.',
          code: 'not-known-yet',
        },
      ],
    }
    context.fake.fail('drafts:save', refusal as AppErrorData)
    await mountComposer(context)
    await type('[data-testid=composer-description]', 'Video')
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect($('[data-field-error=accountId]').textContent).toContain('Pilih akun.')
    expect($('[data-field-error=medias]').textContent).toContain('Postingan video memerlukan berkas media.')
    expect($('[data-field-error=description]').textContent).toContain(
      'Something new the app has no words for yet.',
    )
  })

  describe('closing', () => {
    const service = makeSchedule(1, { title: 'On the service', scheduleAt: '2026-11-22T01:00:00.000Z' })

    it('asks before Esc throws away the changes to a post that is not autosaved', async () => {
      const wrapper = await mountComposer(context, 'Asia/Jakarta', { kind: 'service', post: service })
      await type('[data-testid=composer-title]', 'Changed title')
      $('[data-testid=composer-title]').focus()
      await pressEscape()
      const confirm = () =>
        Array.from(document.querySelectorAll('[role=dialog]')).find((d) =>
          d.textContent?.includes('Discard your changes?'),
        )
      expect(confirm()).toBeDefined()
      expect(confirm()!.getAttribute('aria-modal')).toBe('true')
      expect(wrapper.emitted('update:open')).toBeUndefined()
      // Keep editing: the question goes, the changes stay.
      expect(document.activeElement?.textContent).toContain('Keep editing')
      ;(document.activeElement as HTMLElement).click()
      await flushPromises()
      expect(confirm()).toBeUndefined()
      expect(($('[data-testid=composer-title]') as HTMLInputElement).value).toBe('Changed title')
      // Asked again, and this time discarded.
      $('[data-testid=composer-title]').focus()
      await pressEscape()
      ;(confirm()!.querySelector('[data-testid=confirm]') as HTMLElement).click()
      await flushPromises()
      expect(wrapper.emitted('update:open')?.at(-1)).toEqual([false])
      expect(context.fake.requests('schedules:update')).toEqual([])
    })

    it('closes an untouched post without asking', async () => {
      const wrapper = await mountComposer(context, 'Asia/Jakarta', { kind: 'service', post: service })
      // The dialog took the focus (a disabled field, such as the account of a post on the service, cannot).
      expect(document.activeElement?.closest('[role=dialog]')).not.toBeNull()
      await pressEscape()
      expect(wrapper.emitted('update:open')?.at(-1)).toEqual([false])
      expect(document.body.textContent).not.toContain('Discard your changes?')
    })

    // A new post is never kept behind the person's back (it used to turn up under "Drafts without a time").
    it('asks on Esc about a written new post, and keeps it with its last keystrokes only when told to', async () => {
      const wrapper = await mountComposer(context)
      await type('[data-testid=composer-description]', 'Hello Jakarta')
      $('[data-testid=composer-description]').focus()
      await pressEscape()
      expect($('[data-testid=composer-keep-ask]')).not.toBeNull()
      expect(wrapper.emitted('update:open')).toBeUndefined()
      $('[data-testid=composer-keep-save]').click()
      await flushPromises()
      expect(context.fake.requests('drafts:save')).toEqual([
        expect.objectContaining({ post: expect.objectContaining({ description: 'Hello Jakarta' }) }),
      ])
      expect(toastTitles()).toContain(
        'Kept as a draft: Hello Jakarta. Find it in the calendar or under drafts without a time.',
      )
      expect(wrapper.emitted('update:open')?.at(-1)).toEqual([false])
    })

    it('discards a written new post on request, its autosaved copy deleted', async () => {
      const wrapper = await mountComposer(context)
      await type('[data-testid=composer-description]', 'Not this one')
      await vi.advanceTimersByTimeAsync(1000)
      const [saved] = context.fake.data.drafts
      expect(saved).toBeDefined()
      $('[data-testid=composer-description]').focus()
      await pressEscape()
      $('[data-testid=composer-keep-discard]').click()
      await flushPromises()
      expect(context.fake.requests('drafts:delete')).toEqual([{ id: saved!.id }])
      expect(context.fake.data.drafts).toEqual([])
      expect(wrapper.emitted('update:open')?.at(-1)).toEqual([false])
    })

    it('closes an empty new post on Esc without asking and without a draft', async () => {
      const wrapper = await mountComposer(context)
      $('[data-testid=composer-description]').focus()
      await pressEscape()
      expect($('[data-testid=composer-keep-ask]')).toBeNull()
      expect(context.fake.requests('drafts:save')).toEqual([])
      expect(wrapper.emitted('update:open')?.at(-1)).toEqual([false])
    })

    it('keeps Delete draft apart from Save draft, at the other end of the footer', async () => {
      await mountComposer(context)
      await type('[data-testid=composer-description]', 'Apart')
      await vi.advanceTimersByTimeAsync(1000)
      const remove = $('[data-testid=composer-delete]')
      const save = $('[data-testid=composer-save]')
      expect(remove.nextElementSibling).toBe($('[data-testid=composer-save-state]'))
      expect(remove.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(remove.classList).toContain('composer__delete')
    })

    it('ties the Title and Description labels to their fields alone', async () => {
      await mountComposer(context)
      const title = $('[data-testid=composer-title]') as HTMLInputElement
      const description = $('[data-testid=composer-description]') as HTMLTextAreaElement
      expect([...title.labels!].map((l) => l.textContent!.trim())).toEqual(['Title'])
      expect([...description.labels!].map((l) => l.textContent!.trim())).toEqual(['Description'])
    })

    it('says to choose Video for an Instagram Reel', async () => {
      await mountComposer(context)
      ;($('[data-testid="account-acc-ig"] input') as HTMLInputElement).click()
      const select = $('[data-testid=composer-type]') as HTMLSelectElement
      select.value = 'reel'
      select.dispatchEvent(new Event('change'))
      await flushPromises()
      expect($('[data-testid=composer-preflight]').textContent).toContain(
        'Instagram does not publish reel posts: choose Video; Instagram publishes it as a Reel.',
      )
    })

    it('confirms Save draft with a toast', async () => {
      await mountComposer(context)
      await type('[data-testid=composer-description]', 'Keep me')
      $('[data-testid=composer-save]').click()
      await flushPromises()
      expect(toastTitles()).toEqual(['Draft saved'])
    })
  })

  it('scrolls to the first refused field and focuses it', async () => {
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    context.fake.fail('drafts:save', {
      kind: 'validation',
      message: 'scheduleAt: The time must be at least a minute from now.',
      field: 'scheduleAt',
      fields: [{ field: 'scheduleAt', message: 'too soon', code: 'time-too-soon' }],
    } as DraftValidationError as AppErrorData)
    await mountComposer(context)
    await type('[data-testid=composer-description]', 'Late')
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect($('[data-field-error=scheduleAt]').textContent).toContain('at least a minute from now')
    expect(document.activeElement).toBe($('[data-testid=composer-date]'))
    expect(scrolled).toEqual([$('[data-testid=composer-date]')])
  })

  describe('scheduling toasts', () => {
    async function scheduleOne() {
      await mountComposer(context)
      ;($('[data-testid="account-acc-fb"] input') as HTMLInputElement).click()
      await type('[data-testid=composer-description]', 'Hello')
      await type('[data-testid=composer-date]', '2026-11-25')
      await type('[data-testid=composer-time]', '10:00')
      $('[data-testid=composer-schedule]').click()
      await flushPromises()
      expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
    }

    it('adds none of its own when online: the outbox says "Scheduled" once it is sent', async () => {
      useConnectionStore().state = { ...context.fake.data.connection, status: 'online' }
      await scheduleOne()
      expect(toastTitles()).toEqual([])
    })

    it('says the post waits for the service when offline', async () => {
      useConnectionStore().state = { ...context.fake.data.connection, status: 'offline' }
      await scheduleOne()
      expect(toastTitles()).toEqual(['Post queued; it is sent as soon as the service is reachable.'])
    })
  })
})

describe('ComposerDialog, More options', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  const labels = () =>
    [...document.querySelectorAll('[data-testid=composer] .field-label, [data-testid=composer] input')].map(
      (el) => el.textContent || el.getAttribute('placeholder') || el.getAttribute('aria-label') || '',
    )

  it('offers no developer field: no sound id, picture address, JSON list or thumbnail address', async () => {
    await mountComposer(context, 'Asia/Jakarta', {
      kind: 'new',
      medias: [{ alt: '', type: 'image', thumbnail: '', url: 'https://files.example/cat.png' }],
    })
    const shown = labels().join(' | ')
    expect(shown).not.toMatch(/Music id|picture address|JSON|Thumbnail address/i)
    expect(document.querySelector('[data-testid=composer] textarea.composer__mono')).toBeNull()
    // No music to mix: no sound levels either.
    expect(document.querySelector('[data-testid=composer] input[type=range]')).toBeNull()
    const autoMusic = [...document.querySelectorAll<HTMLLabelElement>('.composer__checks label')].find((l) =>
      l.textContent?.includes('Add music automatically'),
    )!
    autoMusic.querySelector('input')!.click()
    await flushPromises()
    const sliders = document.querySelectorAll<HTMLInputElement>(
      '[data-testid=composer-music] input[type=range]',
    )
    expect(sliders).toHaveLength(2)
    expect($('[data-testid=composer-music]').textContent).toContain('Original sound')
    expect($('[data-testid=composer-music]').textContent).toContain('100%')
  })

  it('says what music and products a post came with, and drops them on request', async () => {
    const post = makeSchedule(3, { scheduleAt: '2026-11-22T01:00:00.000Z' })
    post.additionalInfo = {
      music: {
        id: '7234',
        name: 'Senja',
        artist: 'Kopi Band',
        thumbnail: 'https://x/y.jpg',
        volume: { video: 40, music: 80 },
      },
      products: [{ id: 'p1' }, { id: 'p2' }],
    }
    await mountComposer(context, 'Asia/Jakarta', { kind: 'service', post })
    expect($('[data-testid=composer-music]').textContent).toContain('Music: Senja by Kopi Band')
    expect($('[data-testid=composer-products]').textContent).toContain('2 shop products are tagged')
    $('[data-testid=composer-music-remove]').click()
    $('[data-testid=composer-products-remove]').click()
    await flushPromises()
    expect(document.querySelector('[data-testid=composer-music]')).toBeNull()
    expect(document.querySelector('[data-testid=composer-products]')).toBeNull()
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    const sent = context.fake.requests('schedules:update')[0]!.post.additionalInfo
    expect(sent.products).toEqual([])
    expect(sent.music).toMatchObject({ id: '', name: '', thumbnail: '', volume: { video: 40, music: 80 } })
    // Sent with the post as the composer opened it: main lays only what changed over the service's post.
    expect(context.fake.requests('schedules:update')[0]!.base?.additionalInfo).toMatchObject({
      products: [{ id: 'p1' }, { id: 'p2' }],
      music: { id: '7234' },
    })
  })
})

describe('ComposerDialog, scheduling', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  async function fillPost(accountId: string) {
    ;($(`[data-testid="account-${accountId}"] input`) as HTMLInputElement).click()
    await type('[data-testid=composer-description]', 'Hello')
    await type('[data-testid=composer-date]', '2026-11-25')
    await type('[data-testid=composer-time]', '10:00')
  }

  it('warns before scheduling for a disconnected account, links to where it is fixed, and asks', async () => {
    const accounts = [
      ...ACCOUNT_FIXTURES,
      { ...makeAccount('acc-x', 'Old Page', 'facebook'), isConnected: false },
    ]
    await mountComposer(context, 'Asia/Jakarta', { kind: 'new' }, accounts)
    await fillPost('acc-x')
    const inline = $('[data-testid=composer-disconnected]')
    expect(inline.textContent).toContain('Disconnected account: Old Page')
    expect(inline.textContent).toContain('this post would fail at its time')
    $('[data-testid=composer-disconnected] [data-testid=planner-reconnect]').click()
    await flushPromises()
    expect(context.fake.requests('app:open-external')).toEqual([{ url: 'https://repliz.com' }])

    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect($('[data-testid=composer-disconnected-confirm]').textContent).toContain('Old Page')
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(0)
    // Keep editing: nothing is scheduled.
    $('[data-testid=confirm-cancel]').click()
    await flushPromises()
    expect(document.querySelector('[data-testid=composer-disconnected-confirm]')).toBeNull()
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(0)
    // Asked again, and scheduled anyway.
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    $('[data-testid=confirm]').click()
    await flushPromises()
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
  })

  it('schedules a connected account’s post with no question, saved and queued in one call', async () => {
    await mountComposer(context)
    await fillPost('acc-fb')
    expect(document.querySelector('[data-testid=composer-disconnected]')).toBeNull()
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
    expect(context.fake.requests('drafts:schedule')).toEqual([])
    expect(context.fake.data.drafts.map((d) => d.status)).toEqual(['queued'])
  })

  it('schedules with Ctrl+Enter from the text, and Cmd+Enter', async () => {
    await mountComposer(context)
    await fillPost('acc-fb')
    $('[data-testid=composer-description]').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, cancelable: true }),
    )
    await flushPromises()
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
    document.body.replaceChildren()
    await mountComposer(context)
    await fillPost('acc-fb')
    const cmd = new KeyboardEvent('keydown', { key: 'Enter', metaKey: true, bubbles: true, cancelable: true })
    $('[data-testid=composer-title]').dispatchEvent(cmd)
    await flushPromises()
    expect(cmd.defaultPrevented).toBe(true)
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(2)
  })
})

describe('ComposerDialog, several accounts', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  async function tick(id: string) {
    ;($(`[data-testid="account-${id}"] input`) as HTMLInputElement).click()
    await flushPromises()
  }

  const withThreads = [...ACCOUNT_FIXTURES, makeAccount('acc-th', 'Senja Threads', 'threads')]

  it('sends one draft naming each chosen account, with its own text where one was written', async () => {
    await mountComposer(context, 'Asia/Jakarta', { kind: 'new' }, withThreads)
    await tick('acc-fb')
    await tick('acc-th')
    expect(($('[data-testid="account-acc-fb"] input') as HTMLInputElement).checked).toBe(true)
    expect(($('[data-testid="account-acc-th"] input') as HTMLInputElement).checked).toBe(true)
    await type('[data-testid=composer-description]', 'Kopi pagi untuk semua')
    await type('[data-testid="composer-text-acc-th"] textarea', 'Kopi pagi #threads')
    await type('[data-testid=composer-date]', '2026-11-25')
    await type('[data-testid=composer-time]', '10:00')
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    const saved = context.fake.requests('drafts:save').at(-1)!
    expect(saved.post).toMatchObject({ accountId: 'acc-fb', description: 'Kopi pagi untuk semua' })
    expect(saved.targets).toEqual([
      { accountId: 'acc-fb' },
      { accountId: 'acc-th', description: 'Kopi pagi #threads' },
    ])
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
  })

  it('reopens such a draft with its accounts and texts, and one account again sends no list', async () => {
    const draft = {
      id: 'draft-9',
      profileId: 'sandbox',
      status: 'draft' as const,
      post: { ...emptyScheduleRequest(), accountId: 'acc-fb', scheduleAt: '', description: 'Halo' },
      localMedia: [],
      targets: [{ accountId: 'acc-fb' }, { accountId: 'acc-ig', description: 'Halo IG' }],
      createdAt: NOW,
      updatedAt: NOW,
    }
    await mountComposer(context, 'Asia/Jakarta', { kind: 'draft', draft })
    expect(($('[data-testid="account-acc-fb"] input') as HTMLInputElement).checked).toBe(true)
    expect(($('[data-testid="account-acc-ig"] input') as HTMLInputElement).checked).toBe(true)
    expect(($('[data-testid="composer-text-acc-ig"] textarea') as HTMLTextAreaElement).value).toBe('Halo IG')
    await tick('acc-ig')
    expect(document.querySelector('[data-testid=composer-account-texts]')).toBeNull()
    await vi.advanceTimersByTimeAsync(800)
    await flushPromises()
    const saved = context.fake.requests('drafts:save').at(-1)!
    expect(saved).toMatchObject({ id: 'draft-9', post: { accountId: 'acc-fb' } })
    expect(saved.targets).toBeUndefined()
  })
})

describe('ComposerDialog, preflight', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  const accounts = [...ACCOUNT_FIXTURES, makeAccount('acc-th', 'Senja Threads', 'threads')]
  const issues = () =>
    [...document.querySelectorAll<HTMLElement>('[data-testid=preflight-issue]')].map((li) => [
      li.dataset.severity,
      li.textContent!.replace(/\s+/g, ' ').trim(),
    ])

  it('says in plain words what each chosen network refuses, and schedules none of it', async () => {
    await mountComposer(context, 'Asia/Jakarta', { kind: 'new' }, accounts)
    ;($('[data-testid="account-acc-fb"] input') as HTMLInputElement).click()
    await flushPromises()
    ;($('[data-testid="account-acc-th"] input') as HTMLInputElement).click()
    await flushPromises()
    await type('[data-testid=composer-description]', 'x'.repeat(520))
    await type('[data-testid=composer-date]', '2026-11-25')
    await type('[data-testid=composer-time]', '10:00')
    expect(issues()).toEqual([
      [
        'block',
        expect.stringContaining(
          'Senja Threads: Refused: Threads takes 500 characters; this text has 520, 20 too many.',
        ),
      ],
    ])
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect($('[data-testid=composer] [role=alert]').textContent).toContain('A network refuses this post')
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(0)

    // Its own shorter text for Threads: nothing is refused, and the post is scheduled.
    await type('[data-testid="composer-text-acc-th"] textarea', 'Pendek saja')
    expect(issues()).toEqual([])
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
  })

  it('warns about a file the network may not take, links to its rules, and still schedules', async () => {
    await mountComposer(context, 'Asia/Jakarta', {
      kind: 'new',
      day: '2026-11-25',
      hour: 10,
      medias: [{ alt: '', type: 'image', thumbnail: '', url: 'https://files.example/cat.png' }],
    })
    ;($('[data-testid="account-acc-ig"] input') as HTMLInputElement).click()
    await flushPromises()
    expect(issues()).toEqual([
      [
        'warn',
        expect.stringContaining(
          'Senja Roastery: May fail: Instagram may not take cat.png (PNG); it takes JPEG.',
        ),
      ],
    ])
    ;($('[data-testid=preflight-issue] button') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('app:open-external')[0]!.url).toMatch(
      /^https:\/\/developers\.facebook\.com\//,
    )
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(1)
  })

  it('warns about a picture’s shape and a video’s length once they are measured, and not before', async () => {
    const measured: string[] = []
    let release!: () => void
    const ready = new Promise<void>((resolve) => (release = resolve))
    const metrics: Record<string, MediaMetrics> = {
      'https://files.example/wide.jpg': { width: 3000, height: 1000 },
      'https://files.example/long.mp4': { width: 1080, height: 1920, durationSeconds: 1200 },
    }
    const reader: MediaMetricsReader = async (address) => {
      measured.push(address)
      await ready
      return metrics[address] ?? null
    }
    await mountWith(ComposerDialog, context, {
      route: '/planner',
      props: {
        open: true,
        accounts: ACCOUNT_FIXTURES,
        timeZone: 'Asia/Jakarta',
        target: {
          kind: 'new',
          medias: [
            { alt: '', type: 'image', thumbnail: '', url: 'https://files.example/wide.jpg' },
            { alt: '', type: 'video', thumbnail: '', url: 'https://files.example/long.mp4' },
            { alt: '', type: 'image', thumbnail: '', url: 'https://files.example/unreadable.jpg' },
          ],
        },
      },
      global: { provide: { [mediaMetricsReaderKey as symbol]: reader } },
    })
    ;($('[data-testid="account-acc-ig"] input') as HTMLInputElement).click()
    await flushPromises()
    // Not yet measured: no shape or length is guessed.
    expect(issues()).toEqual([])
    release()
    await flushPromises()
    expect(measured.sort()).toEqual([
      'https://files.example/long.mp4',
      'https://files.example/unreadable.jpg',
      'https://files.example/wide.jpg',
    ])
    expect(issues()).toEqual([
      [
        'warn',
        expect.stringContaining('May fail: wide.jpg is 3:1; Instagram takes 0.8:1 (tall) to 1.91:1 (wide).'),
      ],
      ['warn', expect.stringContaining('May fail: long.mp4 lasts 1200 s; Instagram takes up to 900 s.')],
    ])
  })

  it('says it in Bahasa Indonesia', async () => {
    context.i18n.global.locale.value = 'id'
    await mountComposer(context, 'Asia/Jakarta', { kind: 'new' }, accounts)
    ;($('[data-testid="account-acc-ig"] input') as HTMLInputElement).click()
    await flushPromises()
    expect(issues()[0]![1]).toContain('Ditolak: Instagram tidak menerbitkan postingan teks.')
  })
})

describe('ComposerDialog, preview per network', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('cuts the text where each network folds it, crops the picture to its frame, and draws its link card', async () => {
    await mountComposer(context, 'Asia/Jakarta', {
      kind: 'new',
      medias: [{ alt: '', type: 'image', thumbnail: '', url: 'https://files.example/cat.jpg' }],
    })
    ;($('[data-testid="account-acc-ig"] input') as HTMLInputElement).click()
    await flushPromises()
    ;($('[data-testid="account-acc-fb"] input') as HTMLInputElement).click()
    await flushPromises()
    const text = `${'Kopi '.repeat(40)}https://kopi.example/menu`
    await type('[data-testid=composer-description]', text)
    const ig = $('[data-testid=preview-acc-ig]')
    const fb = $('[data-testid=preview-acc-fb]')
    expect(ig.querySelector('[data-testid=preview-text]')!.textContent).toContain('… more')
    expect(ig.querySelector('[data-testid=preview-text]')!.textContent!.length).toBeLessThan(140)
    expect(fb.querySelector('[data-testid=preview-text]')!.textContent).not.toContain('… more')
    expect((ig.querySelector('[data-testid=preview-media]') as HTMLElement).style.aspectRatio).toBe('4 / 5')
    // From main's copy on the page's own origin, never from the storage host.
    expect(ig.querySelector('img')!.getAttribute('src')).toBe(pictureAddress('https://files.example/cat.jpg'))
    expect(ig.querySelector('[data-testid=preview-link]')).toBeNull()
    expect(fb.querySelector('[data-testid=preview-link]')!.textContent).toContain('kopi.example')
  })

  describe('a draft changed elsewhere while it is open', () => {
    const stored = (revision: number, description: string) => ({
      id: 'draft-7',
      profileId: 'sandbox',
      status: 'draft' as const,
      revision,
      post: { ...emptyScheduleRequest(), accountId: 'acc-fb', scheduleAt: '', description },
      localMedia: [],
      createdAt: NOW,
      updatedAt: NOW,
    })

    async function openedThenChangedElsewhere() {
      context.fake.data.drafts = [stored(1, 'first')]
      await mountComposer(context, 'Asia/Jakarta', { kind: 'draft', draft: stored(1, 'first') })
      // The CLI (or another window) saves it meanwhile.
      context.fake.data.drafts = [stored(2, 'theirs')]
      await type('[data-testid=composer-description]', 'mine')
      await vi.advanceTimersByTimeAsync(800)
      await flushPromises()
    }

    it.each([
      ['en', 'Keep mine', 'Take theirs'],
      ['id', 'Pertahankan versi saya', 'Ambil versi mereka'],
    ] as const)(
      'offers "keep mine" or "take theirs" (%s) instead of saving over it',
      async (locale, keep, take) => {
        context.i18n.global.locale.value = locale
        await openedThenChangedElsewhere()
        expect(context.fake.requests('drafts:save').at(-1)).toMatchObject({ id: 'draft-7', revision: 1 })
        expect(context.fake.data.drafts[0]!.post.description).toBe('theirs')
        const alert = $('[data-testid=draft-conflict]')
        expect(alert.textContent).toContain(keep)
        expect(alert.textContent).toContain(take)
      },
    )

    it('keep mine saves the form over the version stored now', async () => {
      await openedThenChangedElsewhere()
      $('[data-testid=draft-conflict-keep-mine]').click()
      await flushPromises()
      expect(context.fake.requests('drafts:save').at(-1)).toMatchObject({
        revision: 2,
        post: { description: 'mine' },
      })
      expect(context.fake.data.drafts[0]).toMatchObject({ revision: 3, post: { description: 'mine' } })
      expect(document.querySelector('[data-testid=draft-conflict]')).toBeNull()
    })

    it('take theirs shows the version stored now and saves nothing', async () => {
      await openedThenChangedElsewhere()
      const saves = context.fake.requests('drafts:save').length
      $('[data-testid=draft-conflict-take-theirs]').click()
      await flushPromises()
      await vi.advanceTimersByTimeAsync(800)
      await flushPromises()
      expect(($('[data-testid=composer-description]') as HTMLTextAreaElement).value).toBe('theirs')
      expect(context.fake.requests('drafts:save')).toHaveLength(saves)
      expect(document.querySelector('[data-testid=draft-conflict]')).toBeNull()
      // The next edit is based on their revision, and saves.
      await type('[data-testid=composer-description]', 'theirs, then mine')
      await vi.advanceTimersByTimeAsync(800)
      await flushPromises()
      expect(context.fake.data.drafts[0]).toMatchObject({
        revision: 3,
        post: { description: 'theirs, then mine' },
      })
    })
  })
})
