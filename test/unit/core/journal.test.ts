import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openJournal, replay } from '../../../main/core/uploads/journal'
import type { JournalRecord, PersistedItem } from '../../../main/core/uploads/journal'

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
    const items = replay(lines)
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
    expect(second.items).toEqual(before)
    expect(replay(lines)).toEqual(before)
  })
})
