// The composer offers the chosen accounts' best slots beside the time field: asked of main for those accounts
// in the planner's zone, best first across accounts, written on the person's clock in their language; picking
// one sets the date and time; an account with no history offers nothing and says nothing.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountBestSlots } from '../../../common/insights-calls'
import ComposerDialog, { type ComposerTarget } from '../../../renderer/components/planner/ComposerDialog.vue'
import { bestOfAccounts } from '../../../renderer/components/planner/best-slots'
import { ACCOUNT_FIXTURES, NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)]

/** Wednesday 2 December 2026, 19:00 and 20:00 in Jakarta (UTC+7). */
const WED_19 = Date.parse('2026-12-02T12:00:00Z')
const WED_20 = Date.parse('2026-12-02T13:00:00Z')
const slot = (at: number, hour: number, score: number) => ({ weekday: 3, hour, score, posts: 10, at })
const known: AccountBestSlots[] = [
  { accountId: 'acc-ig', posts: 280, slots: [slot(WED_19, 19, 1.6), slot(WED_20, 20, 1.5)] },
]

const post = makeSchedule(3, { accountId: 'acc-ig', type: 'text', description: 'Kopi' })
const target: ComposerTarget = { kind: 'service', post }

describe('composer best slots', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it("offers the account's best slots on the person's clock, and one picked becomes the date and time", async () => {
    const context = setupTest({ data: { bestSlots: known }, locale: 'id' })
    await mountWith(ComposerDialog, context, {
      route: '/planner',
      props: { open: true, target, accounts: ACCOUNT_FIXTURES, timeZone: 'Asia/Jakarta' },
    })
    await flushPromises()
    expect(context.fake.requests('insights:best-slots').at(-1)).toMatchObject({
      accountIds: ['acc-ig'],
      timeZone: 'Asia/Jakarta',
    })
    const offers = $$('[data-testid=composer-best-slot]')
    expect(offers.map((b) => b.querySelector('strong')!.textContent)).toEqual(['Rab 19.00', 'Rab 20.00'])
    offers[0]!.click()
    await flushPromises()
    expect(($('[data-testid=composer-time]') as HTMLInputElement).value).toBe('19.00')
    expect($('[data-testid=composer-utc]')!.textContent).toContain('12.00')
  })

  it('says nothing for an account with no history', async () => {
    const context = setupTest({ data: {} })
    await mountWith(ComposerDialog, context, {
      route: '/planner',
      props: { open: true, target, accounts: ACCOUNT_FIXTURES, timeZone: 'Asia/Jakarta' },
    })
    await flushPromises()
    expect(context.fake.requests('insights:best-slots')).not.toEqual([])
    expect($('[data-testid=composer-best-slots]')).toBeNull()
  })
})

describe('bestOfAccounts', () => {
  it('takes the best across accounts, one offer per moment', () => {
    const other: AccountBestSlots = {
      accountId: 'acc-fb',
      posts: 50,
      slots: [slot(WED_19, 19, 1.2), slot(WED_19 + 86_400_000, 19, 1.55)],
    }
    expect(bestOfAccounts([...known, other], 3).map((s) => [s.accountId, s.at])).toEqual([
      ['acc-ig', WED_19],
      ['acc-fb', WED_19 + 86_400_000],
      ['acc-ig', WED_20],
    ])
  })
})
