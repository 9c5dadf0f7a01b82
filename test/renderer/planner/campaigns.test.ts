// Campaigns in the planner: a campaign's posts as one card (month, week, list) with its accounts and summed
// status in English and Indonesian; opened, each account's variant, edited as one, a published post locked;
// an account removed behind the delete Undo; a failed post fixed through the failed-post flow.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Campaign } from '../../../common/campaigns'
import type { Draft } from '../../../common/drafts'
import type { CalendarEntry } from '../../../renderer/lib/planner/calendar'
import { groupCampaigns } from '../../../renderer/lib/planner/campaign-cards'
import { usePlannerStore } from '../../../renderer/stores/planner'
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

  it('makes one card at the earliest post, coloured by a failure first, leaving other posts alone', () => {
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
    expect(grouped.map((e) => e.key)).toEqual(['post:other', 'campaign:camp-1'])
    const card = grouped[1]!
    expect(card).toMatchObject({ at: '2026-11-22T01:00:00.000Z', status: 'error', accountId: 'tt' })
    expect(card.campaign?.accountIds).toEqual(['ig', 'tt', 'fb'])
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

  it('shows one card with the summed status in the month, week and list views', async () => {
    const { planner } = await mountPlanner()
    expect(cards()).toHaveLength(1)
    const card = cards()[0]!
    // 00:00 UTC (the Facebook post, an hour early) is 07:00 in Jakarta: the card sits at the earliest post.
    expect(card.closest('[data-day]')?.getAttribute('data-day')).toBe('2026-11-22')
    expect(card.textContent).toContain('07:00')
    expect(card.querySelector('[data-testid=campaign-summary]')?.textContent).toBe(
      '1 failed · 1 published · 1 scheduled',
    )
    expect(card.querySelectorAll('[data-testid=campaign-avatars] .ui-avatar')).toHaveLength(3)
    expect(card.textContent).toContain('campaign for Senja Roastery, Kopi Senja TikTok, Warung Kopi Senja')
    expect(card.dataset.status).toBe('error')
    expect(document.querySelectorAll('[data-testid=planner-entry]')).toHaveLength(2)

    await planner.setView('week')
    await flushPromises()
    expect(cards()).toHaveLength(1)
    await planner.setView('list')
    await flushPromises()
    const rows = document.querySelectorAll('[data-testid=planner-list-row]')
    expect(rows).toHaveLength(2)
    expect(
      document.querySelector('[data-testid=planner-list] [data-testid=campaign-summary]')?.textContent,
    ).toBe('1 failed · 1 published · 1 scheduled')
  })

  it('says the summed status in Indonesian', async () => {
    await mountPlanner('id')
    expect(cards()[0]!.querySelector('[data-testid=campaign-summary]')?.textContent).toBe(
      '1 gagal · 1 terbit · 1 terjadwal',
    )
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
