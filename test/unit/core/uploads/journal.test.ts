import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openJournal, replay } from '../../../../main/core/uploads/journal'
import type { JournalRecord, PersistedItem } from '../../../../main/core/uploads/journal'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const item = (id: string): PersistedItem => ({
  id,
  path: `/f/${id}`,
  name: id,
  size: 10,
  mtimeMs: 1,
  mimetype: 'text/plain',
  batchId: 'b',
  createdAt: '2026-01-01T00:00:00.000Z',
})

describe('upload journal', () => {
  it('appends in order, also when many synced appends race', async () => {
    const path = join(dir, 'j.jsonl')
    const { journal } = openJournal(path)
    const records: JournalRecord[] = Array.from({ length: 50 }, (_, i) => ({ t: 'add', item: item(`i${i}`) }))
    await Promise.all(records.map((r, i) => journal.append([r], { sync: i % 3 === 0 })))
    await journal.close()
    const lines = readFileSync(path, 'utf8').trim().split('\n')
    expect(lines.map((l) => JSON.parse(l).item.id)).toEqual(records.map((_, i) => `i${i}`))
  })

  it('replays states, skips a torn last line, and forgets removed items', () => {
    const lines = [
      JSON.stringify({ t: 'add', item: item('a') }),
      JSON.stringify({ t: 'add', item: item('b') }),
      JSON.stringify({ t: 'add', item: item('c') }),
      JSON.stringify({ t: 'init', id: 'a', fileId: 'f1', key: 'k1', url: 'u1' }),
      JSON.stringify({ t: 'state', id: 'a', state: 'done', at: 'x' }),
      JSON.stringify({ t: 'init', id: 'b', fileId: 'f2', key: 'k2', url: 'u2' }),
      JSON.stringify({ t: 'remove', id: 'c' }),
      '{"t":"state","id":"b","sta', // the crash hit mid-write
    ]
    const { items, skipped } = replay(lines)
    expect(skipped.map((s) => s.line)).toEqual([8])
    expect([...items.keys()]).toEqual(['a', 'b'])
    expect(items.get('a')).toMatchObject({ state: 'done', fileId: 'f1', url: 'u1' })
    // b reached init but not done: interrupted, with the pending file to look at on restart.
    expect(items.get('b')).toMatchObject({ state: 'queued', fileId: 'f2' })
  })

  it('compacts on open to the records that rebuild the same queue', async () => {
    const path = join(dir, 'j.jsonl')
    const first = openJournal(path)
    await first.journal.append([
      { t: 'add', item: item('a') },
      { t: 'add', item: item('b') },
    ])
    await first.journal.append([
      { t: 'state', id: 'a', state: 'failed', error: { kind: 'server', message: 'x' } },
    ])
    await first.journal.append([{ t: 'state', id: 'a', state: 'queued' }])
    await first.journal.append([
      { t: 'state', id: 'a', state: 'done' },
      { t: 'remove', id: 'b' },
    ])
    await first.journal.close()
    appendFileSync(path, '{"torn')
    const before = replay(readFileSync(path, 'utf8').split('\n'))
    const second = openJournal(path)
    await second.journal.close()
    const lines = readFileSync(path, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(second.items).toEqual(before.items)
    expect(replay(lines).items).toEqual(before.items)
  })

  it('skips and reports each unusable line, keeps it aside, and replays the rest', async () => {
    const path = join(dir, 'j.jsonl')
    const good = [
      JSON.stringify({ t: 'add', item: item('a') }),
      JSON.stringify({ t: 'add', item: item('b') }),
      JSON.stringify({ t: 'init', id: 'a', fileId: 'f1', key: 'k1', url: 'u1' }),
      JSON.stringify({ t: 'state', id: 'a', state: 'done', at: 'x' }),
    ]
    const bad = [
      'null',
      '{"t":"add"}',
      '42',
      '"text"',
      '[]',
      JSON.stringify({ t: 'add', item: { ...item('c'), size: 'big' } }),
      JSON.stringify({ t: 'state', id: 'ghost', state: 'done' }),
      JSON.stringify({ t: 'state', id: 'b', state: 'exploded' }),
      JSON.stringify({ t: 'init', id: 'b', fileId: null, key: 'k', url: 'u' }),
      JSON.stringify({ t: 'identity', id: 'b', size: -1, mtimeMs: 1 }),
      JSON.stringify({ t: 'remove' }),
      JSON.stringify({ t: 'what' }),
      JSON.stringify({ t: 'add', item: item('a') }),
    ]
    // Interleaved: good, bad, good, bad...
    const lines: string[] = []
    for (let i = 0; i < Math.max(good.length, bad.length); i++) {
      if (good[i]) lines.push(good[i]!)
      if (bad[i]) lines.push(bad[i]!)
    }
    writeFileSync(path, lines.join('\n') + '\n')
    const warnings: string[] = []
    const opened = openJournal(path, { warn: (m) => warnings.push(m) })
    await opened.journal.close()

    expect([...opened.items.keys()]).toEqual(['a', 'b'])
    expect(opened.items.get('a')).toMatchObject({ state: 'done', fileId: 'f1' })
    expect(opened.items.get('b')).toMatchObject({ state: 'queued', size: 10 })
    expect(opened.skipped.map((s) => s.text)).toEqual(bad)
    expect(opened.skipped.map((s) => s.line)).toEqual(bad.map((b) => lines.lastIndexOf(b) + 1))
    expect(opened.skipped.find((s) => s.text === '{"t":"add"}')!.reason).toMatch(/item/)
    expect(opened.skipped.find((s) => s.text.includes('ghost'))!.reason).toMatch(/never added/)
    // One warning naming the file, the count and each line with its reason.
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(path)
    expect(warnings[0]).toContain(`skipped ${bad.length} unusable line(s)`)
    expect(warnings[0]).toContain(`line ${lines.indexOf('null') + 1}: not a journal record`)
    // Nothing is lost: the unusable lines are kept next to the journal, the journal keeps the usable state.
    expect(readFileSync(`${path}.rejected`, 'utf8')).toBe(bad.map((b) => b + '\n').join(''))
    expect(replay(readFileSync(path, 'utf8').split('\n'))).toMatchObject({ skipped: [] })
    expect([...openJournal(path).items.keys()]).toEqual(['a', 'b'])
  })

  it('does not report the tail of a cancel that raced a removal', () => {
    const { items, skipped } = replay([
      JSON.stringify({ t: 'add', item: item('a') }),
      JSON.stringify({ t: 'remove', id: 'a' }),
      JSON.stringify({ t: 'state', id: 'a', state: 'cancelled' }),
    ])
    expect(items.size).toBe(0)
    expect(skipped).toEqual([])
  })

  it('names the journal file when it cannot be opened at all', () => {
    const path = join(dir, 'a-folder.jsonl')
    mkdirSync(path)
    expect(() => openJournal(path)).toThrow(
      expect.objectContaining({ kind: 'file', message: expect.stringContaining(path) }),
    )
  })
})
