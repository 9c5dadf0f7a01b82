// Rule: cover frames the page saves and no draft names yet hold at most MAX_UNCLAIMED_COVER_BYTES (256 MB) in
// all; past it the next frame is refused with a clear reason and nothing is written. A frame named by a saved
// draft no longer counts. Against the real host and its embedded sandbox, with the quota shortened.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { emptyScheduleRequest } from '../../common/service'
import { COVERS_DIR, MAX_UNCLAIMED_COVER_BYTES } from '../../main/core/files/cover-files'
import { createAppHost, type AppHost } from '../../main/host/app-host'

/** A JPEG's opening bytes, padded to 1 MiB: main checks the kind by its magic bytes. */
const FRAME = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(1024 * 1024 - 11, 1)])
const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}

let root: string
let dataDir: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-cover-quota-'))
  dataDir = join(root, 'data')
  // Room for two frames and a half.
  host = await createAppHost({
    dataDir,
    mode: 'browser',
    maxUnclaimedCoverBytes: 2.5 * FRAME.length,
    ...fast,
  })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

const coverFiles = () => readdirSync(join(dataDir, COVERS_DIR))
const save = () => host.call('files:save-cover', { data: FRAME.toString('base64') })

describe('unclaimed cover frames', () => {
  it('are bounded at 256 MB in all by default', () => {
    expect(MAX_UNCLAIMED_COVER_BYTES).toBe(256 * 1024 * 1024)
  })

  it('past the quota, the next frame is refused with its reason and nothing is written', async () => {
    const first = await save()
    await save()
    const before = coverFiles()
    await expect(save()).rejects.toMatchObject({
      kind: 'validation',
      code: 'covers-full',
      params: { max: '2.5 MB' },
      message: expect.stringContaining('Cover frames waiting for a post already hold 2.5 MB'),
    })
    expect(coverFiles()).toEqual(before)

    // A saved draft names the first frame: it is no longer unclaimed, so there is room again.
    const accounts = (await host.call('accounts:list', {})).value
    const post = {
      ...emptyScheduleRequest(),
      accountId: accounts[0]!._id,
      description: 'a video with its cover',
      type: 'video',
      scheduleAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      medias: [{ alt: '', type: 'video', url: 'https://storage.repliz.com/v.webm', thumbnail: first.path }],
    }
    await host.call('drafts:save', { post, localMedia: [] })
    // The janitor sweeps on drafts:changed; the frame stops counting once that sweep has run.
    const third = await vi.waitFor(() => save(), { timeout: 10_000, interval: 50 })
    expect(coverFiles()).toContain(third.path.split(/[\\/]/).pop())
  })
})
