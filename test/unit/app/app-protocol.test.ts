import { describe, expect, it } from 'vitest'
import { isAppUrl, resolveAppPath } from '../../../main/app/app-protocol'

describe('app:// protocol', () => {
  it('recognises only the app origin', () => {
    expect(isAppUrl('app://mediadeck/index.html')).toBe(true)
    expect(isAppUrl('app://mediadeck.evil/index.html')).toBe(false)
    expect(isAppUrl('file:///app/index.html')).toBe(false)
    expect(isAppUrl('not a url')).toBe(false)
  })

  it('serves files under the renderer folder only', () => {
    expect(resolveAppPath('/r', 'app://mediadeck/')).toBe('/r/index.html')
    expect(resolveAppPath('/r', 'app://mediadeck/assets/a.js')).toBe('/r/assets/a.js')
    expect(resolveAppPath('/r', 'app://mediadeck/..%2f..%2fetc/passwd')).toBeNull()
    // The URL parser resolves dot segments first: this one stays inside the folder.
    expect(resolveAppPath('/r', 'app://mediadeck/%2e%2e/secret')).toBe('/r/secret')
    expect(resolveAppPath('/r', 'app://mediadeck/a%00b')).toBeNull()
    expect(resolveAppPath('/r', 'https://mediadeck/index.html')).toBeNull()
  })
})
