import { describe, expect, it } from 'vitest'
import { configureElectronLog, createRedactor } from '../../../main/host/logging'

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

describe.skipIf(process.platform === 'win32')(
  'the log file (Linux, macOS: Windows has no such modes)',
  () => {
    it('is written readable by the user alone, and an older, wider one is tightened', async () => {
      const { mkdtempSync, readFileSync, statSync, writeFileSync } = await import('node:fs')
      const { tmpdir } = await import('node:os')
      const { join } = await import('node:path')
      const { default: electronLog } = await import('electron-log/node')
      const dir = mkdtempSync(join(tmpdir(), 'log-mode-'))
      const fresh = join(dir, 'logs', 'main.log')
      const log = configureElectronLog(electronLog.create({ logId: 'mode-fresh' }), {
        file: fresh,
        redactor: createRedactor(),
      })
      log.info('a first line')
      expect(readFileSync(fresh, 'utf8')).toContain('a first line')
      expect(statSync(fresh).mode & 0o777).toBe(0o600)
      expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700)
      const old = join(dir, 'old.log')
      writeFileSync(old, 'before\n', { mode: 0o644 })
      configureElectronLog(electronLog.create({ logId: 'mode-old' }), {
        file: old,
        redactor: createRedactor(),
      })
      expect(statSync(old).mode & 0o777).toBe(0o600)
    })
  },
)
