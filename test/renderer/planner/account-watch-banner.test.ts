// The planner's banner of the account watch: each disconnected account with its posts due soon, the
// reconnect action on repliz.com, the post opened from its name, gone when main says the account is back.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountWatchState } from '../../../common/account-watch'
import AccountWatchBanner from '../../../renderer/components/planner/AccountWatchBanner.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)

const post = makeSchedule(2, { accountId: 'acc-ig', title: 'Promo akhir pekan' })
const watch: AccountWatchState = {
  checkedAt: NOW,
  alerts: [
    {
      accountId: 'acc-ig',
      accountName: 'Senja Roastery',
      accountType: 'instagram',
      posts: [
        { id: post._id, title: 'Promo akhir pekan', description: '', scheduleAt: post.scheduleAt },
        { id: 'x', title: '', description: 'Menu minggu ini sudah siap', scheduleAt: post.scheduleAt },
      ],
    },
  ],
}

afterEach(() => document.body.replaceChildren())

describe('AccountWatchBanner', () => {
  it('names the account and its posts, and reconnects on repliz.com', async () => {
    const context = setupTest({ data: { watch, schedules: [post] } })
    const wrapper = await mountWith(AccountWatchBanner, context, {
      route: '/planner',
      props: { timeZone: 'UTC' },
    })
    const alert = $('[data-testid=account-watch-alert]')!
    expect(alert.textContent).toContain('Senja Roastery (Instagram) is disconnected')
    expect(alert.textContent).toContain('These 2 posts due in the next 24 hours will fail')
    expect(alert.textContent).toContain('Promo akhir pekan')
    expect(alert.textContent).toContain('Menu minggu ini sudah siap')
    $('[data-testid=account-watch-reconnect]')!.click()
    await flushPromises()
    expect(context.fake.requests('app:open-external')).toEqual([{ url: 'https://repliz.com' }])

    $('.watch-banner__post')!.click()
    await flushPromises()
    expect(wrapper.emitted('open')?.[0]?.[0]).toMatchObject({ _id: post._id })
  })

  it('follows main: gone once the account is back', async () => {
    const context = setupTest({ data: { watch } })
    await mountWith(AccountWatchBanner, context, { route: '/planner', props: { timeZone: 'UTC' } })
    expect($('[data-testid=account-watch-banner]')).not.toBeNull()
    context.fake.emit('watch:changed', { alerts: [], checkedAt: NOW })
    await flushPromises()
    expect($('[data-testid=account-watch-banner]')).toBeNull()
  })

  it('speaks Bahasa Indonesia', async () => {
    const context = setupTest({ data: { watch }, locale: 'id' })
    await mountWith(AccountWatchBanner, context, { route: '/planner', props: { timeZone: 'UTC' } })
    expect($('[data-testid=account-watch-alert]')!.textContent).toContain(
      'Senja Roastery (Instagram) terputus',
    )
    expect($('[data-testid=account-watch-reconnect]')!.textContent).toContain('Hubungkan lagi di repliz.com')
  })
})
