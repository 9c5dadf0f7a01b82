import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../../main/host/csp'

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
