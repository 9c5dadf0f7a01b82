// A damaged settings file (torn, or JSON of another shape) is set aside, reported, and replaced with the
// defaults: never silently emptied, as conf's clearInvalidConfig did. Real files, the real conf backend.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openAppStore } from '../../../../main/core/settings/app-store'
import { APP_STORE_NAME, createConfBackend } from '../../../../main/core/settings/conf-backend'
import { setAsideIfUnreadable } from '../../../../main/core/settings/damaged-file'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-damaged-'))
  file = join(dir, `${APP_STORE_NAME}.json`)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const keptCopies = () => readdirSync(dir).filter((name) => name.includes('.damaged-'))

describe('a damaged settings file', () => {
  it('keeps the newest 3 copies set aside', () => {
    for (const day of [1, 2, 3, 4]) {
      writeFileSync(file, `torn ${day}`)
      setAsideIfUnreadable(file, new Date(Date.UTC(2026, 0, day)))
    }
    expect(
      keptCopies()
        .map((name) => readFileSync(join(dir, name), 'utf8'))
        .sort(),
    ).toEqual(['torn 2', 'torn 3', 'torn 4'])
  })

  it.each([
    ['torn mid-write', '{"schemaVersion":1,"profiles":[{"id":"p1","name":"Toko'],
    ['JSON of another shape', '["not", "settings"]'],
  ])('%s: is set aside with its bytes, said, and the app starts from the defaults', (_, text) => {
    writeFileSync(file, text)
    const store = openAppStore(createConfBackend(dir))
    expect(store.notice?.message).toMatch(/The settings file could not be read/)
    expect(keptCopies()).toHaveLength(1)
    expect(readFileSync(join(dir, keptCopies()[0]!), 'utf8')).toBe(text)
    expect(store.notice?.keptAt).toBe(join(dir, keptCopies()[0]!))
    expect(store.get('profiles')).toEqual([])
    // The new file holds the defaults, and a reopen finds nothing to report.
    expect(JSON.parse(readFileSync(file, 'utf8')).schemaVersion).toBe(1)
    expect(openAppStore(createConfBackend(dir)).notice).toBeNull()
  })

  it('a readable file opens quietly, and none at all too', () => {
    expect(openAppStore(createConfBackend(dir)).notice).toBeNull()
    expect(existsSync(file)).toBe(true)
    const store = openAppStore(createConfBackend(dir))
    store.set('sandboxPort', 4321)
    expect(openAppStore(createConfBackend(dir)).get('sandboxPort')).toBe(4321)
    expect(keptCopies()).toEqual([])
  })
})
