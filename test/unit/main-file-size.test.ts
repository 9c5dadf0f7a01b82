// The 400-line rule for main/: a longer file says at its top why it is one file ("Over 400 lines on purpose").
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const LIMIT = 400
const REASON = 'Over 400 lines on purpose'

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

describe('main/ file size', () => {
  it(`has no file over ${LIMIT} lines without a reason written at its top`, () => {
    const unexplained = sourcesUnder(join(root, 'main')).filter((file) => {
      const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n')
      return lines.length > LIMIT && !lines.slice(0, 5).some((line) => line.includes(REASON))
    })
    expect(unexplained.map((file) => relative(root, file))).toEqual([])
  })
})
