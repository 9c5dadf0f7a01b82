import { describe, expect, it } from 'vitest'
import { isAllowedExternalUrl } from '../../../main/core/external-links'

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

  it("allows a published post's address on the networks, and not a look-alike of one", () => {
    expect(isAllowedExternalUrl('https://www.instagram.com/p/abc')).toBe(true)
    expect(isAllowedExternalUrl('https://x.com/i/status/1')).toBe(true)
    expect(isAllowedExternalUrl('https://www.tiktok.com/@user/video/1')).toBe(true)
    expect(isAllowedExternalUrl('https://instagram.com.evil.example/p/abc')).toBe(false)
    expect(isAllowedExternalUrl('https://evilinstagram.com/p/abc')).toBe(false)
    expect(isAllowedExternalUrl('http://www.instagram.com/p/abc')).toBe(false)
  })
})
