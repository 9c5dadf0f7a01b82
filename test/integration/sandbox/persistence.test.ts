// Restart persistence on the same port (data and public URLs), the atomic store file, and the CLI contract
// of docs/design.md: ready line with the base URL, argument validation (one line, exit 2), clean SIGTERM.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseSandboxConfig } from '../../../sandbox/index'
import { call, createClock, getBytes, startTestSandbox, uploadFile } from './helpers'

const dirs: string[] = []
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-persist-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

describe('restart', () => {
  it('keeps files, posts and URLs across a restart on the same port', async () => {
    const dataDir = await tempDir()
    const clock = createClock()
    const first = await startTestSandbox({ dataDir, clock })
    const base = first.sandbox.url
    const bytes = Buffer.from('persist me '.repeat(1000))
    const file = await uploadFile(base, bytes, { filename: 'keep.txt', mimetype: 'text/plain' })
    const accountId = (await call(base, 'GET', '/public/account?page=1&limit=1')).json.docs[0].id
    const pendingInit = await call(base, 'POST', '/public/storage/file/init', {
      body: { filename: 'later.bin', size: 3, mimetype: 'application/octet-stream' },
    })
    const stats = (await call(base, 'GET', '/public/storage/statistic')).json
    const automations = (await call(base, 'GET', '/public/automation?page=1&limit=100')).json
    const schedules = (await call(base, 'GET', '/public/schedule?page=1&limit=100')).json
    expect(accountId).toBeTruthy()
    const port = first.sandbox.port
    await first.stop()

    // The store on disk is whole JSON and no temp file is left behind.
    JSON.parse(await readFile(path.join(dataDir, 'store.json'), 'utf8'))
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([])

    const second = await startTestSandbox({ dataDir, clock, port })
    try {
      expect(second.sandbox.url).toBe(base)
      expect((await call(base, 'GET', '/public/storage/statistic')).json).toEqual(stats)
      expect((await call(base, 'GET', '/public/automation?page=1&limit=100')).json).toEqual(automations)
      expect((await call(base, 'GET', '/public/schedule?page=1&limit=100')).json).toEqual(schedules)
      const served = await getBytes(file.url)
      expect(served.status).toBe(200)
      expect(Buffer.compare(served.bytes, bytes)).toBe(0)
      // An upload address handed out before the restart still works after it.
      const { request } = await import('undici')
      const res = await request(pendingInit.json.upload, {
        method: 'PUT',
        body: Buffer.from('abc'),
        headers: { 'content-type': 'application/octet-stream' },
      })
      await res.body.text()
      expect(res.statusCode).toBe(200)
      expect((await call(base, 'POST', `/public/storage/file/${pendingInit.json.id}/complete`)).status).toBe(
        204,
      )
    } finally {
      await second.stop()
    }
  })

  it('does not seed twice', async () => {
    const dataDir = await tempDir()
    const a = await startTestSandbox({ dataDir })
    const total = (await call(a.sandbox.url, 'GET', '/public/automation?page=1&limit=1')).json.totalDocs
    await a.stop()
    const b = await startTestSandbox({ dataDir })
    expect((await call(b.sandbox.url, 'GET', '/public/automation?page=1&limit=1')).json.totalDocs).toBe(total)
    await b.stop()
  })
})

describe('crash leftovers', () => {
  it('removes half-written snapshots and partial uploads at start; a corrupt store is a clear error', async () => {
    const dataDir = await tempDir()
    const a = await startTestSandbox({ dataDir })
    await a.stop()
    await writeFile(path.join(dataDir, 'store.json.123.0.tmp'), '{"version":1,"use')
    await mkdir(path.join(dataDir, 'tmp'), { recursive: true })
    await writeFile(path.join(dataDir, 'tmp', 'x.part'), 'partial')
    const b = await startTestSandbox({ dataDir })
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(await readdir(path.join(dataDir, 'tmp')).catch(() => [])).toEqual([])
    await b.stop()
    await writeFile(path.join(dataDir, 'store.json'), '{"version":1,"use')
    await expect(startTestSandbox({ dataDir })).rejects.toThrow(/store.*not valid JSON/)
  })
})

describe('config', () => {
  it('parseSandboxConfig names bad members', () => {
    expect(() => parseSandboxConfig({ users: [] })).toThrow(/users/)
    expect(() =>
      parseSandboxConfig({
        users: [{ accessKey: 'a', secretKey: 'b', tier: 'platinum', storageLimit: 1, seed: 'demo' }],
      }),
    ).toThrow(/tier/)
    expect(() =>
      parseSandboxConfig({
        users: [{ accessKey: 'a', secretKey: 'b', tier: 'gold', storageLimit: -1, seed: 'demo' }],
      }),
    ).toThrow(/storageLimit/)
    expect(() =>
      parseSandboxConfig({
        users: [{ accessKey: 'a', secretKey: 'b', tier: 'gold', storageLimit: 1, seed: 'demo' }],
        faults: { serverErrorRate: 2 },
      }),
    ).toThrow(/serverErrorRate/)
    const ok = parseSandboxConfig({
      users: [{ accessKey: 'a', secretKey: 'b', tier: 'gold', storageLimit: 1, seed: 'empty' }],
      uploadUrlTtlSeconds: 5,
      faults: { latencyMs: 10 },
    })
    expect(ok.uploadUrlTtlSeconds).toBe(5)
  })
})

const CLI = path.resolve(__dirname, '../../../sandbox/cli.ts')
const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx')

function runCli(args: string[], o: { untilReady?: boolean } = {}) {
  const child = spawn(TSX, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = o.untilReady
    ? new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const m = /Sandbox ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
          if (m) resolve(m[1]!)
        })
        void exited.then(() => reject(new Error(`exited early: ${stderr}`)))
      })
    : null
  return { child, exited, ready, output: () => ({ stdout, stderr }) }
}

describe('cli', () => {
  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--host', 'not a host']],
    [['--bogus']],
    [['--data-dir']],
    [['--config', '/nonexistent/config.json']],
  ])('%j is one line on stderr and exit 2', async (args) => {
    const run = runCli(args)
    expect(await run.exited).toBe(2)
    const { stderr } = run.output()
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(/^sandbox: /)
  })

  it('a config that fails validation is exit 2 too', async () => {
    const dir = await tempDir()
    const file = path.join(dir, 'config.json')
    await writeFile(file, JSON.stringify({ users: [{ accessKey: 'x' }] }))
    const run = runCli(['--config', file])
    expect(await run.exited).toBe(2)
    expect(run.output().stderr).toContain('users.0')
  })

  it('starts with a config, prints the base URL, serves, and closes on SIGTERM', async () => {
    const dir = await tempDir()
    const file = path.join(dir, 'config.json')
    await writeFile(
      file,
      JSON.stringify({
        users: [{ accessKey: 'k', secretKey: 's', tier: 'premium', storageLimit: 1000, seed: 'empty' }],
        uploadUrlTtlSeconds: 60,
      }),
    )
    const run = runCli(['--port', '0', '--data-dir', path.join(dir, 'data'), '--config', file], {
      untilReady: true,
    })
    const url = await run.ready!
    const stats = await call(url, 'GET', '/public/storage/statistic', {
      auth: `Basic ${Buffer.from('k:s').toString('base64')}`,
    })
    expect(stats.json).toEqual({
      file: { total: 0, success: 0, pending: 0 },
      usage: { total: 1000, used: 0, free: 1000 },
    })
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  })

  it('without --config and --data-dir prints the demo keys and the temp dir', async () => {
    const run = runCli(['--port', '0'], { untilReady: true })
    const url = await run.ready!
    const { stdout } = run.output()
    expect(stdout).toContain('"demo"')
    expect(stdout).toContain('"demo-secret"')
    const tmp = /temporary directory (\S+)/.exec(stdout)?.[1]
    expect(tmp).toBeTruthy()
    if (tmp) dirs.push(tmp.replace(/\s.*$/, ''))
    expect((await call(url, 'GET', '/public/storage/statistic')).status).toBe(200)
    run.child.kill('SIGINT')
    expect(await run.exited).toBe(0)
  })
})
