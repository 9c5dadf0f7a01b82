// Campaigns in the planner: a campaign's posts as one card (month, week, list) with its accounts and summed
// status in English and Indonesian; opened, each account's variant, edited as one, a published post locked;
// an account removed behind the delete Undo; a failed post fixed through the failed-post flow.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Campaign } from '../../../common/campaigns'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import type { CalendarEntry } from '../../../renderer/lib/planner/calendar'
import { groupCampaigns } from '../../../renderer/lib/planner/campaign-cards'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { useToastsStore } from '../../../renderer/stores/toasts'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)

const campaign: Campaign = {
  id: 'camp-1',
  profileId: 'sandbox',
  at: '2026-11-22T01:00:00.000Z',
  members: [
    { accountId: 'acc-ig', offsetMinutes: 0, scheduleId: 'sched-ig' },
    { accountId: 'acc-tt', offsetMinutes: 30, scheduleId: 'sched-tt' },
    { accountId: 'acc-fb', offsetMinutes: -60, scheduleId: 'sched-fb' },
  ],
  createdAt: NOW,
  updatedAt: NOW,
}
const schedules = () => [
  makeSchedule(1, {
    _id: 'sched-ig',
    id: 'sched-ig',
    accountId: 'acc-ig',
    title: 'Launch',
    description: 'ig words',
    scheduleAt: '2026-11-22T01:00:00.000Z',
  }),
  makeSchedule(2, {
    _id: 'sched-tt',
    id: 'sched-tt',
    accountId: 'acc-tt',
    title: 'Launch',
    description: 'tt words',
    status: 'error',
    errorMessage: 'account disconnected',
    scheduleAt: '2026-11-22T01:30:00.000Z',
  }),
  makeSchedule(3, {
    _id: 'sched-fb',
    id: 'sched-fb',
    accountId: 'acc-fb',
    title: 'Launch',
    description: 'fb words',
    status: 'success',
    scheduleAt: '2026-11-22T00:00:00.000Z',
  }),
  makeSchedule(4, { title: 'Alone', scheduleAt: '2026-11-23T01:00:00.000Z' }),
]

async function mountPlanner(locale: 'en' | 'id' = 'en') {
  const context = setupTest({
    locale,
    data: { schedules: schedules(), campaigns: [structuredClone(campaign)] },
  })
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  const wrapper = await mountWith(PlannerView, context, { route: '/planner' })
  return { context, wrapper, planner }
}
const cards = () => document.querySelectorAll<HTMLElement>('[data-campaign]')

describe('groupCampaigns', () => {
  const entry = (key: string, accountId: string, at: string, status: CalendarEntry['status']) =>
    ({
      key,
      source: key.startsWith('post:') ? 'service' : 'local',
      id: key.split(':')[1]!,
      status,
      at,
      title: key,
      text: key,
      accountId,
      movable: false,
    }) as CalendarEntry

  it('shows a staggered campaign at each of its times, each card a part of the whole', () => {
    const entries = [
      entry('post:a', 'ig', '2026-11-22T02:00:00.000Z', 'success'),
      entry('draft:d2', 'tt', '2026-11-22T01:00:00.000Z', 'queued'),
      entry('post:c', 'fb', '2026-11-23T01:00:00.000Z', 'error'),
      entry('post:other', 'ig', '2026-11-22T02:00:00.000Z', 'pending'),
    ]
    const record: Campaign = {
      ...campaign,
      members: [
        { accountId: 'ig', offsetMinutes: 0, scheduleId: 'a' },
        { accountId: 'tt', offsetMinutes: 0, draftId: 'd2' },
        { accountId: 'fb', offsetMinutes: 0, draftId: 'd3' },
      ],
    }
    // d3 was sent: its post is found by the draft's service id though the record has not learnt it yet.
    const drafts = new Map([['d3', { id: 'd3', scheduleId: 'c' } as Draft]])
    const grouped = groupCampaigns(entries, [record], drafts)
    expect(grouped.map((e) => e.key)).toEqual([
      'post:other',
      'campaign:camp-1:1',
      'campaign:camp-1:2',
      'campaign:camp-1:3',
    ])
    const parts = grouped.slice(1)
    expect(
      parts.map((card) => [card.at, card.status, card.campaign?.accountIds, card.campaign?.part]),
    ).toEqual([
      ['2026-11-22T01:00:00.000Z', 'queued', ['tt'], { index: 1, of: 3 }],
      ['2026-11-22T02:00:00.000Z', 'success', ['ig'], { index: 2, of: 3 }],
      ['2026-11-23T01:00:00.000Z', 'error', ['fb'], { index: 3, of: 3 }],
    ])
    // Each part opens the whole campaign.
    for (const card of parts)
      expect(card.campaign?.all.map((p) => p.key)).toEqual(['post:a', 'draft:d2', 'post:c'])
  })

  it('makes one card of the posts at one time, coloured by a failure first, leaving other posts alone', () => {
    const entries = [
      entry('post:a', 'ig', '2026-11-22T01:00:00.000Z', 'success'),
      entry('draft:d2', 'tt', '2026-11-22T01:00:00.000Z', 'queued'),
      entry('post:c', 'fb', '2026-11-22T01:00:30.000Z', 'error'),
      entry('post:other', 'ig', '2026-11-22T02:00:00.000Z', 'pending'),
    ]
    const record: Campaign = {
      ...campaign,
      members: [
        { accountId: 'ig', offsetMinutes: 0, scheduleId: 'a' },
        { accountId: 'tt', offsetMinutes: 0, draftId: 'd2' },
        { accountId: 'fb', offsetMinutes: 0, scheduleId: 'c' },
      ],
    }
    const grouped = groupCampaigns(entries, [record], new Map())
    expect(grouped.map((e) => e.key)).toEqual(['post:other', 'campaign:camp-1'])
    const card = grouped[1]!
    expect(card).toMatchObject({ at: '2026-11-22T01:00:00.000Z', status: 'error', accountId: 'ig' })
    expect(card.campaign?.accountIds).toEqual(['ig', 'tt', 'fb'])
    expect(card.campaign?.part).toBeUndefined()
  })

  it('leaves posts single when fewer than two of the campaign are found (record lost, posts elsewhere)', () => {
    const entries = [entry('post:a', 'ig', '2026-11-22T02:00:00.000Z', 'pending')]
    const record: Campaign = {
      ...campaign,
      members: [
        { accountId: 'ig', offsetMinutes: 0, scheduleId: 'a' },
        { accountId: 'tt', offsetMinutes: 0, scheduleId: 'gone' },
      ],
    }
    expect(groupCampaigns(entries, [record], new Map())).toEqual(entries)
    expect(groupCampaigns(entries, [], new Map())).toEqual(entries)
  })
})

describe('campaigns in the planner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('shows a staggered campaign at each of its times, as parts of it, in the month, week and list views', async () => {
    const { planner } = await mountPlanner()
    // 00:00 UTC (the Facebook post, an hour early) is 07:00 in Jakarta, Instagram 08:00, TikTok 08:30.
    const parts = () =>
      [...cards()].map((card) => [
        card.closest('[data-day]')?.getAttribute('data-day'),
        card.querySelector('.entry__time')?.textContent,
        card.querySelector('[data-testid=campaign-part]')?.textContent,
        card.querySelector('[data-testid=campaign-summary]')?.textContent,
        card.dataset.status,
      ])
    expect(parts()).toEqual([
      ['2026-11-22', '07:00', '1/3', '1 published', 'success'],
      ['2026-11-22', '08:00', '2/3', '1 scheduled', 'pending'],
      ['2026-11-22', '08:30', '3/3', '1 failed', 'error'],
    ])
    expect(new Set([...cards()].map((card) => card.dataset.campaign))).toEqual(new Set(['camp-1']))
    expect(cards()[2]!.querySelectorAll('[data-testid=campaign-avatars] .ui-avatar')).toHaveLength(1)
    expect(cards()[2]!.textContent).toContain('campaign for Kopi Senja TikTok: Part 3 of 3, 1 failed')
    expect(document.querySelectorAll('[data-testid=planner-entry]')).toHaveLength(4)

    await planner.setView('week')
    await flushPromises()
    // Each part in its own hour's row of the week.
    expect(
      [...cards()].map((card) => card.closest('[data-testid=planner-slot]')?.getAttribute('data-hour')),
    ).toEqual(['7', '8', '8'])
    await planner.setView('list')
    await flushPromises()
    const rows = document.querySelectorAll('[data-testid=planner-list-row]')
    expect(rows).toHaveLength(4)
    expect(
      [...document.querySelectorAll('[data-testid=planner-list] [data-testid=campaign-part]')].map(
        (part) => part.textContent,
      ),
    ).toEqual(['Part 1 of 3', 'Part 2 of 3', 'Part 3 of 3'])
  })

  it('says the parts and their statuses in Indonesian', async () => {
    await mountPlanner('id')
    expect(cards()[0]!.querySelector('[data-testid=campaign-summary]')?.textContent).toBe('1 terbit')
    expect(cards()[2]!.textContent).toContain('Bagian 3 dari 3, 1 gagal')
  })

  it('says a campaign or post only in the outbox is waiting to send while offline, sending once online, in both languages', async () => {
    const queued = (id: string, accountId: string, at = '2026-11-24T01:00:00.000Z'): Draft => ({
      id,
      profileId: 'sandbox',
      status: 'queued',
      post: {
        ...emptyScheduleRequest(),
        title: 'Offline',
        accountId,
        scheduleAt: at,
      },
      localMedia: [],
      createdAt: NOW,
      updatedAt: NOW,
    })
    const outbox: Campaign = {
      ...campaign,
      id: 'camp-2',
      at: '2026-11-24T01:00:00.000Z',
      members: [
        { accountId: 'acc-ig', offsetMinutes: 0, draftId: 'q-ig' },
        { accountId: 'acc-tt', offsetMinutes: 0, draftId: 'q-tt' },
      ],
    }
    const words = {
      en: { offline: ['2 waiting to send', 'Waiting to send'], online: ['2 sending', 'Sending'] },
      id: { offline: ['2 menunggu dikirim', 'Menunggu dikirim'], online: ['2 sedang dikirim', 'Mengirim'] },
    } as const
    for (const locale of ['en', 'id'] as const) {
      const context = setupTest({
        locale,
        data: {
          schedules: [],
          campaigns: [outbox],
          drafts: [
            queued('q-ig', 'acc-ig'),
            queued('q-tt', 'acc-tt'),
            queued('q-one', 'acc-ig', '2026-11-25T01:00:00.000Z'),
          ],
        },
      })
      const planner = usePlannerStore()
      planner.timeZone = 'Asia/Jakarta'
      planner.anchor = new Date(NOW)
      const wrapper = await mountWith(PlannerView, context, { route: '/planner' })
      const connection = useConnectionStore()
      connection.subscribe()
      const said = () => {
        const single = [...document.querySelectorAll<HTMLElement>('[data-testid=planner-entry]')].find(
          (chip) => !chip.dataset.campaign,
        )!
        return [
          cards()[0]!.querySelector('[data-testid=campaign-summary]')?.textContent,
          [...words[locale].offline, ...words[locale].online]
            .map(String)
            .find((w) => single.getAttribute('title')?.includes(`, ${w},`)),
        ]
      }
      expect(cards()).toHaveLength(1)
      for (const status of ['offline', 'online', 'offline'] as const) {
        context.fake.emit('connection:changed', { ...context.fake.data.connection, status })
        await flushPromises()
        expect(said()).toEqual(words[locale][status])
      }
      wrapper.unmount()
      document.body.replaceChildren()
    }
  })

  it('opens each account variant; edits as one, the published post locked and left out', async () => {
    const { context } = await mountPlanner()
    cards()[0]!.click()
    await flushPromises()
    const variant = (id: string) =>
      document.querySelector<HTMLFieldSetElement>(`[data-testid=campaign-variant-${id}]`)!
    expect(variant('acc-fb').disabled).toBe(true)
    expect(variant('acc-fb').textContent).toContain('Locked: Published')
    expect(variant('acc-ig').disabled).toBe(false)
    expect(variant('acc-tt').querySelector('textarea')!.value).toBe('tt words')

    const text = variant('acc-tt').querySelector('textarea')!
    text.value = 'new tt words'
    text.dispatchEvent(new Event('input'))
    const offset = variant('acc-tt').querySelector<HTMLInputElement>('[data-testid=campaign-variant-offset]')!
    offset.value = '800'
    offset.dispatchEvent(new Event('input'))
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-testid=campaign-save]')!.click()
    await flushPromises()
    // Past 12 h: refused here, nothing sent.
    expect(variant('acc-tt').textContent).toContain('Whole minutes between −720 and +720.')
    expect(context.fake.requests('campaigns:update')).toEqual([])

    offset.value = '45'
    offset.dispatchEvent(new Event('input'))
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-testid=campaign-save]')!.click()
    await flushPromises()
    const [request] = context.fake.requests('campaigns:update')
    expect(request!.variants.map((v) => [v.accountId, v.description, v.offsetMinutes])).toEqual([
      ['acc-ig', 'ig words', 0],
      ['acc-tt', 'new tt words', 45],
    ])
    expect(request!.at).toBe('2026-11-22T01:00:00.000Z')
    expect(useToastsStore().items.at(-1)?.title).toBe('Campaign saved')
  })

  it('removes an account behind Undo: undone, nothing is sent; let go, its post is deleted', async () => {
    const { context } = await mountPlanner()
    cards()[0]!.click()
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-testid=campaign-remove-acc-ig]')!.click()
    await flushPromises()
    const toasts = useToastsStore()
    expect(toasts.items.at(-1)).toMatchObject({
      // Named with its network and username: a client's name is often on two or three networks.
      title: 'Senja Roastery (Instagram, @senja.roastery) removed from the campaign',
      undoLabel: 'Undo',
    })
    expect(document.querySelector('[data-testid=campaign-variant-acc-ig]')).toBeNull()
    toasts.undo(toasts.items.at(-1)!.id)
    await flushPromises()
    expect(document.querySelector('[data-testid=campaign-variant-acc-ig]')).not.toBeNull()
    expect(context.fake.requests('campaigns:remove-account')).toEqual([])

    document.querySelector<HTMLButtonElement>('[data-testid=campaign-remove-acc-ig]')!.click()
    await flushPromises()
    for (const toast of toasts.items.filter((t) => t.undoLabel)) toasts.dismiss(toast.id)
    await flushPromises()
    expect(context.fake.requests('campaigns:remove-account')).toEqual([{ id: 'camp-1', accountId: 'acc-ig' }])
    expect(context.fake.data.schedules.some((s) => s._id === 'sched-ig')).toBe(false)
  })

  it('a partly failed campaign says so, and its failed post opens in the failed-post fix', async () => {
    await mountPlanner()
    cards()[0]!.click()
    await flushPromises()
    expect(document.querySelector('[data-testid=campaign-failed]')?.textContent).toContain(
      'Kopi Senja TikTok (TikTok, @kopi.senja.tiktok): the post failed to publish.',
    )
    document.querySelector<HTMLButtonElement>('[data-testid=campaign-fix-acc-tt]')!.click()
    await flushPromises()
    expect(document.querySelector('[data-testid=campaign-dialog]')).toBeNull()
    expect(document.querySelector('[data-testid=composer-fix-reason]')?.textContent).toBeTruthy()
  })
})
