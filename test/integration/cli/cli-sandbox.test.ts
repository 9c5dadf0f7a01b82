// The CLI as people run it (the built `mediadeck` bin, which `npm run cli -- ...` runs too), against the real sandbox.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProfileStore } from '../../../main/core/profiles/profile-store'
import { openAppStore } from '../../../main/core/settings/app-store'
import { createConfBackend } from '../../../main/core/settings/conf-backend'
import { startSandbox } from '../../../sandbox'
import type { RunningSandbox } from '../../../sandbox'
import { CLI_BIN } from '../support/cli-bin'

let sandbox: RunningSandbox
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-cli-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: {
      users: [
        {
          accessKey: 'cli',
          secretKey: 'cli-secret',
          tier: 'premium',
          storageLimit: 10_000_000,
          seed: 'demo',
        },
        {
          accessKey: 'std',
          secretKey: 'std-secret',
          tier: 'standard',
          storageLimit: 10_000_000,
          seed: 'empty',
        },
      ],
    },
  })
})
afterAll(async () => {
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

function cli(args: string[], user = { key: 'cli', secret: 'cli-secret' }, env?: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      env: env ?? {
        ...process.env,
        MEDIADECK_BASE_URL: sandbox.url,
        MEDIADECK_ACCESS_KEY: user.key,
        MEDIADECK_SECRET_KEY: user.secret,
        MEDIADECK_DATA_DIR: join(dir, 'data'),
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('cli against the sandbox', () => {
  it('runs on the profile saved by the app, its secret from MEDIADECK_SECRET_KEY', async () => {
    const dataDir = join(dir, 'app-data')
    const store = openAppStore(createConfBackend(dataDir))
    // The app would seal the secret with safeStorage; whatever is stored, the CLI never reads it.
    const cipher = { available: true, encrypt: () => 'c2VhbGVk', decrypt: () => 'unused' }
    const saved = createProfileStore({ store, cipher }).save({
      name: 'Sandbox on a port',
      baseUrl: sandbox.url,
      accessKey: 'cli',
      secretKey: 'cli-secret',
    })
    store.set('activeProfileId', saved.id)
    const {
      MEDIADECK_BASE_URL: _b,
      MEDIADECK_ACCESS_KEY: _a,
      MEDIADECK_SECRET_KEY: _s,
      ...rest
    } = process.env
    const base = { ...rest, MEDIADECK_DATA_DIR: dataDir }

    const ok = await cli(['stats', '--json'], undefined, { ...base, MEDIADECK_SECRET_KEY: 'cli-secret' })
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout)).toMatchObject({ usage: { total: 10_000_000 } })

    const sealed = await cli(['stats'], undefined, base)
    expect(sealed).toMatchObject({ code: 2, stdout: '' })
    expect(sealed.stderr).toBe(
      'error: the saved profile "Sandbox on a port" has its secret key encrypted by the app with the OS ' +
        'keychain, which the CLI cannot read: set MEDIADECK_SECRET_KEY, or run the command through the ' +
        'installed app (`Mediadeck --cli …`), which can\n',
    )
  })

  it('uploads files with --json, one object per line, options after the files', async () => {
    const a = join(dir, 'a.txt')
    const b = join(dir, 'b.png')
    writeFileSync(a, 'hello sandbox\n')
    writeFileSync(b, Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'))
    const r = await cli(['upload', a, b, '--json', '--concurrency', '2'])
    expect(r.code).toBe(0)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(2)
    for (const [line, path, size, mimetype] of [
      [lines.find((l) => l.path === a), a, 14, 'text/plain'],
      [lines.find((l) => l.path === b), b, 29, 'image/png'],
    ] as const) {
      expect(line).toMatchObject({ path, state: 'success', size, mimetype })
      expect(Object.keys(line).sort()).toEqual([
        'id',
        'key',
        'mimetype',
        'path',
        'reused',
        'size',
        'state',
        'url',
      ])
      expect(line.reused).toBe(false)
      const res = await fetch(line.url)
      expect(res.status).toBe(200)
    }
  })

  it('upload sends identical bytes once and reports the reuse, in JSON and in words', async () => {
    const photo = join(dir, 'photo.jpg')
    const again = join(dir, 'photo-again.jpg')
    const bytes = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) & 0xff))
    writeFileSync(photo, bytes)
    writeFileSync(again, bytes)
    const r = await cli(['upload', photo, again, '--json'])
    expect(r.code).toBe(0)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const first = lines.find((l) => l.path === photo)
    const second = lines.find((l) => l.path === again)
    expect(first).toMatchObject({ state: 'success', reused: false })
    expect(second).toMatchObject({ state: 'success', reused: true, id: first.id, url: first.url })

    // A later run of the same profile finds the stored bytes in its content index.
    const words = await cli(['upload', again])
    expect(words.code).toBe(0)
    expect(words.stdout).toContain(`reused  ${again} -> ${first.url} (already in your library, nothing sent)`)
  })

  it('--limit-rate caps the upload speed as curl spells it, and a bad value is a usage error', async () => {
    const file = join(dir, 'capped.bin')
    // Bytes no other test uploads: identical ones would be reused, not sent at the capped rate.
    writeFileSync(file, Buffer.alloc(512 * 1024, 'capped'))
    const started = performance.now()
    const r = await cli(['upload', '--limit-rate', '128k', file, '--json'])
    const seconds = (performance.now() - started) / 1000
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ state: 'success', size: 512 * 1024 })
    // 512 KiB at 128 KiB/s is 4 s, less the bucket's first few KiB; unlimited it takes a fraction of that.
    expect(seconds).toBeGreaterThan(3.5)

    const bad = await cli(['upload', file, '--limit-rate', '2X'])
    expect(bad).toMatchObject({ code: 2, stdout: '' })
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    expect(bad.stderr).toMatch(/^error: --limit-rate must be a speed .* got "2X"/)
  })

  it('exits 1 naming a missing file and sends nothing', async () => {
    const before = await cli(['stats', '--json'])
    const r = await cli(['upload', join(dir, 'a.txt'), join(dir, 'missing.bin')])
    expect(r.code).toBe(1)
    expect(r.stderr.trim()).toBe(`error: ${join(dir, 'missing.bin')}: no such file`)
    const after = await cli(['stats', '--json'])
    expect(JSON.parse(after.stdout)).toEqual(JSON.parse(before.stdout))
  })

  it('refuses a batch that cannot fit up front, with one clear line, and sends nothing', async () => {
    const std = { key: 'std', secret: 'std-secret' }
    const small = join(dir, 'fits.txt')
    const big = join(dir, 'too-big.bin')
    writeFileSync(small, 'fits\n')
    writeFileSync(big, 'x')
    truncateSync(big, 10_000_001)
    const r = await cli(['upload', small, big, '--json'], std)
    expect(r.code).toBe(1)
    // Rounded, both figures would read 9.5 MB: the message gives them exactly.
    expect(r.stderr).toBe(
      'error: not enough storage: this batch needs 10,000,006 B but only 10,000,000 B of 10,000,000 B is free\n',
    )
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => [l.path, l.state, l.error.kind])).toEqual([
      [small, 'failed', 'storage-full'],
      [big, 'failed', 'storage-full'],
    ])
    const stats = await cli(['stats', '--json'], std)
    expect(JSON.parse(stats.stdout)).toMatchObject({ file: { total: 0 }, usage: { used: 0 } })
  })

  it('uploads a folder as the app takes a dropped one: every file under it, hidden ones left out', async () => {
    const shoot = join(dir, 'shoot')
    mkdirSync(join(shoot, 'day-2'), { recursive: true })
    writeFileSync(join(shoot, 'notes.txt'), 'pelaminan\n')
    writeFileSync(
      join(shoot, 'day-2', 'cover.png'),
      Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    )
    writeFileSync(join(shoot, '.DS_Store'), 'finder')
    const r = await cli(['upload', shoot, '--json'])
    expect(r.code).toBe(0)
    const paths = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((l) => [l.path, l.state])
    expect(paths.sort()).toEqual([
      [join(shoot, 'day-2', 'cover.png'), 'success'],
      [join(shoot, 'notes.txt'), 'success'],
    ])
    const empty = join(dir, 'empty-folder')
    mkdirSync(empty)
    const none = await cli(['upload', empty])
    expect(none).toMatchObject({ code: 1, stderr: `error: ${empty}: the folder holds no file to upload\n` })
  })

  it('lists automations and schedules, retries a failed schedule, and maps refusals to exit 1', async () => {
    const autos = await cli(['automations', '--limit', '3', '--json'])
    expect(autos.code).toBe(0)
    expect(autos.stdout.trim().split('\n')).toHaveLength(3)
    const failed = await cli(['schedules', '--status', 'error', '--json'])
    expect(failed.code).toBe(0)
    const first = JSON.parse(failed.stdout.trim().split('\n')[0]!)
    expect(first.status).toBe('error')
    const retry = await cli(['schedule', 'retry', first._id])
    expect(retry).toMatchObject({
      code: 0,
      stdout: `schedule ${first._id} re-queued for another publish attempt\n`,
    })
    const missing = await cli(['schedule', 'retry', '000000000000000000000000'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^error: .*schedule not found\n$/)
    const plan = await cli(['automations'], { key: 'std', secret: 'std-secret' })
    expect(plan.code).toBe(1)
    expect(plan.stderr).toMatch(/invalid plan — your plan does not include this/)
    const usage = await cli(['automations', '--limit', '0'])
    expect(usage.code).toBe(2)
  })
})
