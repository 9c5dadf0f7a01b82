// Cover frames taken from a video (files:save-cover, <data>/covers) are removed as soon as nothing needs them:
// once the outbox uploaded the frame and the draft holds its address, or once the draft naming it is deleted.
// A queued draft that still names its frame keeps it, and so does a frame just saved that no draft names yet.
// Against the real host and its embedded sandbox, over real files.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { waitFor } from '../../support/wait-for'

const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}
/** A 16×9 JPEG, as a canvas would encode a frame. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgKCgsKCw0NDQ0NDRAPEBAQEBAQEBAQEBASEhIVFRUSEhIQEBISFBQVFRcXFxUVFRUXFxkZGR4eHBwjIyQrKzP/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIABADASIAAhEAAxEA/9oADAMBAAIRAxEAPwCtAR06f//Z',
  'base64',
)
const VIDEO = join(import.meta.dirname, '..', '..', 'fixtures', 'media', 'clip-320x180-3s.webm')

let root: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cover-cleanup-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser', ...fast })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

/** Saves a frame and a draft of a video post whose item names it as its cover. */
async function draftWithCover(description: string): Promise<{ cover: string; draft: Draft }> {
  const cover = (await host.call('files:save-cover', { data: JPEG.toString('base64') })).path
  const [video] = await host.call('files:grant-dropped', { paths: [VIDEO] })
  const accounts = (await host.call('accounts:list', {})).value
  const account = accounts.find((a) => a.isConnected !== false) ?? accounts[0]!
  const post = {
    ...emptyScheduleRequest(),
    accountId: account._id,
    description,
    type: 'video',
    scheduleAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  }
  const media = {
    id: 'clip',
    path: video!.path,
    name: video!.name,
    size: video!.size,
    mimetype: 'video/webm',
    alt: '',
    type: 'video',
    thumbnail: cover,
  }
  return { cover, draft: await host.call('drafts:save', { post, localMedia: [media] }) }
}

describe('cover frames on disk', () => {
  it('removes a deleted draft’s frame, keeping a queued draft’s frame and one no draft names yet', async () => {
    host.setUploadsPaused(true)
    const queued = await draftWithCover('queued, its upload held')
    await host.call('drafts:schedule', { id: queued.draft.id })
    const deleted = await draftWithCover('deleted before it was sent')
    const fresh = (await host.call('files:save-cover', { data: JPEG.toString('base64') })).path

    await host.call('drafts:delete', { id: deleted.draft.id })
    // The sweep removes the frame, then forgets its grant: both are waited for, the second a step later.
    await waitFor(
      () => !existsSync(deleted.cover) && !host.grants.isGranted(deleted.cover),
      'the deleted draft’s cover is removed and no longer granted',
      30_000,
    )
    // The sweep that removed it saw the others: the queued draft names its frame, the fresh one is claimed.
    expect((await host.call('drafts:get', { id: queued.draft.id })).status).toMatch(/queued|sending/)
    expect(existsSync(queued.cover)).toBe(true)
    expect(existsSync(fresh)).toBe(true)
    expect(host.grants.isGranted(deleted.cover)).toBe(false)
  })

  it('removes the frame once the draft is sent and holds the uploaded address', async () => {
    host.setUploadsPaused(false)
    const { cover, draft } = await draftWithCover('sent with its cover')
    await host.call('drafts:schedule', { id: draft.id })
    let sent = draft
    await waitFor(
      async () => {
        await host.call('outbox:send-now')
        sent = await host.call('drafts:get', { id: draft.id })
        return !['queued', 'sending'].includes(sent.status)
      },
      'the draft is sent',
      30_000,
    )
    expect(sent.status).toBe('scheduled')
    expect(sent.localMedia[0]!.thumbnail).toMatch(/^https?:\/\//)
    await waitFor(() => !existsSync(cover), 'the sent draft’s cover is removed', 30_000)
  })
})
