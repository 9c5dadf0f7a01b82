// The first screen's copies are asked for before the app is mounted (renderer/main.ts): for the planner, the
// accounts, the period and the failed posts. The stores then take those answers instead of asking again, and
// what start-up did not use is dropped, so a later look asks main for its newest copy.
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetPrimed } from '../../../renderer/stores/replica'
import { useAccountsStore } from '../../../renderer/stores/accounts'
import { primeFirstScreen } from '../../../renderer/stores/first-screen'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'
import { NOW, makeSchedule } from '../support/fixtures'

const SEEN = '2026-11-20T02:14:00.000Z'
let fake: FakeMediadeck

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(NOW))
  fake = installFakeMediadeck(
    createFakeMediadeck({
      replica: {
        schedules: {
          value: [makeSchedule(1, { title: 'Seen before' })],
          stale: false,
          fetchedAt: SEEN,
          freshness: { state: 'checking', confirmedAt: SEEN },
        },
      },
    }),
  )
  setActivePinia(createPinia())
})
afterEach(() => {
  forgetPrimed()
  vi.useRealTimers()
})

describe('primeFirstScreen', () => {
  it('asks for the planner’s copies at once, and the stores take them without asking again', async () => {
    primeFirstScreen('#/planner')
    const asked = fake.requests('replica:peek')
    expect(asked).toHaveLength(3)
    const planner = usePlannerStore()
    const release = fake.hold('schedules:list')
    const loading = planner.load()
    void planner.loadFailed()
    void useAccountsStore().load()
    await flushPromises()
    expect(fake.requests('replica:peek')).toEqual(asked)
    expect(planner.posts.map((post) => post.title)).toEqual(['Seen before'])
    release()
    await loading
  })

  it('asks only for the accounts on another view', () => {
    primeFirstScreen('#/library')
    expect(fake.requests('replica:peek')).toEqual([{ what: 'accounts' }])
  })

  it('drops what start-up did not take: a later look asks main again', async () => {
    primeFirstScreen('#/planner')
    forgetPrimed()
    await usePlannerStore().load()
    expect(fake.requests('replica:peek')).toHaveLength(4)
  })
})
