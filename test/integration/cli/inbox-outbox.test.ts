// A reply written while the service cannot be reached waits in the data folder's outbox and is sent once:
// the real CLI process against the real sandbox, behind a proxy that refuses connections (offline) or carries
// a request out and holds its answer (a send whose answer never comes). The sending run is killed with
// SIGKILL while it waits for that answer; the next `sync` finds the reply in the thread and sends nothing
// again, so the service holds exactly one reply.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { spawn, type ChildProcess } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import { startSandbox } from '../../../sandbox'
import type { RunningSandbox } from '../../../sandbox'
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { cliArgs } from '../support/cli-bin'
import { waitFor } from '../../support/wait-for'

let sandbox: RunningSandbox
let proxy: AnswerDroppingProxy
let dir: string
const AUTH = `Basic ${Buffer.from('cli:cli-secret').toString('base64')}`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-cli-inbox-outbox-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: {
      users: [
        { accessKey: 'cli', secretKey: 'cli-secret', tier: 'gold', storageLimit: 50_000_000, seed: 'demo' },
      ],
    },
  })
  proxy = await startAnswerDroppingProxy(sandbox.url)
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

function start(args: string[]): {
  child: ChildProcess
  done: Promise<{ code: number | null; stdout: string; stderr: string }>
} {
  const child = spawn(process.execPath, cliArgs(args), {
    env: {
      ...process.env,
      // Always through the proxy: the outbox is the account's, named by the base URL and the access key.
      MEDIADECK_BASE_URL: proxy.url,
      MEDIADECK_ACCESS_KEY: 'cli',
      MEDIADECK_SECRET_KEY: 'cli-secret',
      MEDIADECK_DATA_DIR: join(dir, 'data'),
    },
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  )
  return { child, done }
}
const cli = (args: string[]) => start(args).done

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>)

async function api(path: string): Promise<any> {
  return (await fetch(sandbox.url + path, { headers: { authorization: AUTH } })).json()
}

describe('a reply queued offline', () => {
  it('is sent exactly once, even when the sending run is killed with SIGKILL before the answer came', async () => {
    const id = (await sandbox.addIncoming('cli', { comments: [{ text: 'Masih ada stok?', from: 'Dian' }] }))
      .comments[0]!.id
    const replies = async () => (await api(`/public/comment/${id}`)).comment.replies as any[]

    proxy.setRule(() => 'refuse')
    const queued = await cli(['inbox', 'reply', id, '--text', 'Masih kak, silakan order', '--json'])
    expect(queued.code, queued.stderr).toBe(0)
    expect(jsonLines(queued.stdout)[0]).toMatchObject({ id, state: 'queued' })
    expect(await replies()).toEqual([])

    // Online, but the reply's answer is held: the service carries it out, the run waits, and is killed.
    proxy.setRule((method, path) =>
      method === 'POST' && path === `/public/comment/${id}` ? 'hold-answer' : 'pass',
    )
    const sending = start(['sync', '--json'])
    await waitFor(async () => (await replies()).length === 1, 'the reply on the service', 10_000)
    sending.child.kill('SIGKILL')
    await sending.done

    proxy.setRule(() => 'pass')
    const after = await cli(['sync', '--json'])
    expect(after.code, after.stderr).toBe(0)
    const [line] = jsonLines(after.stdout).filter((l) => l.kind === 'reply')
    const onService = await replies()
    expect(onService.map((r) => r.text)).toEqual(['Masih kak, silakan order'])
    expect(line).toMatchObject({ state: 'sent', target: id, targetKind: 'comment', sent: [onService[0].id] })
    // Nothing more to send, and still one reply.
    const again = await cli(['sync'])
    expect(again.code).toBe(0)
    expect(again.stderr).toContain('nothing to send')
    expect(await replies()).toHaveLength(1)
  })

  it('waits with its media: a chat reply with a picture is uploaded and sent once the service is back', async () => {
    const chatId = (await sandbox.addIncoming('cli', { messages: [{ text: 'Minta fotonya', from: 'Eko' }] }))
      .messages[0]!.chatId
    const png = join(dir, 'foto.png')
    writeFileSync(
      png,
      Buffer.from('89504e470d0a1a0a0000000d49484452000000030000000308060000005628a4b8', 'hex'),
    )
    proxy.setRule(() => 'refuse')
    const queued = await cli(['inbox', 'reply', chatId, '--text', 'Ini fotonya', '--media', png])
    expect(queued.code, queued.stderr).toBe(0)
    expect(queued.stdout).toMatch(/^queued reply /)

    proxy.setRule(() => 'pass')
    const sent = await cli(['sync', '--json'])
    expect(sent.code, sent.stderr).toBe(0)
    const messages = (await api(`/public/chat/${chatId}/message?page=1&limit=10`)).docs
    expect(messages).toHaveLength(2)
    const file = (await api('/public/storage/file?page=1&limit=100')).docs.find(
      (f: any) => f.filename === 'foto.png',
    )
    expect(messages[0]).toMatchObject({
      type: 'image',
      text: 'Ini fotonya',
      image: { url: file.url, mimetype: 'image/png' },
    })
    expect(jsonLines(sent.stdout).find((l) => l.kind === 'reply')).toMatchObject({
      state: 'sent',
      targetKind: 'chat',
    })
  })
})

describe('a reply sent without an answer that never reached the service', () => {
  /** The CLI in this process, with its clock moved by the test: "ten minutes later" is a step, not a wait. */
  let offsetMs = 0
  async function inProcess(...argv: string[]) {
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
      env: {
        MEDIADECK_BASE_URL: proxy.url,
        MEDIADECK_ACCESS_KEY: 'cli',
        MEDIADECK_SECRET_KEY: 'cli-secret',
        MEDIADECK_DATA_DIR: join(dir, 'data-unseen'),
      },
      onInterrupt: () => () => undefined,
      now: () => new Date(Date.now() + offsetMs),
    })
    return { code, stdout: out.join(''), stderr: err.join('') }
  }

  it('is looked for at once, then after about 2, 5 and 10 minutes, then left to the person: never sent again', async () => {
    const id = (await sandbox.addIncoming('cli', { comments: [{ text: 'Halo?', from: 'Gita' }] }))
      .comments[0]!.id
    proxy.setRule(() => 'refuse')
    expect((await inProcess('inbox', 'reply', id, '--text', 'Halo Gita')).code).toBe(0)

    // The request is held by the line and the client cut off: it never reaches the service.
    proxy.setRule((method, path) =>
      method === 'POST' && path === `/public/comment/${id}` ? 'delay-cut' : 'pass',
    )
    const first = await inProcess('sync', '--json')
    expect(first.code).toBe(1)
    expect(jsonLines(first.stdout).find((l) => l.kind === 'reply')).toMatchObject({ state: 'sending' })

    for (const minutes of [0, 2, 5]) {
      offsetMs = minutes * 60_000 + 1000
      const look = await inProcess('sync', '--json')
      expect([minutes, look.code]).toEqual([minutes, 1])
      expect(jsonLines(look.stdout).find((l) => l.kind === 'reply')).toMatchObject({ state: 'sending' })
    }
    offsetMs = 10 * 60_000 + 1000
    const last = await inProcess('sync', '--json')
    expect(last.code).toBe(1)
    expect(jsonLines(last.stdout).find((l) => l.kind === 'reply')).toMatchObject({ state: 'attention' })
    // Left to the person: later syncs send nothing, and the service holds no reply.
    offsetMs = 60 * 60_000
    expect((await inProcess('sync')).stderr).toContain('nothing to send')
    expect((await api(`/public/comment/${id}`)).comment.replies).toEqual([])
    expect(proxy.seen.filter((s) => s === `POST /public/comment/${id}`)).toHaveLength(1)
  })
})
