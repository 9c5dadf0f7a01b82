// The persisted grant record on real files: what survives a restart, what a torn or tampered record file
// does, and what a failed write leaves behind.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openFileGrants } from '../../../../main/core/files/file-grants'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grants-'))
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

function write(relative: string, content = 'bytes'): string {
  const path = join(root, relative)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}

async function opensFor(grants: Awaited<ReturnType<typeof openFileGrants>>, path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    await grants.checkOpened(path, handle)
    return true
  } catch {
    return false
  } finally {
    await handle.close()
  }
}

describe('file grants', () => {
  it('keeps files and folders across a reopen, and refuses what was never given', async () => {
    const file = join(root, 'state', 'grants.json')
    const photo = write('pics/a.png')
    const folder = join(root, 'album')
    const inside = write('album/deep/b.png')
    const outside = write('secret.txt')
    const first = await openFileGrants({ file })
    await first.grant([photo, folder])
    const again = await openFileGrants({ file })
    expect(await opensFor(again, photo)).toBe(true)
    expect(await opensFor(again, inside)).toBe(true)
    expect(await opensFor(again, outside)).toBe(false)
    expect(await again.allows(outside)).toBe(false)
  })

  it('does not let a symbolic link in a granted folder reach outside it', async () => {
    const outside = write('secret.txt')
    const folder = join(root, 'album')
    mkdirSync(folder)
    symlinkSync(outside, join(folder, 'link.png'))
    const grants = await openFileGrants()
    await grants.grant([folder])
    expect(await opensFor(grants, join(folder, 'link.png'))).toBe(false)
  })

  it('starts with no grants from a torn record file, and skips unusable records from a tampered one', async () => {
    const file = join(root, 'grants.json')
    const photo = write('a.png')
    writeFileSync(file, '{"version":1,"files":[{"path":')
    const warnings: string[] = []
    const torn = await openFileGrants({ file, warn: (m) => warnings.push(m) })
    expect(torn.isGranted(photo)).toBe(false)
    expect(warnings.join()).toMatch(/starting with none/)

    await torn.grant([photo])
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { files: unknown[] }
    doc.files.push(null, { path: 42 }, { path: '/x', dev: 'x', ino: '1', grantedAt: '' })
    writeFileSync(file, JSON.stringify(doc))
    warnings.length = 0
    const tampered = await openFileGrants({ file, warn: (m) => warnings.push(m) })
    expect(await opensFor(tampered, photo)).toBe(true)
    expect(warnings.join()).toMatch(/3 unusable record/)
  })

  it('fails the grant with a clear error when the record cannot be written, and grants nothing', async () => {
    const file = join(root, 'grants.json')
    const photo = write('a.png')
    const grants = await openFileGrants({ file })
    // The temporary file's place is taken by a folder, so the write fails (EISDIR), as root or not.
    mkdirSync(`${file}.tmp`)
    await expect(grants.grant([photo])).rejects.toMatchObject({ kind: 'file', code: 'EISDIR' })
    expect(grants.isGranted(photo)).toBe(false)
  })
})
