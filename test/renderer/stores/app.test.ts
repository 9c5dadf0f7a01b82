import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useAppStore } from '../../../renderer/stores/app'
import { stubMatchMedia } from '../support/browser-stubs'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'

describe('app store', () => {
  let fake: FakeMediadeck

  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck())
    setActivePinia(createPinia())
  })

  it('loads app info and settings', async () => {
    const store = useAppStore()
    await store.load()
    expect(store.info?.dataDir).toBe('/home/user/.config/Mediadeck')
    expect(store.settings.uploadConcurrency).toBe(3)
    expect(store.loaded).toBe(true)
  })

  it('resolves the language setting: system follows navigator.language', async () => {
    const store = useAppStore()
    store.systemLanguage = 'id-ID'
    expect(store.locale).toBe('id')
    store.systemLanguage = 'en-GB'
    expect(store.locale).toBe('en')
    await store.updateSettings({ language: 'id' })
    expect(store.locale).toBe('id')
  })

  it('resolves the theme setting: system follows prefers-color-scheme, and changes with it', () => {
    const media = stubMatchMedia(true)
    const store = useAppStore()
    store.subscribe()
    expect(store.theme).toBe('dark')
    media.set(false)
    expect(store.theme).toBe('light')
  })

  it('applies a settings update optimistically and rolls back when main refuses it', async () => {
    const store = useAppStore()
    await store.load()
    fake.fail('settings:update', { kind: 'validation', message: 'bad' })
    const pending = store.updateSettings({ theme: 'dark' })
    expect(store.settings.theme).toBe('dark')
    await expect(pending).rejects.toMatchObject({ kind: 'validation' })
    expect(store.settings.theme).toBe('system')
  })

  it('follows settings:changed events from main', () => {
    stubMatchMedia()
    const store = useAppStore()
    const stop = store.subscribe()
    fake.emit('settings:changed', {
      uploadConcurrency: 5,
      uploadRateLimit: null,
      language: 'en',
      theme: 'light',
    })
    expect(store.settings.uploadConcurrency).toBe(5)
    stop()
    expect(fake.listenerCount('settings:changed')).toBe(0)
  })

  it('opens external links through main', async () => {
    const store = useAppStore()
    await store.openExternal('https://example.com/a')
    expect(fake.requests('app:open-external')).toEqual([{ url: 'https://example.com/a' }])
  })
})
