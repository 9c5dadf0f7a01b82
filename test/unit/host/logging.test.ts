import { describe, expect, it } from 'vitest'
import { createRedactor } from '../../../main/host/logging'

describe('log redaction', () => {
  it('masks known secrets, auth headers, secret members and presigned signatures', () => {
    const r = createRedactor()
    r.add('sk-live-123456')
    const line = r.redact(
      'profile sk-live-123456 Authorization: Basic ZGVtbzpkZW1v {"secretKey":"abc"} https://s/x?X-Amz-Signature=deadbeef&x=1',
    )
    expect(line).not.toContain('sk-live-123456')
    expect(line).not.toContain('ZGVtbzpkZW1v')
    expect(line).not.toContain('"abc"')
    expect(line).not.toContain('deadbeef')
    expect(r.redact({ name: 'p', secretKey: 'x', nested: { token: 'y', note: 'sk-live-123456' } })).toEqual({
      name: 'p',
      secretKey: '[redacted]',
      nested: { token: '[redacted]', note: '[redacted]' },
    })
  })
  it('does not let a secret through because it is nested deep', () => {
    const r = createRedactor()
    r.add('sk-live-123456')
    const deep = { a: { b: { c: { d: { e: { f: { note: 'sk-live-123456', secretKey: 'abc' } } } } } } }
    const text = JSON.stringify(r.redact(deep))
    expect(text).not.toContain('sk-live-123456')
    expect(text).not.toContain('abc')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => r.redact({ a: { b: { c: { d: { e: cyclic } } } } })).not.toThrow()
  })
})
