// The files a folder stands for, for the app's drop and the CLI's `upload FOLDER` alike.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expandFolders } from '../../../../main/core/files/folder-files'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folder-files-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('expandFolders', () => {
  it('walks a folder depth-first in name order, leaving hidden entries out', () => {
    const shoot = join(dir, 'shoot')
    mkdirSync(join(shoot, 'b-more'), { recursive: true })
    mkdirSync(join(shoot, '.git'))
    for (const name of ['c.jpg', 'a.jpg', '.DS_Store', 'b-more/d.mp4', '.git/config']) {
      writeFileSync(join(shoot, name), 'x')
    }
    return expect(expandFolders([shoot])).resolves.toEqual({
      files: [join(shoot, 'a.jpg'), join(shoot, 'b-more', 'd.mp4'), join(shoot, 'c.jpg')],
      emptyFolders: [],
    })
  })

  it('keeps a file or a missing path as it is, for the caller to check, and names an empty folder', async () => {
    const file = join(dir, 'one.png')
    writeFileSync(file, 'x')
    mkdirSync(join(dir, 'empty'))
    const result = await expandFolders([file, join(dir, 'missing.png'), join(dir, 'empty')])
    expect(result).toEqual({ files: [file, join(dir, 'missing.png')], emptyFolders: [join(dir, 'empty')] })
  })
})
