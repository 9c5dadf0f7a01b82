import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import { dateOption, intOption, rateOption, UsageError } from '../../../main/cli/args'
import type { CliCommand } from '../../../main/cli/context'
import { defaultDataDir, envProfileResolver } from '../../../main/cli/profile'
import { renderBar } from '../../../main/cli/progress-bar'
import { CORE_COMMANDS, findCommand, runCli } from '../../../main/cli/run-cli'
import type { RunCliOptions } from '../../../main/cli/run-cli'
import type { ServiceClient } from '../../../main/core/service-client'

const ENV = { MEDIADECK_BASE_URL: 'http://127.0.0.1:9', MEDIADECK_ACCESS_KEY: 'a', MEDIADECK_SECRET_KEY: 'b' }

function io(client: Partial<ServiceClient> = {}, env: NodeJS.ProcessEnv = ENV) {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  const calls: unknown[][] = []
  const fake = new Proxy(client, {
    get(target, prop: string) {
      if (prop === 'close') return async () => undefined
      const fn = (target as Record<string, unknown>)[prop]
      if (typeof fn !== 'function') return fn
      return (...args: unknown[]) => {
        calls.push([prop, ...args])
        return (fn as (...a: unknown[]) => unknown)(...args)
      }
    },
  }) as ServiceClient
  const options: RunCliOptions = {
    stdout,
    stderr,
    isTTY: false,
    env,
    onInterrupt: () => () => undefined,
    createClient: () => fake,
  }
  return { options, calls, out: () => out, err: () => err }
}

const page = {
  totalDocs: 0,
  limit: 20,
  totalPages: 0,
  page: 1,
  pagingCounter: 1,
  hasPrevPage: false,
  hasNextPage: false,
  prevPage: null,
  nextPage: null,
}

describe('cli dispatcher', () => {
  it('exits 2 with the usage for no command or an unknown one', async () => {
    const a = io()
    expect(await runCli([], a.options)).toBe(2)
    expect(a.err()).toMatch(/usage: npm run cli -- <command>/)
    const b = io()
    expect(await runCli(['frobnicate'], b.options)).toBe(2)
    expect(b.err()).toMatch(/unknown command "frobnicate"/)
  })

  it('names the CLI as the host spells it: the bin, or npm run cli', async () => {
    const bin = io()
    expect(await runCli(['--help'], { ...bin.options, program: 'mediadeck' })).toBe(0)
    expect(bin.out()).toMatch(/^usage: mediadeck <command> \[options\]\n/)
    const usage = io()
    expect(await runCli(['stats', '--frob'], { ...usage.options, program: 'mediadeck' })).toBe(2)
    expect(usage.err()).toMatch(/\(usage: mediadeck stats \[--json\]\)\n$/)
  })

  it('exits 2 on a bad option or value, with one line on stderr and no request', async () => {
    for (const argv of [
      ['stats', '--bogus'],
      ['automations', '--limit', '500'],
      ['automations', '--page', 'x'],
      ['schedules', '--status', 'failed'],
      ['schedules', '--from', '2026-02-30'],
      ['schedules', '--from', '2026-03-02', '--to', '2026-03-01'],
      ['schedule', 'retry'],
      ['schedule', 'retry', 'a', 'b'],
      ['upload'],
      ['upload', 'x', '--concurrency', '0'],
      ['upload', 'x', '--limit-rate', '2X'],
      ['upload', 'x', '--limit-rate', '0'],
      ['upload', 'x', '--limit-rate', ''],
      ['upload', 'x', '--limit-rate'],
      ['stats', 'extra'],
    ]) {
      const t = io()
      expect(await runCli(argv, t.options), argv.join(' ')).toBe(2)
      expect(t.err().trim().split('\n'), argv.join(' ')).toHaveLength(1)
      expect(t.calls).toEqual([])
    }
  })

  it('exits 2 when no profile is configured', async () => {
    // An empty data dir: no variables and no profile saved by the app.
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-no-profile-'))
    const t = io({}, { MEDIADECK_DATA_DIR: dataDir })
    expect(await runCli(['stats'], t.options)).toBe(2)
    expect(t.err()).toMatch(/no profile: set MEDIADECK_BASE_URL, MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY/)
    rmSync(dataDir, { recursive: true })
  })

  it('passes filters through, options before or after, accountIds repeated', async () => {
    // A date is a whole day in the person's zone: 1 January starts at 17:00 UTC the day before in Jakarta.
    const t = io({ listSchedules: async () => ({ ...page, docs: [] }) }, { ...ENV, TZ: 'Asia/Jakarta' })
    const code = await runCli(
      [
        'schedules',
        '--json',
        '--account',
        'a1',
        '--status',
        'error',
        '--account',
        'a2',
        '--from',
        '2026-01-01',
        '--limit',
        '5',
      ],
      t.options,
    )
    expect(code).toBe(0)
    expect(t.calls).toEqual([
      [
        'listSchedules',
        {
          page: 1,
          limit: 5,
          accountIds: ['a1', 'a2'],
          status: 'error',
          fromDate: '2025-12-31T17:00:00.000Z',
          toDate: undefined,
        },
      ],
    ])
  })

  it('exits 1 with one line when the service refuses', async () => {
    const t = io({
      retrySchedule: async () => {
        throw new AppError({
          kind: 'not-found',
          status: 404,
          message: 'PUT /public/schedule/x/retry: schedule not found',
        })
      },
    })
    expect(await runCli(['schedule', 'retry', 'x'], t.options)).toBe(1)
    expect(t.err()).toBe('error: PUT /public/schedule/x/retry: schedule not found\n')
  })

  it('prints stats as text and as one JSON object', async () => {
    const stat = {
      file: { total: 3, success: 2, pending: 1 },
      usage: { total: 2 * 1024 ** 2, used: 512 * 1024, free: 1.5 * 1024 ** 2 },
    }
    const t = io({ storageStatistic: async () => stat })
    expect(await runCli(['stats'], t.options)).toBe(0)
    expect(t.out()).toContain('512 kB used of 2 MB (25.0%), 1.5 MB free')
    const j = io({ storageStatistic: async () => stat })
    expect(await runCli(['stats', '--json'], j.options)).toBe(0)
    expect(JSON.parse(j.out())).toEqual(stat)
  })

  it('reports a missing upload file by its path before any request', async () => {
    const t = io()
    expect(await runCli(['upload', '--json', '/nonexistent/a.png'], t.options)).toBe(1)
    expect(JSON.parse(t.out())).toEqual({
      path: '/nonexistent/a.png',
      state: 'failed',
      error: { kind: 'file', status: null, message: '/nonexistent/a.png: no such file' },
    })
    expect(t.err()).toBe('error: /nonexistent/a.png: no such file\n')
    expect(t.calls).toEqual([])
  })

  it('lets later commands plug into the table', async () => {
    const later: CliCommand = {
      name: ['example', 'later'],
      usage: 'example later',
      summary: 'x',
      run: async () => 0,
    }
    expect(findCommand([...CORE_COMMANDS, later], ['example', 'later'])?.command).toBe(later)
    expect(findCommand(CORE_COMMANDS, ['schedule', 'retry', 'id'])?.rest).toEqual(['id'])
    const t = io()
    expect(await runCli(['example', 'later'], { ...t.options, commands: [...CORE_COMMANDS, later] })).toBe(0)
  })
})

describe('cli helpers', () => {
  it('validates numbers and dates', () => {
    expect(intOption('5', 'limit', 1, 100)).toBe(5)
    // curl's --limit-rate spelling: k, M, G are powers of 1024, either case.
    expect(rateOption('2M', 'limit-rate')).toBe(2 * 1024 * 1024)
    expect(rateOption('500k', 'limit-rate')).toBe(500 * 1024)
    expect(rateOption('1g', 'limit-rate')).toBe(1024 ** 3)
    expect(rateOption('1.5M', 'limit-rate')).toBe(1.5 * 1024 * 1024)
    expect(rateOption('100', 'limit-rate')).toBe(100)
    expect(rateOption(undefined, 'limit-rate')).toBeUndefined()
    for (const bad of ['2X', '0', '-1', '2 M', 'M', '1e6', '2MB'])
      expect(() => rateOption(bad, 'limit-rate'), bad).toThrow(/--limit-rate must be a speed/)
    expect(() => intOption('5.5', 'limit', 1, 100)).toThrow(UsageError)
    expect(dateOption('2026-02-28', 'from')).toBe('2026-02-28')
    expect(dateOption('2026-02-28T10:00:00+07:00', 'from')).toBe('2026-02-28T10:00:00+07:00')
    expect(() => dateOption('2026-02-28T10:00:00', 'from')).toThrow(/with a zone/)
  })

  it('resolves the profile from the environment and the data dir like Electron does', async () => {
    await expect(envProfileResolver({ ...ENV, MEDIADECK_DATA_DIR: '/d' })).resolves.toEqual({
      baseUrl: ENV.MEDIADECK_BASE_URL,
      accessKey: 'a',
      secretKey: 'b',
      dataDir: '/d',
    })
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/Mediadeck')
  })

  it('renders the progress bar', () => {
    const line = renderBar({
      files: 4,
      queued: 1,
      active: 1,
      done: 2,
      failed: 0,
      cancelled: 0,
      bytesTotal: 1000,
      bytesSent: 500,
      rateBytesPerSec: 100,
      etaSeconds: 5,
    })
    expect(line).toBe('[############------------]  50%  500 B/1,000 B  100 B/s  ETA 5s  2/4 files')
  })
})
