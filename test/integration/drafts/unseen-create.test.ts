// A create that reaches the service late, through a proxy that holds it: `sync` never resolves its unknown outcome
// on one empty lookup, so however often it runs, and whether or not the run that sent it was killed, the draft
// becomes one post. The real sandbox over HTTP, the real CLI (in a process of its own where it is killed), the
// real database on disk; the CLI's clock is injected, so "two minutes later" is a step, not a wait.
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import type { ServiceClient } from '../../../main/core/service-client'
import type { RunningSandbox } from '../../../sandbox/index'
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { until } from '../../support/manual-clock'
import { CLI_BIN } from '../support/cli-bin'
import { REPO_ROOT } from '../support/cli-behind-proxy'
import { clientFor, connectedAccountId, postFor, sandboxOn, tempFolder } from './helpers'

let dir: string
let cleanup: () => Promise<void>
let sandbox: RunningSandbox
let proxy: AnswerDroppingProxy
let client: ServiceClient
let env: NodeJS.ProcessEnv
/** The CLI's clock: the wall clock's start, moved by the test. */
let offsetMs: number

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('unseen-create-'))
  sandbox = await sandboxOn(path.join(dir, 'sandbox'))
  proxy = await startAnswerDroppingProxy(sandbox.url)
  client = clientFor(sandbox.url)
  offsetMs = 0
  env = {
    MEDIADECK_BASE_URL: proxy.url,
    MEDIADECK_ACCESS_KEY: 'demo',
    MEDIADECK_SECRET_KEY: 'demo-secret',
    MEDIADECK_DATA_DIR: path.join(dir, 'data'),
  }
})
afterEach(async () => {
  await client.close()
  await proxy.close()
  await sandbox.close()
  await cleanup()
})

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: string[] = []
  const err: string[] = []
  stdout.on('data', (c) => out.push(String(c)))
  stderr.on('data', (c) => err.push(String(c)))
  const code = await runCli(argv, {
    stdout,
    stderr,
    isTTY: false,
    env,
    onInterrupt: () => () => undefined,
    now: () => new Date(Date.now() + offsetMs),
  })
  return { code, stdout: out.join(''), stderr: err.join('') }
}

async function queuedDraft(): Promise<string> {
  const post = postFor(await connectedAccountId(client))
  const body = path.join(dir, 'post.json')
  await writeFile(body, JSON.stringify(post))
  const added = await cli('drafts', 'add', body, '--schedule')
  expect(added.code, added.stderr).toBe(0)
  return post.description
}

async function postsOnService(description: string): Promise<number> {
  const { docs } = await client.listSchedules({ page: 1, limit: 100 })
  return docs.filter((s) => s.description === description).length
}

const creates = (method: string, p: string) => method === 'POST' && p === '/public/schedule'

describe('a create whose answer was never seen', () => {
  it('reaching the service 65 s late, with sync run three times: one post', async () => {
    const description = await queuedDraft()
    // Every create is held and handed on later; the client is cut off as its own deadline would do.
    proxy.setRule((method, p) => (creates(method, p) ? 'delay-cut' : 'pass'))

    const first = await cli('sync')
    expect(proxy.held()).toBe(1)

    // The next run, 35 s on: no look is due yet, and nothing is sent again.
    offsetMs = 35_000
    const second = await cli('sync')
    expect(proxy.held()).toBe(1)
    expect([first.code, second.code]).toEqual([1, 1])
    expect(second.stderr).toMatch(/asked again at/)

    // 65 s after it left, the create reaches the service.
    offsetMs = 65_000
    await proxy.release()
    expect(await postsOnService(description)).toBe(1)

    offsetMs = 2 * 60_000
    const third = await cli('sync', '--json')
    expect(third.code, third.stderr).toBe(0)
    expect(JSON.parse(third.stdout.trim())).toMatchObject({ state: 'scheduled', description })
    await proxy.release()
    expect(await postsOnService(description)).toBe(1)
  }, 60_000)

  it('still unseen after the last look: the person decides, and sync never sends it again by itself', async () => {
    const description = await queuedDraft()
    proxy.setRule((method, p) => (creates(method, p) ? 'delay-cut' : 'pass'))
    expect((await cli('sync')).code).toBe(1)
    proxy.setRule(() => 'pass')
    for (const minutes of [2, 5]) {
      offsetMs = minutes * 60_000
      expect((await cli('sync')).code).toBe(1)
    }
    offsetMs = 10 * 60_000
    const last = await cli('sync', '--json')
    expect(last.code).toBe(1)
    expect(JSON.parse(last.stdout.trim())).toMatchObject({
      state: 'needs-attention',
      attention: 'answer-lost',
    })
    offsetMs = 60 * 60_000
    await cli('sync')
    expect(await postsOnService(description)).toBe(0)
    // The held create was lost on the way after all: nothing arrives, and nothing was sent twice.
    expect(proxy.held()).toBe(1)
  }, 60_000)

  it('6 s late after a kill -9 of the CLI and an immediate rerun: one post', async () => {
    const description = await queuedDraft()
    // Held with the client left waiting: the run is killed while its create is on the way.
    proxy.setRule((method, p) => (creates(method, p) ? 'delay' : 'pass'))
    const child = spawn(process.execPath, [CLI_BIN, 'sync'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, sig) => resolve(sig)),
    )
    await until(() => proxy.held() === 1, 'the create to reach the proxy', 30_000)
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')

    proxy.setRule(() => 'pass')
    const rerun = await cli('sync')

    offsetMs = 6_000
    await proxy.release()
    offsetMs = 2 * 60_000
    const later = await cli('sync')
    expect(await postsOnService(description)).toBe(1)
    // The rerun waited for the look instead of sending; the later run found the post and adopted it.
    expect(rerun.code).toBe(1)
    expect(rerun.stderr).toMatch(/asked again at/)
    expect(later.code, later.stderr).toBe(0)
  }, 60_000)
})
