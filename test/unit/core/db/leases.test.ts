import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { LEASE_TTL_MS, createLeases } from '../../../../main/core/db/leases'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})
/** Two connections to one file, as two processes have. */
function twoProcesses() {
  const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-lease-')), 'a.db')
  const a = openDatabase({ file })
  const b = openDatabase({ file })
  opened.push(a, b)
  let clock = 1_000_000
  const now = () => clock
  return {
    a: createLeases(a, { owner: 'app', now }),
    b: createLeases(b, { owner: 'cli', now }),
    advance: (ms: number) => (clock += ms),
  }
}

describe('leases', () => {
  it('one holder at a time; the other takes over only after expiry', () => {
    const { a, b, advance } = twoProcesses()
    expect(a.acquire('upload:1')).toBe(true)
    expect(b.acquire('upload:1')).toBe(false)
    expect(b.holder('upload:1')).toBe('app')
    expect(b.holds('upload:1')).toBe(false)
    advance(LEASE_TTL_MS - 1)
    expect(b.acquire('upload:1')).toBe(false)
    advance(1)
    expect(b.acquire('upload:1')).toBe(true)
    expect(a.holds('upload:1')).toBe(false)
  })

  it('renewing keeps it; a process that slept past expiry learns it lost the lease', () => {
    const { a, b, advance } = twoProcesses()
    a.acquire('upload:1')
    a.acquire('upload:2')
    advance(LEASE_TTL_MS - 10)
    expect(a.renew()).toEqual([])
    advance(LEASE_TTL_MS - 10)
    expect(b.acquire('upload:1')).toBe(false)
    // The laptop sleeps: no renewal for longer than the lease; the CLI takes item 1 over.
    advance(LEASE_TTL_MS + 1)
    expect(b.acquire('upload:1')).toBe(true)
    // Item 2 was not taken, but its lease expired all the same: the sleeper must not go on writing it.
    expect(a.renew().sort()).toEqual(['upload:1', 'upload:2'])
    expect(a.holds('upload:2')).toBe(false)
  })

  it('release frees it for others at once; startRenewing renews on its timer and reports losses', () => {
    const { a, b, advance } = twoProcesses()
    a.acquire('draft:9')
    a.release('draft:9')
    expect(b.acquire('draft:9')).toBe(true)
    a.acquire('upload:3')
    let tick: (() => void) | undefined
    const lost: string[][] = []
    const stop = a.startRenewing((resources) => lost.push(resources), {
      timers: { setInterval: (callback) => (tick = callback), clearInterval: () => (tick = undefined) },
    })
    advance(LEASE_TTL_MS - 1)
    tick!()
    advance(LEASE_TTL_MS - 1)
    expect(b.acquire('upload:3')).toBe(false)
    advance(2 * LEASE_TTL_MS)
    b.acquire('upload:3')
    tick!()
    expect(lost).toEqual([['upload:3']])
    stop()
    expect(tick).toBeUndefined()
  })
})

describe('othersHold', () => {
  it('says whether another owner holds a live lease of the kind, never counting its own', () => {
    const { a, b, advance } = twoProcesses()
    a.acquire('upload:1')
    a.acquire('draft:1')
    expect(a.othersHold('upload:')).toBe(false)
    expect(b.othersHold('upload:')).toBe(true)
    expect(b.othersHold('reply:')).toBe(false)
    advance(LEASE_TTL_MS)
    expect(b.othersHold('upload:')).toBe(false)
  })
})

describe('a lease of a killed process', () => {
  it('is taken over at once, while a live process keeps its own', async () => {
    const { spawn } = await import('node:child_process')
    const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-lease-')), 'a.db')
    const mine = openDatabase({ file })
    opened.push(mine)
    const script = `
      const { openDatabase } = await import(${JSON.stringify(new URL('../../../../main/core/db/database.ts', import.meta.url).pathname)})
      const { createLeases } = await import(${JSON.stringify(new URL('../../../../main/core/db/leases.ts', import.meta.url).pathname)})
      const leases = createLeases(openDatabase({ file: ${JSON.stringify(file)} }))
      process.stdout.write(leases.acquire('outbox:d1') ? 'held\\n' : 'refused\\n')
      setInterval(() => {}, 1000)`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const said = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))))
    expect(said.trim()).toBe('held')
    const leases = createLeases(mine)
    // Alive: its lease stands.
    expect(leases.acquire('outbox:d1')).toBe(false)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    // Killed: no need to wait a minute for the expiry.
    expect(leases.acquire('outbox:d1')).toBe(true)
    expect(leases.holder('outbox:d1')).toBe(leases.owner)
  }, 30_000)
})
