import { describe, expect, it } from 'vitest'
import { expandEntries, hasDirectories } from '../../../renderer/lib/dropped-entries'

function fileEntry(name: string) {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file: (ok: (file: File) => void) => ok(new File(['x'], name)),
  }
}

function dirEntry(name: string, children: object[], chunk = 2) {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader() {
      let offset = 0
      // Answers in chunks and then an empty list, as Chromium's readEntries does.
      return {
        readEntries(ok: (entries: object[]) => void) {
          const part = children.slice(offset, offset + chunk)
          offset += chunk
          ok(part)
        },
      }
    },
  }
}

describe('dropped folders', () => {
  it('walks folders depth-first, keeps plain files in order and skips hidden files', async () => {
    const entries = [
      fileEntry('a.png'),
      dirEntry('shoot', [
        fileEntry('1.jpg'),
        fileEntry('.DS_Store'),
        dirEntry('raw', [fileEntry('2.cr2')]),
        fileEntry('3.jpg'),
      ]),
      null,
    ]
    const loose = new File(['y'], 'loose.mp4')
    expect(hasDirectories(entries)).toBe(true)
    const files = await expandEntries(entries, [new File([''], 'a.png'), new File([''], 'shoot'), loose])
    expect(files.map((file) => file.name)).toEqual(['a.png', '1.jpg', '2.cr2', '3.jpg', 'loose.mp4'])
    expect(files[4]).toBe(loose)
  })

  it('sees no directories in a drop of files', () => {
    expect(hasDirectories([fileEntry('a'), null])).toBe(false)
  })
})
