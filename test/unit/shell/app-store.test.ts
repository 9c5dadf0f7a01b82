import { describe, expect, it } from 'vitest'
import {
  APP_STATE_VERSION,
  migrateAppState,
  openAppStore,
  type KeyValueBackend,
} from '../../../main/host/app-store'

function memoryBackend(
  initial: Record<string, unknown>,
): KeyValueBackend & { data: Record<string, unknown> } {
  const data = { ...initial }
  return {
    data,
    path: '/memory',
    get store() {
      return { ...data }
    },
    set: (key, value) => (data[key] = value),
    clear: () => {
      for (const key of Object.keys(data)) delete data[key]
    },
  }
}

describe('app store', () => {
  it('fills the defaults into an unversioned file and writes the version back', () => {
    const backend = memoryBackend({ settings: { theme: 'dark' } })
    const store = openAppStore(backend)
    expect(store.get('settings')).toEqual({
      uploadConcurrency: 3,
      uploadRateLimit: null,
      language: 'system',
      theme: 'dark',
    })
    expect(store.get('activeProfileId')).toBe('sandbox')
    expect(backend.data.schemaVersion).toBe(APP_STATE_VERSION)
  })

  it('replaces a damaged value by its default without losing the rest', () => {
    const state = migrateAppState({
      schemaVersion: 1,
      settings: { uploadConcurrency: 99, uploadRateLimit: 'fast', language: 'en', theme: 'neon' },
      profiles: 'garbage',
      activeProfileId: 'p1',
      sandboxPort: 70_000,
    })
    expect(state.settings).toEqual({
      uploadConcurrency: 3,
      uploadRateLimit: null,
      language: 'en',
      theme: 'system',
    })
    const capped = migrateAppState({ settings: { uploadRateLimit: 2 * 1024 * 1024 } })
    expect(capped.settings.uploadRateLimit).toBe(2 * 1024 * 1024)
    expect(state.profiles).toEqual([])
    expect(state.activeProfileId).toBe('p1')
    expect(state.sandboxPort).toBeNull()
  })

  it('hands out copies, so a caller cannot change the store by accident', () => {
    const store = openAppStore(memoryBackend({}))
    store.get('settings').theme = 'dark'
    expect(store.get('settings').theme).toBe('system')
  })
})
