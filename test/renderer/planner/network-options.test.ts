// The composer's per-network options of the newer service (renderer/components/planner/network-options/):
// Instagram's share to feed, TikTok's music chart, a WhatsApp channel or group, a link post's card; and that
// a post of the service written back keeps every member the composer does not show.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyScheduleRequest, type Account, type Schedule } from '../../../common/service'
import ComposerDialog, { type ComposerTarget } from '../../../renderer/components/planner/ComposerDialog.vue'
import PlanAddons from '../../../renderer/components/library/PlanAddons.vue'
import { ACCOUNT_FIXTURES, NOW, makeAccount, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!
const WHATSAPP = makeAccount('acc-wa', 'Kopi Senja WhatsApp', 'whatsapp')
const CHANNELS = [
  { id: '1203@newsletter', name: 'Kopi Senja Kabar', picture: '', type: 'channel' },
  { id: '1203@g.us', name: 'Pelanggan Setia', picture: '', type: 'group' },
  { id: '1204@x', name: 'Komunitas', picture: '', type: 'community' },
]
const ACCOUNTS: Account[] = [...ACCOUNT_FIXTURES, WHATSAPP]

async function mountComposer(context: TestContext, target: ComposerTarget, accounts = ACCOUNTS) {
  await mountWith(ComposerDialog, context, {
    route: '/planner',
    props: { open: true, target, accounts, timeZone: 'Asia/Jakarta' },
  })
  await flushPromises()
}

function servicePost(accountId: string, overrides: Partial<Schedule> = {}): Schedule {
  return makeSchedule(3, { accountId, scheduleAt: '2026-11-22T01:00:00.000Z', ...overrides })
}

async function schedule(context: TestContext) {
  $('[data-testid=composer-schedule]').click()
  await flushPromises()
  return context.fake.requests('schedules:update')[0]?.post
}

describe('network options', () => {
  let context: TestContext
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({ data: { accounts: ACCOUNTS, channels: { 'acc-wa': CHANNELS } } })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it.each([
    [
      'en',
      'WhatsApp channel or group',
      'Choose the channel or group this WhatsApp post goes to.',
      'community',
    ],
    [
      'id',
      'Saluran atau grup WhatsApp',
      'Pilih saluran atau grup tujuan postingan WhatsApp ini.',
      'community',
    ],
  ] as const)(
    'WhatsApp (%s): lists the channels, refuses a post without one, sends the chosen one whole',
    async (locale, label, refusal, unknownKind) => {
      context.i18n.global.locale.value = locale
      await mountComposer(context, { kind: 'service', post: servicePost('acc-wa') })
      expect(context.fake.requests('composer:whatsapp-channels')).toEqual([{ accountId: 'acc-wa' }])
      expect($('[data-testid=composer-whatsapp]').textContent).toContain(label)
      const select = $('[data-testid=composer-whatsapp-channel]') as HTMLSelectElement
      // An unknown kind of destination is offered under the name the service gives it.
      expect([...select.options].map((o) => o.textContent)).toContain(`Komunitas · ${unknownKind}`)
      expect($('[data-testid=composer-preflight]').textContent).toContain(refusal)
      select.value = '1203@g.us'
      select.dispatchEvent(new Event('change'))
      await flushPromises()
      expect(document.querySelector('[data-testid=composer-preflight]')?.textContent ?? '').not.toContain(
        refusal,
      )
      const sent = await schedule(context)
      expect(sent!.additionalInfo.channel).toEqual(CHANNELS[1])
    },
  )

  it('rewords the refusal to schedule when the language changes while it shows', async () => {
    const draft = {
      id: 'draft-wa',
      profileId: 'sandbox',
      status: 'draft' as const,
      post: {
        ...emptyScheduleRequest(),
        accountId: 'acc-wa',
        scheduleAt: '2026-11-25T03:00:00.000Z',
        description: 'Halo',
      },
      localMedia: [],
      createdAt: NOW,
      updatedAt: NOW,
    }
    await mountComposer(context, { kind: 'draft', draft })
    $('[data-testid=composer-schedule]').click()
    await flushPromises()
    // WhatsApp with no channel: refused before anything is queued, said at the top of the form.
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(0)
    expect($('[data-form-error]').textContent).toBe(
      'A network refuses this post as it is: fix the lines marked Refused, then schedule.',
    )
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect($('[data-form-error]').textContent).toBe(
      'Sebuah jaringan menolak postingan ini: perbaiki baris bertanda Ditolak, lalu jadwalkan.',
    )
  })

  it('offers "Also share to feed" for an Instagram video only, and sends it', async () => {
    await mountComposer(context, { kind: 'service', post: servicePost('acc-ig', { type: 'image' }) })
    expect(document.querySelector('[data-testid=composer-share-to-feed]')).toBeNull()
    const type = $('[data-testid=composer-type]') as HTMLSelectElement
    type.value = 'video'
    type.dispatchEvent(new Event('change'))
    await flushPromises()
    ;($('[data-testid=composer-share-to-feed]') as HTMLInputElement).click()
    await flushPromises()
    const sent = await schedule(context)
    expect(sent!.additionalInfo.isShareToFeed).toBe(true)
    expect(sent!.type).toBe('video')
  })

  it('finds TikTok music by genre and sends the chosen track with the volume set', async () => {
    await mountComposer(context, { kind: 'service', post: servicePost('acc-tt', { type: 'video' }) })
    const genre = $('[data-testid=composer-music-genre]') as HTMLSelectElement
    genre.value = 'JAZZ'
    genre.dispatchEvent(new Event('change'))
    $('[data-testid=composer-music-search]').click()
    await flushPromises()
    expect(context.fake.requests('composer:music')).toEqual([
      { genre: 'JAZZ', countryCode: 'ID', dateRange: '7DAY' },
    ])
    const tracks = document.querySelectorAll<HTMLButtonElement>('[data-testid=composer-music-track]')
    expect([...tracks].map((b) => b.textContent)).toEqual([expect.stringContaining('Kopi Pagi')])
    tracks[0]!.click()
    await flushPromises()
    expect(tracks[0]!.getAttribute('aria-pressed')).toBe('true')
    // The sound levels appear with the music (More options) and go out as music.volume.
    const sliders = document.querySelectorAll<HTMLInputElement>(
      '[data-testid=composer-music] input[type=range]',
    )
    sliders[0]!.value = '30'
    sliders[0]!.dispatchEvent(new Event('input'))
    await flushPromises()
    const sent = await schedule(context)
    expect(sent!.additionalInfo.music).toMatchObject({
      id: 'm2',
      name: 'Kopi Pagi',
      artist: 'Senja Trio',
      volume: { video: 30, music: 100 },
    })
  })

  it("fills a link post's card from the page, leaving what the person wrote", async () => {
    await mountComposer(context, {
      kind: 'service',
      post: servicePost('acc-fb', {
        type: 'link',
        description: 'Read https://repliz.com/blog today',
        meta: { title: 'My own title', description: '', url: '' },
      }),
    })
    $('[data-testid=composer-link-fetch]').click()
    await flushPromises()
    expect(context.fake.requests('composer:link-metadata')).toEqual([{ url: 'https://repliz.com/blog' }])
    expect($('[data-testid=preview-link]').textContent).toContain('My own title')
    expect($('[data-testid=preview-link]').textContent).toContain('A page on repliz.com')
    const sent = await schedule(context)
    expect(sent!.meta).toEqual({
      title: 'My own title',
      description: 'A page on repliz.com',
      url: 'https://repliz.com/blog',
    })
  })

  it('writes back every member of a post of the service it does not show', async () => {
    const post = servicePost('acc-wa', {
      additionalInfo: {
        isShareToFeed: false,
        isAutoAddMusic: false,
        channel: { ...CHANNELS[0]!, extra: 'kept' },
        music: {
          id: '',
          artist: '',
          name: '',
          thumbnail: '',
          volume: { video: 50, music: 100 },
          source: 'x',
        },
        futureFlag: { nested: [1, 2] },
      },
      medias: [
        { alt: '', type: 'image', thumbnail: '', url: 'https://s/1.png', customThumbnail: true } as never,
      ],
    })
    ;(post as Record<string, unknown>).templateId = 'tpl-1'
    await mountComposer(context, { kind: 'service', post })
    const sent = (await schedule(context)) as unknown as Record<string, unknown>
    expect(sent.additionalInfo).toMatchObject({
      channel: { id: '1203@newsletter', extra: 'kept' },
      music: { volume: { video: 50, music: 100 }, source: 'x' },
      futureFlag: { nested: [1, 2] },
    })
    expect(sent.medias).toEqual([expect.objectContaining({ customThumbnail: true })])
    expect(sent.templateId).toBe('tpl-1')
    expect(sent).not.toHaveProperty('status')
  })
})

describe('PlanAddons', () => {
  afterEach(() => document.body.replaceChildren())

  it.each([
    [
      'en',
      ['Accounts', 'Operators', 'Storage', 'X (Twitter)', 'shopee'],
      'Your plan holds 2 storage add-ons.',
    ],
    [
      'id',
      ['Akun', 'Operator', 'Penyimpanan', 'X (Twitter)', 'shopee'],
      'Paket Anda punya 2 add-on penyimpanan.',
    ],
  ] as const)(
    'shows what the plan holds (%s), a kind it does not know under its own name',
    async (locale, names, line) => {
      const context = setupTest({
        locale,
        data: { addons: { account: 1, operator: 0, storage: 2, twitter: 0, shopee: 3 } },
      })
      await mountWith(PlanAddons, context, {})
      await flushPromises()
      expect(
        [...document.querySelectorAll('[data-testid=plan-addons] dt')].map((d) => d.textContent),
      ).toEqual(names)
      document.body.replaceChildren()
      await mountWith(PlanAddons, context, { props: { compact: true } })
      await flushPromises()
      expect($('[data-testid=plan-addons-line]').textContent?.trim()).toBe(line)
    },
  )
})

describe('the per-network preview', () => {
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })
  it('says where a WhatsApp post goes and which sound a TikTok post has', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    const context = setupTest({ data: { accounts: ACCOUNTS, channels: { 'acc-wa': CHANNELS } } })
    const post = servicePost('acc-wa', {
      additionalInfo: {
        channel: CHANNELS[0],
        music: { id: 'm1', name: 'Mudik Raya', artist: '', thumbnail: '' },
      },
    })
    await mountComposer(context, { kind: 'service', post })
    expect($('[data-testid=preview-acc-wa] [data-testid=preview-extras]').textContent).toBe(
      'To Kopi Senja Kabar',
    )
  })
})
