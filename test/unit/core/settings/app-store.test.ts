import { describe, expect, it } from 'vitest'
import {
  APP_STATE_VERSION,
  migrateAppState,
  openAppStore,
  type KeyValueBackend,
} from '../../../../main/core/settings/app-store'

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
    set store(value) {
      for (const key of Object.keys(data)) delete data[key]
      Object.assign(data, value)
    },
    set: (key, value) => (data[key] = value),
  }
}

describe('app store', () => {
  it('updates from the file as another process left it, under the lock, and writes nothing when the change throws', () => {
    const backend = memoryBackend({})
    const locked: string[] = []
    const mine = openAppStore(backend, {
      lock: (fn) => {
        locked.push('in')
        try {
          return fn()
        } finally {
          locked.push('out')
        }
      },
    })
    const theirs = openAppStore(backend)
    theirs.set('profiles', [{ id: 'p1', name: 'Theirs', baseUrl: 'http://x', accessKey: 'k' }])
    const next = mine.update('profiles', (profiles) => [
      ...profiles,
      { id: 'p2', name: 'Mine', baseUrl: 'http://y', accessKey: 'k' },
    ])
    expect(next.map((profile) => profile.name)).toEqual(['Theirs', 'Mine'])
    expect((backend.data.profiles as Array<{ name: string }>).map((profile) => profile.name)).toEqual([
      'Theirs',
      'Mine',
    ])
    expect(locked).toEqual(['in', 'out'])
    expect(() =>
      mine.update('profiles', () => {
        throw new Error('refused')
      }),
    ).toThrow('refused')
    expect(backend.data.profiles).toHaveLength(2)
  })

  it('fills the defaults into an unversioned file and writes the version back', () => {
    const backend = memoryBackend({ settings: { theme: 'dark' } })
    const store = openAppStore(backend)
    // Running in the background is on by default; opening at login is the person's choice.
    expect(store.get('settings')).toEqual({
      uploadConcurrency: 3,
      uploadRateLimit: null,
      language: 'system',
      theme: 'dark',
      runInBackground: true,
      openAtLogin: false,
      uploadHistoryDays: 30,
      quietHours: { enabled: false, from: '22:00', to: '07:00' },
      plannerView: 'month',
    })
    expect(store.get('backgroundExplained')).toBe(false)
    expect(store.get('activeProfileId')).toBe('sandbox')
    expect(backend.data.schemaVersion).toBe(APP_STATE_VERSION)
  })

  it('writes a file that is already current not again when it opens', () => {
    const backend = memoryBackend({ settings: { theme: 'dark' } })
    openAppStore(backend)
    let writes = 0
    const counting: KeyValueBackend = {
      path: backend.path,
      get store() {
        return backend.store
      },
      set store(value) {
        writes += 1
        backend.store = value
      },
      set: backend.set,
    }
    expect(openAppStore(counting).get('settings').theme).toBe('dark')
    expect(writes).toBe(0)
  })

  it('replaces a damaged value by its default without losing the rest', () => {
    const state = migrateAppState({
      schemaVersion: 1,
      settings: {
        uploadConcurrency: 99,
        uploadRateLimit: 'fast',
        language: 'en',
        theme: 'neon',
        openAtLogin: 'yes',
        uploadHistoryDays: 0,
        quietHours: { enabled: true, from: '25:00', to: '07:00' },
        plannerView: 'year',
      },
      profiles: 'garbage',
      activeProfileId: 'p1',
      sandboxPort: 70_000,
    })
    expect(state.settings).toEqual({
      uploadConcurrency: 3,
      uploadRateLimit: null,
      language: 'en',
      theme: 'system',
      runInBackground: true,
      openAtLogin: false,
      uploadHistoryDays: 30,
      quietHours: { enabled: false, from: '22:00', to: '07:00' },
      plannerView: 'month',
    })
    const capped = migrateAppState({ settings: { uploadRateLimit: 2 * 1024 * 1024 } })
    expect(capped.settings.uploadRateLimit).toBe(2 * 1024 * 1024)
    expect(state.profiles).toEqual([])
    expect(state.activeProfileId).toBe('p1')
    expect(state.sandboxPort).toBeNull()
  })

  it('keeps the planner view chosen for the next start', () => {
    const backend = memoryBackend({ settings: { theme: 'dark' } })
    const store = openAppStore(backend)
    store.set('settings', { ...store.get('settings'), plannerView: 'list' })
    expect(openAppStore(backend).get('settings').plannerView).toBe('list')
  })

  it('hands out copies, so a caller cannot change the store by accident', () => {
    const store = openAppStore(memoryBackend({}))
    store.get('settings').theme = 'dark'
    expect(store.get('settings').theme).toBe('system')
  })
})
