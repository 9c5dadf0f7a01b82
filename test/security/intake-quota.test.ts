// Rule: the browser mode's intake has a quota of its own: copies of dropped or picked files that no upload
// names yet hold at most DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES in all; past it a file is refused with a clear
// reason and its partial copy removed, whether the request declares its length or streams without one.
// Against the real browser-mode server, with the quota shortened.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES } from '../../main/browser-mode/file-intake'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'

const MiB = 1024 * 1024
let root: string
let dataDir: string
let mode: BrowserMode

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-intake-quota-'))
  dataDir = join(root, 'data')
  const renderer = join(root, 'renderer')
  mkdirSync(renderer, { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  mode = await startBrowserMode({
    dataDir,
    rendererDir: renderer,
    maxUploadBytes: 4 * MiB,
    maxUnclaimedUploadBytes: 5 * MiB,
  })
})

afterAll(async () => {
  await mode?.close()
  rmSync(root, { recursive: true, force: true })
})

const copies = () => {
  const dir = join(dataDir, 'browser-uploads')
  return existsSync(dir) ? readdirSync(dir) : []
}

function send(name: string, body: RequestInit['body'], init: RequestInit = {}): Promise<Response> {
  return fetch(`${mode.url}files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { origin: new URL(mode.url).origin },
    body,
    ...init,
  })
}

/** A body of `bytes` with no Content-Length: chunked, as a page streaming a File of unknown length sends it. */
function stream(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close()
      const n = Math.min(256 * 1024, left)
      left -= n
      controller.enqueue(new Uint8Array(n).fill(7))
    },
  })
}

describe('the browser intake quota', () => {
  it('is 16 GiB by default, far above one file (2 GiB) and far below a full disk', () => {
    expect(DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES).toBe(16 * 1024 ** 3)
  })

  it('refuses a copy past the quota, declared or streamed, and keeps nothing of it', async () => {
    expect((await send('a.bin', Buffer.alloc(2 * MiB))).status).toBe(200)
    expect((await send('b.bin', Buffer.alloc(2 * MiB))).status).toBe(200)
    const before = copies()

    const declared = await send('c.bin', Buffer.alloc(2 * MiB))
    expect(declared.status).toBe(400)
    expect(await declared.json()).toMatchObject({
      kind: 'file',
      code: 'intake-full',
      params: { max: '5 MB' },
    })

    const streamed = await send('d.bin', stream(2 * MiB), { duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(400)
    expect(await streamed.json()).toMatchObject({ kind: 'file', code: 'intake-full' })
    expect(copies().sort()).toEqual(before.sort())

    // What fits still goes in: the refused copies gave their bytes back.
    expect((await send('e.bin', Buffer.alloc(MiB / 2))).status).toBe(200)
  })
})
