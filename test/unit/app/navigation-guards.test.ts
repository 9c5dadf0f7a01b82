import { describe, expect, it, vi } from 'vitest'
import { denyAllPermissions } from '../../../main/app/navigation-guards'

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
