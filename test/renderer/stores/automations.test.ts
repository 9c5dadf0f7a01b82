import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import {
  DEFAULT_AUTOMATIONS_QUERY,
  queryKey,
  useAutomationsStore,
} from '../../../renderer/stores/automations'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'

describe('automations store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    setActivePinia(createPinia())
  })

  it('loads a page and sends only the filters that are set', async () => {
    const store = useAutomationsStore()
    await store.load({ ...DEFAULT_AUTOMATIONS_QUERY, page: 2, limit: 10 })
    expect(fake.requests('automations:list')).toEqual([{ page: 2, limit: 10 }])
    expect(store.docs).toHaveLength(10)
    expect(store.page?.pagingCounter).toBe(11)
    expect(store.stale).toBe(false)
  })

  it('passes accounts and a trimmed search', async () => {
    const store = useAutomationsStore()
    await store.load({ page: 1, limit: 20, accountIds: ['acc-ig'], search: '  Promo ' })
    expect(fake.requests('automations:list')).toEqual([
      { page: 1, limit: 20, accountIds: ['acc-ig'], search: 'Promo' },
    ])
    expect(store.docs.every((automation) => automation.accountId === 'acc-ig')).toBe(true)
  })

  it('remembers the accounts met in automation documents', async () => {
    const store = useAutomationsStore()
    await store.load(DEFAULT_AUTOMATIONS_QUERY)
    expect([...store.seenAccounts.keys()].sort()).toEqual(['acc-fb', 'acc-ig', 'acc-tt'])
  })

  it('explains a plan refusal as such', async () => {
    fake.fail('automations:list', { kind: 'plan', message: 'invalid plan', status: 402 })
    const store = useAutomationsStore()
    await store.load(DEFAULT_AUTOMATIONS_QUERY)
    expect(store.planRefused).toBe(true)
    expect(store.result).toBeNull()
  })

  it('keeps a page seen before readable, marked stale, when a later request fails', async () => {
    const store = useAutomationsStore()
    await store.load(DEFAULT_AUTOMATIONS_QUERY)
    fake.fail('automations:list', { kind: 'offline', message: 'offline' })
    await store.load(DEFAULT_AUTOMATIONS_QUERY)
    expect(store.docs).toHaveLength(20)
    expect(store.stale).toBe(true)
    // Out of reach is what the offline notice says; no error alert over the page.
    expect(store.error).toBeNull()
  })

  it("shows main's own stale copy as stale", async () => {
    const store = useAutomationsStore()
    const original = fake.api.automations.list
    fake.api.automations.list = async (request) => ({ ...(await original(request)), stale: true })
    await store.load(DEFAULT_AUTOMATIONS_QUERY)
    expect(store.stale).toBe(true)
    expect(store.error).toBeNull()
  })

  it('lets only the newest request land', async () => {
    const store = useAutomationsStore()
    const release = fake.hold('automations:list')
    const slow = store.load({ ...DEFAULT_AUTOMATIONS_QUERY, page: 1 })
    await store.load({ ...DEFAULT_AUTOMATIONS_QUERY, page: 2 })
    release()
    await slow
    expect(store.page?.page).toBe(2)
  })

  it('finds an automation on the current page by id', async () => {
    const store = useAutomationsStore()
    await store.load(DEFAULT_AUTOMATIONS_QUERY)
    expect(store.find('auto-003')?.detail.title).toBe('Promo post 3')
    expect(store.find('nope')).toBeUndefined()
  })

  it('builds the same cache key whatever the account order', () => {
    expect(queryKey({ page: 1, limit: 10, accountIds: ['b', 'a'], search: 'x ' })).toBe(
      queryKey({ page: 1, limit: 10, accountIds: ['a', 'b'], search: 'x' }),
    )
  })
})
