import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, LOOPBACK_MEDIA_ORIGINS, STORAGE_ORIGINS } from '../../../main/host/csp'

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

describe('pictures and media', () => {
  const directive = (csp: string, name: string): string[] =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)!
      .slice(1)

  it('come from the app and the storage origins only, never from any https host', () => {
    const csp = contentSecurityPolicy()
    for (const name of ['img-src', 'media-src']) {
      expect(directive(csp, name)).toEqual(["'self'", 'data:', 'blob:', ...STORAGE_ORIGINS])
      expect(directive(csp, name)).not.toContain('https:')
    }
  })

  it('add the sandbox storage origins when the host names them', () => {
    const csp = contentSecurityPolicy({ mediaOrigins: LOOPBACK_MEDIA_ORIGINS })
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      ...STORAGE_ORIGINS,
      ...LOOPBACK_MEDIA_ORIGINS,
    ])
  })
})
