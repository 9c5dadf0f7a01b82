// The page's campaigns: read whole once, then main's `campaigns:changed` applied to what it holds; a missed
// change number, or main saying so, reads the list whole again (renderer/lib/list-mirror.ts, as the drafts
// and snippets do). An edit's answer is held at once, without reading the list.
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Campaign } from '../../../common/campaigns'
import { useCampaignsStore } from '../../../renderer/stores/campaigns'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'
import { NOW } from '../support/fixtures'

const campaign = (id: string, at = '2026-11-26T02:00:00.000Z'): Campaign => ({
  id,
  profileId: 'prof-default',
  at,
  members: [
    { accountId: 'acc-ig', offsetMinutes: 0, draftId: `${id}-ig` },
    { accountId: 'acc-tt', offsetMinutes: 30, draftId: `${id}-tt` },
  ],
  createdAt: NOW,
  updatedAt: NOW,
})

describe('campaigns store', () => {
  let fake: FakeMediadeck
  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck({ campaigns: [campaign('a'), campaign('b')] }))
    setActivePinia(createPinia())
  })
  const stops: Array<() => void> = []
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  async function opened() {
    const store = useCampaignsStore()
    stops.push(store.subscribe())
    await store.load()
    return store
  }
  const reads = () => fake.requests('campaigns:snapshot').length + fake.requests('campaigns:list').length

  it('applies each change from main to the list it holds, without reading the list again', async () => {
    const store = await opened()
    const moved = campaign('b', '2026-11-27T02:00:00.000Z')
    fake.campaignsChanged([moved, campaign('c')], ['a'])
    expect(store.campaigns.map((c) => [c.id, c.at])).toEqual([
      ['b', '2026-11-27T02:00:00.000Z'],
      ['c', '2026-11-26T02:00:00.000Z'],
    ])
    expect(store.byId.get('b')).toEqual(moved)
    expect(reads()).toBe(1)
  })

  it('reads the list whole again when a change number was missed, or main says to', async () => {
    const store = await opened()
    fake.data.campaigns = [campaign('z')]
    fake.emit('campaigns:changed', { seq: 5, changed: [campaign('late')], removed: [] })
    await flushPromises()
    expect(reads()).toBe(2)
    expect(store.campaigns.map((c) => c.id)).toEqual(['z'])
    fake.emit('campaigns:changed', { seq: 6, changed: [], removed: [], reload: true })
    await flushPromises()
    expect(reads()).toBe(3)
  })

  it('holds no list after a profile switch: changes wait for the next load', async () => {
    const store = await opened()
    store.reset()
    fake.campaignsChanged([campaign('c')])
    await flushPromises()
    expect(store.campaigns).toEqual([])
    expect(reads()).toBe(1)
  })

  it("holds an edit's answer at once, and a campaign left with one post goes", async () => {
    const store = await opened()
    const stop = stops.pop()!
    stop()
    const result = await store.update({
      id: 'a',
      at: '2026-11-28T02:00:00.000Z',
      shared: {},
      variants: [],
    } as never)
    expect(result.campaign?.at).toBe('2026-11-28T02:00:00.000Z')
    expect(store.byId.get('a')?.at).toBe('2026-11-28T02:00:00.000Z')
    fake.data.campaigns = fake.data.campaigns!.map((c) => (c.id === 'b' ? { ...c, members: [] } : c))
    fake.api.campaigns.removeAccount = async () => null
    await store.removeAccount('b', 'acc-tt')
    expect(store.campaigns.map((c) => c.id)).toEqual(['a'])
    expect(reads()).toBe(1)
  })
})
