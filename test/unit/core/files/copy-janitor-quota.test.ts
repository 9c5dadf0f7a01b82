// The janitor's quota of unclaimed copies, over real folders: bytes received and not named yet are counted,
// a copy past the bound is refused before anything is recorded, and bytes come back when a copy is named by
// an upload, removed by its writer, or swept.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCopyJanitor, type CopyUploadUse } from '../../../../main/core/files/copy-janitor'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'janitor-quota-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

class QuotaError extends Error {}

function setup(uploads: CopyUploadUse[] = []) {
  return createCopyJanitor({
    dir,
    uploads: async () => uploads,
    drafts: async () => [],
    warn: () => undefined,
    maxUnclaimedBytes: 100,
    quotaError: (max) => new QuotaError(`over ${max}`),
  })
}

function copy(name: string): { folder: string; file: string } {
  const folder = join(dir, name)
  mkdirSync(folder)
  const file = join(folder, 'f.bin')
  writeFileSync(file, 'x')
  return { folder, file }
}

describe('the quota of unclaimed copies', () => {
  it('refuses a copy past the bound, recording nothing of it', () => {
    const janitor = setup()
    janitor.received(join(dir, 'a'), 60)
    expect(() => janitor.received(join(dir, 'b'), 41)).toThrow(QuotaError)
    expect(janitor.unclaimedBytes()).toBe(60)
    janitor.received(join(dir, 'b'), 40)
    expect(janitor.unclaimedBytes()).toBe(100)
  })

  it('counts a stream as it grows, and refuses the piece that passes the bound', () => {
    const janitor = setup()
    janitor.received(join(dir, 'a'), 0)
    janitor.grow(join(dir, 'a'), 70)
    expect(() => janitor.grow(join(dir, 'a'), 31)).toThrow('over 100')
    expect(janitor.unclaimedBytes()).toBe(70)
  })

  it('gives the bytes back when the writer removes its copy, or sets them again', () => {
    const janitor = setup()
    janitor.received(join(dir, 'a'), 90)
    janitor.release(join(dir, 'a'))
    expect(janitor.unclaimedBytes()).toBe(0)
    janitor.received(join(dir, 'b'), 90)
    janitor.received(join(dir, 'b'), 0)
    expect(janitor.unclaimedBytes()).toBe(0)
  })

  it('stops counting a copy once an upload names it', async () => {
    const named = copy('named')
    const waiting = copy('waiting')
    const janitor = setup([{ path: named.file, state: 'queued' }])
    janitor.received(named.folder, 50)
    janitor.received(waiting.folder, 30)
    await janitor.sweep()
    expect(janitor.unclaimedBytes()).toBe(30)
  })
})
