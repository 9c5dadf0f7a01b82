// Rule: the page reads a local file (a picked video it decodes for a cover, a chosen cover image) only when
// the person gave that very file to the app, and only pictures and videos. Checked over both doors the page
// has: the browser mode's /<token>/local-file route over real HTTP, and Electron's app://mediadeck/local-file
// handler, both in front of the real file grants of a real host.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localFileAddress } from '../../common/local-files'
import { answerLocalFile } from '../../main/app/app-protocol'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'

let root: string
let mode: BrowserMode
/** Bytes that are easy to find and to slice: 0,1,2,…,255 repeated. */
const VIDEO = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256))
const SECRET = Buffer.from('SECRET-BYTES-'.repeat(40))
const paths = {
  granted: '',
  folder: '',
  ungranted: '',
  traversal: '',
  link: '',
  html: '',
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-local-file-'))
  const renderer = join(root, 'renderer')
  mkdirSync(renderer)
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  mode = await startBrowserMode({ dataDir: join(root, 'data'), rendererDir: renderer })

  paths.granted = join(root, 'picked.webm')
  writeFileSync(paths.granted, VIDEO)
  paths.ungranted = join(root, 'private.webm')
  writeFileSync(paths.ungranted, SECRET)
  paths.folder = join(root, 'granted-folder')
  mkdirSync(paths.folder)
  writeFileSync(join(paths.folder, 'inside.webm'), VIDEO)
  // Names a file outside the granted folder by walking out of it.
  paths.traversal = `${paths.folder}/../private.webm`
  paths.link = join(paths.folder, 'link.webm')
  symlinkSync(paths.ungranted, paths.link)
  paths.html = join(root, 'page.html')
  writeFileSync(paths.html, '<script>alert(1)</script>')
  await mode.host.grants.grant([paths.granted, paths.folder, paths.html])
})

afterAll(async () => {
  await mode?.close()
  rmSync(root, { recursive: true, force: true })
})

interface Answer {
  status: number
  headers: Record<string, string | undefined>
  body: Buffer
}

/** The browser mode's route, as the page's <video src> asks it. */
function overHttp(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${mode.url}${localFileAddress(path)}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** Electron's app:// handler, as protocol.handle calls it. */
async function overAppProtocol(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await answerLocalFile(
    mode.host.grants,
    new Request(`app://mediadeck/${localFileAddress(path)}`, { headers }),
  )
  if (!response) throw new Error('the app:// handler did not take the local-file address')
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  }
}

describe.each([
  ['browser mode over HTTP', overHttp],
  ['Electron app:// protocol', overAppProtocol],
] as const)('local files, %s', (_name, read) => {
  it('serves a granted video whole, as a video', async () => {
    const answer = await read(paths.granted)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('video/webm')
    expect(answer.headers['accept-ranges']).toBe('bytes')
    expect(answer.body.equals(VIDEO)).toBe(true)
  })

  it('serves a byte range, which is how a <video> seeks', async () => {
    const answer = await read(paths.granted, { range: 'bytes=1000-1099' })
    expect(answer.status).toBe(206)
    expect(answer.headers['content-range']).toBe(`bytes 1000-1099/${VIDEO.length}`)
    expect(answer.body.equals(VIDEO.subarray(1000, 1100))).toBe(true)
    expect((await read(paths.granted, { range: 'bytes=9000-' })).status).toBe(416)
  })

  it('serves a file really inside a granted folder', async () => {
    const answer = await read(join(paths.folder, 'inside.webm'))
    expect(answer.status).toBe(200)
    expect(answer.body.equals(VIDEO)).toBe(true)
  })

  it.each([
    ['a file that was never given', () => paths.ungranted],
    ['a path that walks out of a granted folder', () => paths.traversal],
    ['a symbolic link in a granted folder that points out of it', () => paths.link],
  ])('refuses %s, and sends none of its bytes', async (_case, path) => {
    const answer = await read(path())
    expect(answer.status).toBe(403)
    expect(answer.body.includes('SECRET-BYTES')).toBe(false)
  })

  it('refuses a granted file that is not a picture or a video: the page origin never runs a document', async () => {
    const answer = await read(paths.html)
    expect(answer.status).toBe(403)
    expect(answer.body.includes('<script>')).toBe(false)
  })

  it('refuses a relative path and a missing one', async () => {
    expect((await read('picked.webm')).status).toBe(400)
    expect((await read(join(root, 'gone.webm'))).status).toBe(404)
  })
})

describe('local files, browser mode token', () => {
  it('answers nothing without the token in the address', async () => {
    const url = new URL(mode.url)
    const answer = await new Promise<number>((resolve, reject) => {
      request(`${url.origin}/${localFileAddress(paths.granted)}`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
        .on('error', reject)
        .end()
    })
    expect(answer).toBe(404)
  })
})
