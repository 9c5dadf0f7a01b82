// Rule: a cover frame the page took from a video arrives as bytes, never as a path, and main keeps only a
// small picture of a kind it knows under a name it made; a draft's cover on disk passes the same door as its
// media (picked, dropped, or made here), and is uploaded through the engine when the post is sent, its address
// then in the media item's thumbnail on the service (reference section 2.4). Against the real embedded sandbox.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_COVER_BYTES } from '../../common/contract'
import type { Draft } from '../../common/drafts'
import { emptyScheduleRequest } from '../../common/service'
import { COVERS_DIR } from '../../main/core/files/cover-files'
import { createAppHost, type AppHost } from '../../main/host/app-host'

const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}
/** A 16×9 JPEG, as a canvas would encode a frame. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgKCgsKCw0NDQ0NDRAPEBAQEBAQEBAQEBASEhIVFRUSEhIQEBISFBQVFRcXFxUVFRUXFxkZGR4eHBwjIyQrKzP/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIABADASIAAhEAAxEA/9oADAMBAAIRAxEAPwCtAR06f//Z',
  'base64',
)
const VIDEO = join(import.meta.dirname, '..', 'fixtures', 'media', 'clip-320x180-3s.webm')

let root: string
let dataDir: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-covers-'))
  dataDir = join(root, 'data')
  host = await createAppHost({ dataDir, mode: 'browser', ...fast })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

const coverFiles = () => readdirSync(join(dataDir, COVERS_DIR), { withFileTypes: true }).map((e) => e.name)

async function videoPost(description: string) {
  const accounts = (await host.call('accounts:list', {})).value
  const account = accounts.find((a) => a.isConnected !== false) ?? accounts[0]!
  return {
    ...emptyScheduleRequest(),
    accountId: account._id,
    description,
    type: 'video',
    scheduleAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  }
}

async function sendAndSettle(id: string): Promise<Draft> {
  for (let i = 0; i < 60; i++) {
    await host.call('outbox:send-now')
    const draft = await host.call('drafts:get', { id })
    if (!['queued', 'sending'].includes(draft.status)) return draft
    await new Promise((r) => setTimeout(r, 100))
  }
  return host.call('drafts:get', { id })
}

describe('cover frames', () => {
  it('keeps a JPEG frame under a name main makes, and grants it', async () => {
    const kept = await host.call('files:save-cover', { data: JPEG.toString('base64') })
    expect(dirname(kept.path)).toBe(join(dataDir, COVERS_DIR))
    expect(kept).toMatchObject({ size: JPEG.length, mimetype: 'image/jpeg' })
    expect(host.grants.isGranted(kept.path)).toBe(true)
  })

  it('refuses bytes that are not a picture, and a frame over the bound, keeping nothing', async () => {
    const before = coverFiles()
    const page = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    await expect(host.call('files:save-cover', { data: page.toString('base64') })).rejects.toMatchObject({
      kind: 'validation',
      field: 'data',
    })
    const huge = Buffer.concat([JPEG, Buffer.alloc(MAX_COVER_BYTES)])
    await expect(host.call('files:save-cover', { data: huge.toString('base64') })).rejects.toMatchObject({
      kind: 'validation',
    })
    expect(coverFiles()).toEqual(before)
  })

  it('refuses a draft whose cover is a file that was never given', async () => {
    const secret = join(root, 'home', '.ssh', 'id_ed25519.jpg')
    mkdirSync(dirname(secret), { recursive: true })
    writeFileSync(secret, 'PRIVATE KEY')
    const post = await videoPost('cover from nowhere')
    post.medias = [{ alt: '', type: 'video', url: 'https://storage.repliz.com/v.webm', thumbnail: secret }]
    await expect(host.call('drafts:save', { post, localMedia: [] })).rejects.toMatchObject({
      kind: 'validation',
      code: 'file-not-granted',
    })
  })

  it("uploads the frame when the post is sent and puts its address in the video item's thumbnail", async () => {
    const [video] = await host.call('files:grant-dropped', { paths: [VIDEO] })
    const cover = await host.call('files:save-cover', { data: JPEG.toString('base64') })
    const post = await videoPost('a video with its cover')
    const media = {
      id: 'clip',
      path: video!.path,
      name: video!.name,
      size: video!.size,
      mimetype: 'video/webm',
      alt: '',
      type: 'video',
      thumbnail: cover.path,
    }
    const saved = await host.call('drafts:save', { post, localMedia: [media] })
    await host.call('drafts:schedule', { id: saved.id })
    const sent = await sendAndSettle(saved.id)
    expect(sent.status).toBe('scheduled')

    const onService = await host.call('schedules:get', { id: sent.scheduleId! })
    const [item] = onService.medias
    expect(item!.url).toBe(sent.localMedia[0]!.uploadedUrl)
    expect(item!.thumbnail).toMatch(/^https?:\/\/.+\.jpg$/)
    expect(item!.thumbnail).not.toBe(item!.url)
    const served = await fetch(item!.thumbnail)
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true)
  })
})
