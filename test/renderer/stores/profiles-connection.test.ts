import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { useProfilesStore } from '../../../renderer/stores/profiles'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'

describe('profiles store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    setActivePinia(createPinia())
  })

  it('lists profiles and knows the active one', async () => {
    const store = useProfilesStore()
    await store.load()
    expect(store.profiles).toHaveLength(2)
    expect(store.active?.kind).toBe('sandbox')
  })

  it('saves a profile and reloads the list', async () => {
    const store = useProfilesStore()
    await store.load()
    const saved = await store.save({
      name: 'Shop',
      baseUrl: 'https://api.repliz.com',
      accessKey: 'a',
      secretKey: 's',
    })
    expect(saved.name).toBe('Shop')
    expect(store.profiles.map((profile) => profile.name)).toContain('Shop')
  })

  it('activates and deletes profiles with the state main answers', async () => {
    const store = useProfilesStore()
    await store.load()
    await store.activate('prof-work')
    expect(store.activeId).toBe('prof-work')
    await store.remove('sandbox')
    expect(store.profiles.map((profile) => profile.id)).toEqual(['prof-work'])
  })

  it('tests saved or unsaved keys', async () => {
    const store = useProfilesStore()
    const result = await store.test({ id: 'sandbox' })
    expect(result.ok).toBe(true)
    expect(fake.requests('profiles:test')).toEqual([{ id: 'sandbox' }])
  })

  it('follows profiles:changed', () => {
    const store = useProfilesStore()
    store.subscribe()
    fake.emit('profiles:changed', {
      profiles: [],
      activeId: 'x',
      encryptionAvailable: false,
      secretKeeping: 'session',
    })
    expect(store.activeId).toBe('x')
    expect(store.encryptionAvailable).toBe(false)
  })
})

describe('connection store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    setActivePinia(createPinia())
  })

  it('starts as checking, then loads the status', async () => {
    const store = useConnectionStore()
    expect(store.status).toBe('checking')
    await store.load()
    expect(store.online).toBe(true)
  })

  it('checks on demand and shows it is checking meanwhile', async () => {
    const store = useConnectionStore()
    const release = fake.hold('connection:check')
    const pending = store.check()
    expect(store.checking).toBe(true)
    release()
    await pending
    expect(store.checking).toBe(false)
    expect(store.state?.lastCheckedAt).not.toBeNull()
  })

  it('follows connection:changed', () => {
    const store = useConnectionStore()
    store.subscribe()
    fake.emit('connection:changed', { ...fake.data.connection, status: 'offline' })
    expect(store.offline).toBe(true)
  })
})
