// What the list's switch keeps to turn an automation back on: per profile and automation, only rule names this
// app knows, and a storage that refuses or holds garbage costs the keeping, never an error.
import { describe, expect, it } from 'vitest'
import { pausedRules } from '../../../renderer/lib/paused-rules'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('pausedRules', () => {
  it('keeps rules per profile and automation, and forgets them on an empty list', () => {
    const storage = memoryStorage()
    const kept = pausedRules(storage)
    kept.set('p1', 'a:1', ['reply', 'like'])
    expect(kept.get('p1', 'a:1')).toEqual(['reply', 'like'])
    expect(kept.get('p2', 'a:1')).toEqual([])
    expect(kept.get('p1', 'a')).toEqual([])
    kept.set('p1', 'a:1', [])
    expect(storage.map.size).toBe(0)
  })

  it('reads only known rule names once each from what was written by hand or by another version', () => {
    const storage = memoryStorage()
    const kept = pausedRules(storage)
    kept.set('p', 'a', ['reply'])
    const [key] = [...storage.map.keys()]
    storage.map.set(key!, JSON.stringify(['reply', 'reply', 'chat', '__proto__', 7, 'story']))
    expect(kept.get('p', 'a')).toEqual(['reply', 'story'])
    storage.map.set(key!, '{not json')
    expect(kept.get('p', 'a')).toEqual([])
    storage.map.set(key!, '{"reply":true}')
    expect(kept.get('p', 'a')).toEqual([])
  })

  it('a storage that throws, or none, keeps nothing and throws nothing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(() => pausedRules(refusing).set('p', 'a', ['like'])).not.toThrow()
    expect(pausedRules(refusing).get('p', 'a')).toEqual([])
    pausedRules(null).set('p', 'a', ['like'])
    expect(pausedRules(null).get('p', 'a')).toEqual([])
  })
})
