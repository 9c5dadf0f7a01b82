// The set-up the CLI's integration tests share: a real sandbox over HTTP with one gold user `cli` (demo data),
// a temporary folder, the real CLI process run against them with that user's keys and a data folder of its
// own, and the service called directly to see what the CLI did there.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { cliArgs } from './cli-bin'

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

export interface CliSandbox {
  /** Started in the file's beforeAll, closed in its afterAll. */
  readonly sandbox: RunningSandbox
  /** The temporary folder: the sandbox's data, the CLI's (`data`), and any file a test writes. */
  readonly dir: string
  /** The CLI run to its end with the user's keys (started at once: two calls run side by side). */
  cli(args: string[], o?: { cwd?: string }): Promise<CliRun>
  /** The service called as the user; a 204 answers null. */
  api(method: string, path: string, body?: unknown): Promise<any>
}

export const CLI_AUTH = `Basic ${Buffer.from('cli:cli-secret').toString('base64')}`

export interface CliSandboxOptions {
  /** The user's plan; gold unless said. */
  tier?: 'gold' | 'premium'
  /** The user's records to begin with; the demo's unless said. */
  seed?: 'demo' | 'empty'
  /** More of the CLI's environment for every run (`TZ`, …). */
  env?: NodeJS.ProcessEnv
  /** The sandbox's clock (what it stamps records with); the real one unless said. */
  now?: () => Date
}

/** Registers the file's beforeAll and afterAll; `storageLimit` is the user's, in bytes. */
export function useCliSandbox(prefix: string, storageLimit: number, o: CliSandboxOptions = {}): CliSandbox {
  let sandbox: RunningSandbox | undefined
  let dir: string | undefined
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix))
    sandbox = await startSandbox({
      port: 0,
      dataDir: join(dir, 'sandbox'),
      publisherIntervalMs: 0,
      ...(o.now ? { now: o.now } : {}),
      config: {
        users: [
          {
            accessKey: 'cli',
            secretKey: 'cli-secret',
            tier: o.tier ?? 'gold',
            storageLimit,
            seed: o.seed ?? 'demo',
          },
        ],
      },
    })
  })
  afterAll(async () => {
    await sandbox?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  const started = () => {
    if (!sandbox || !dir) throw new Error('the sandbox starts in beforeAll')
    return { sandbox, dir }
  }
  return {
    get sandbox() {
      return started().sandbox
    },
    get dir() {
      return started().dir
    },
    cli(args, { cwd } = {}) {
      const { sandbox, dir } = started()
      return new Promise<CliRun>((resolve) => {
        const child = spawn(process.execPath, cliArgs(args), {
          cwd,
          env: {
            ...process.env,
            MEDIADECK_BASE_URL: sandbox.url,
            MEDIADECK_ACCESS_KEY: 'cli',
            MEDIADECK_SECRET_KEY: 'cli-secret',
            MEDIADECK_DATA_DIR: join(dir, 'data'),
            ...o.env,
          },
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (d) => (stdout += d))
        child.stderr.on('data', (d) => (stderr += d))
        child.on('exit', (code) => resolve({ code, stdout, stderr }))
      })
    },
    async api(method, path, body) {
      const res = await fetch(started().sandbox.url + path, {
        method,
        headers: { authorization: CLI_AUTH, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return res.status === 204 ? null : res.json()
    },
  }
}

/** `--json` output: one object per line. */
export const jsonLines = (text: string): Record<string, any>[] =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>)
