// A refused file carries a reason the renderer can word in the person's language (common/messages `errors.*`),
// while its English message, with the path, stays for logs and the CLI.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { desktopMessages } from '../../../../common/messages/index'
import { probeFile } from '../../../../main/core/uploads/file-probe'

describe('probeFile refusals', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'probe-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it.each([
    ['an empty file', 'empty.png', 'file-empty', 'file is empty'],
    ['a missing file', 'missing.png', 'file-missing', 'no such file'],
    ['a folder', '', 'file-not-regular', 'not a regular file'],
  ])('names %s by a catalogued reason', async (_what, name, code, english) => {
    await writeFile(join(dir, 'empty.png'), '')
    const path = name ? join(dir, name) : dir
    const refusal = await probeFile(path).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refusal).toMatchObject({ kind: 'file', code, message: `${path}: ${english}` })
    expect(Object.keys(desktopMessages.id.errors)).toContain(code)
  })
})
