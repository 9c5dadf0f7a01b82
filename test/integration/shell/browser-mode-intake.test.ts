// The browser mode's copies of picked and dropped files, through the real browser-mode host, its embedded
// sandbox and real files: each copy goes as soon as nothing needs it (an upload that may still read it, a
// journal entry, a draft that will upload it), a refused file's copy at once, and leftovers at the next start.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PickedFile } from '../../../common/app-state'
import type { LocalMedia } from '../../../common/drafts'
import { startBrowserMode, type BrowserMode } from '../../../main/browser-mode/index'
import { PNG, postFor } from '../drafts/helpers'

let root: string
let dataDir: string
let renderer: string
let mode: BrowserMode | undefined

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'intake-'))
  dataDir = join(root, 'data')
  renderer = join(root, 'renderer')
  mkdirSync(renderer, { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
})

afterEach(async () => {
  await mode?.close()
  mode = undefined
  rmSync(root, { recursive: true, force: true })
})

function start(): Promise<BrowserMode> {
  return startBrowserMode({ dataDir, rendererDir: renderer, maxUploadBytes: 1024 * 1024 })
}

async function send(name: string, body: Buffer): Promise<PickedFile> {
  const origin = new URL(mode!.url).origin
  const response = await fetch(`${mode!.url}files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { origin },
    body,
  })
  expect(response.status).toBe(200)
  return (await response.json()) as PickedFile
}

const intakeDir = () => join(dataDir, 'browser-uploads')
const copies = () => (existsSync(intakeDir()) ? readdirSync(intakeDir()) : [])
const waitGone = (path: string) =>
  vi.waitFor(() => expect(existsSync(path)).toBe(false), { timeout: 15_000, interval: 50 })

function mediaOf(picked: PickedFile): Omit<LocalMedia, 'id'> & { id: string } {
  return {
    id: 'm1',
    path: picked.path,
    name: picked.name,
    size: picked.size,
    mimetype: 'image/png',
    alt: '',
    type: 'image',
    thumbnail: '',
  }
}

async function accountId(): Promise<string> {
  const accounts = await mode!.host.active().client.listAccounts({ page: 1, limit: 100 })
  const account = accounts.docs.find((a) => a.isConnected)
  if (!account) throw new Error('the sandbox has no connected account')
  return account._id
}

describe('browser-mode copies of received files', () => {
  it('removes the copy once its upload is done, and a refused file’s copy at once', async () => {
    mode = await start()
    const photo = await send('photo.png', PNG)
    const empty = await send('empty.png', Buffer.alloc(0))
    expect(existsSync(photo.path) && existsSync(empty.path)).toBe(true)

    const items = await mode.host.call('uploads:start', { paths: [photo.path, empty.path] })
    expect(items.map((item) => item.state)).toContain('failed')
    await waitGone(empty.path)
    await mode.host.active().uploads.whenIdle()
    expect(
      mode.host
        .active()
        .uploads.list()
        .find((i) => i.path === photo.path)?.state,
    ).toBe('done')
    await waitGone(photo.path)
    expect(copies()).toEqual([])
    // The grant records of removed copies are dropped too.
    expect(mode.host.grants.isGranted(photo.path)).toBe(false)
  })

  it('keeps a copy a queued draft will upload until the draft is sent', async () => {
    mode = await start()
    const photo = await send('cover.png', PNG)
    const post = postFor(await accountId(), { type: 'image' })
    const saved = await mode.host.call('drafts:save', { post, localMedia: [mediaOf(photo)] })
    await mode.sweepIntake()
    expect(existsSync(photo.path)).toBe(true)

    await mode.host.call('drafts:schedule', { id: saved.id })
    await mode.host.call('outbox:send-now')
    await vi.waitFor(
      async () => {
        const [draft] = await mode!.host.call('drafts:list')
        expect(draft?.status).toBe('scheduled')
      },
      { timeout: 15_000, interval: 100 },
    )
    await waitGone(photo.path)
  })

  it('at start removes what an earlier run left, and keeps what a saved draft still needs', async () => {
    mode = await start()
    const kept = await send('kept.png', PNG)
    await mode.host.call('drafts:save', { post: postFor(''), localMedia: [mediaOf(kept)] })
    const left = await send('left.png', PNG)
    await mode.close()
    // A copy from a run before the janitor existed, and a stray file.
    mkdirSync(join(intakeDir(), 'old'), { recursive: true })
    writeFileSync(join(intakeDir(), 'old', 'old.png'), PNG)
    writeFileSync(join(intakeDir(), 'stray.bin'), 'x')

    mode = await start()
    await mode.sweepIntake()
    expect(existsSync(kept.path)).toBe(true)
    expect(existsSync(left.path)).toBe(false)
    expect(copies()).toEqual([kept.path.split('/').at(-2)])
  })
})
