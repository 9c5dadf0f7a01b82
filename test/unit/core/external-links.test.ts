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

  it("refuses the networks' link redirectors, which would lead on to any address", () => {
    const away = encodeURIComponent('https://evil.example/')
    expect(isAllowedExternalUrl(`https://l.facebook.com/l.php?u=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://lm.facebook.com/l.php?u=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://www.facebook.com/l.php?u=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://www.facebook.com/flx/warn/?u=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://l.instagram.com/?u=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://l.threads.net/?u=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://www.youtube.com/redirect?q=${away}`)).toBe(false)
    expect(isAllowedExternalUrl(`https://www.linkedin.com/redir/redirect?url=${away}`)).toBe(false)
    // The posts themselves still open.
    expect(isAllowedExternalUrl('https://www.facebook.com/kopisenja/posts/123')).toBe(true)
    expect(isAllowedExternalUrl('https://www.youtube.com/watch?v=abc')).toBe(true)
    expect(isAllowedExternalUrl('https://www.linkedin.com/feed/update/urn:li:activity:1')).toBe(true)
  })
})
