import { describe, expect, it, vi } from 'vitest'
import { denyAllPermissions } from '../../../main/app/navigation-guards'
import { isAppUrl, resolveAppPath } from '../../../main/app/app-protocol'
import { isAllowedExternalUrl } from '../../../main/core/external-links'
import { contentSecurityPolicy } from '../../../main/host/csp'

describe('permissions', () => {
  it('denies every permission request and check', () => {
    let request: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | null = null
    let check: ((c: unknown, p: string) => boolean) | null = null
    denyAllPermissions({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
    })
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn()
      request!(undefined, permission, callback)
      expect(callback).toHaveBeenCalledWith(false)
      expect(check!(undefined, permission)).toBe(false)
    }
  })
})

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

describe('external links', () => {
  it('allows https on the allow-listed hosts only', () => {
    expect(isAllowedExternalUrl('https://repliz.com/')).toBe(true)
    expect(isAllowedExternalUrl('https://app.repliz.com/x')).toBe(true)
    expect(isAllowedExternalUrl('http://repliz.com/')).toBe(false)
    expect(isAllowedExternalUrl('https://repliz.com.evil.example/')).toBe(false)
    expect(isAllowedExternalUrl('https://user:pw@repliz.com/')).toBe(false)
    expect(isAllowedExternalUrl('https://repliz.com:8443/')).toBe(false)
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false)
  })
})

describe('content security policy', () => {
  it('allows scripts from the app only, no eval, no objects, no framing', () => {
    const csp = contentSecurityPolicy()
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("base-uri 'none'")
  })
})
