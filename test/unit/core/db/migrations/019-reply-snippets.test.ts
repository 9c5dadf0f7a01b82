// Migration 19 makes the snippets table again with a third kind, the inbox's saved answers: every caption
// snippet and hashtag group a person had is kept as it was (name, text, revision, times), a `reply` row is
// taken, a kind outside the three is still refused, and a name is still one per kind.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from '../../../../../main/core/db/database'
import { sqlOf } from '../../../../../main/core/db/handle'
import { MIGRATIONS } from '../../../../../main/core/db/migrations/index'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const AT = '2026-11-01T00:00:00.000Z'
const insert = `INSERT INTO snippets (id, kind, name, name_key, body, revision, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`

it('keeps every snippet and takes saved answers', () => {
  dir = mkdtempSync(join(tmpdir(), 'mig-19-'))
  const file = join(dir, 'a.db')
  const early = openDatabase({ file, migrations: MIGRATIONS.slice(0, 18) })
  sqlOf(early).prepare(insert).run('s1', 'caption', 'Salam', 'salam', 'Terima kasih!', 3, AT, AT)
  sqlOf(early).prepare(insert).run('s2', 'hashtags', 'Kopi', 'kopi', '#kopi #senja', 1, AT, AT)
  expect(() => sqlOf(early).prepare(insert).run('s3', 'reply', 'Stok', 'stok', 'Ada kak', 1, AT, AT)).toThrow(
    /CHECK/,
  )
  early.close()

  const db = openDatabase({ file })
  const sql = sqlOf(db)
  expect(sql.prepare('SELECT * FROM snippets ORDER BY id').all()).toEqual([
    {
      id: 's1',
      kind: 'caption',
      name: 'Salam',
      name_key: 'salam',
      body: 'Terima kasih!',
      revision: 3,
      created_at: AT,
      updated_at: AT,
    },
    {
      id: 's2',
      kind: 'hashtags',
      name: 'Kopi',
      name_key: 'kopi',
      body: '#kopi #senja',
      revision: 1,
      created_at: AT,
      updated_at: AT,
    },
  ])
  sql
    .prepare(insert)
    .run('s3', 'reply', 'Salam', 'salam', 'Halo kak, terima kasih sudah menghubungi.', 1, AT, AT)
  expect(() => sql.prepare(insert).run('s4', 'reply', 'SALAM', 'salam', 'x', 1, AT, AT)).toThrow(/UNIQUE/)
  expect(() => sql.prepare(insert).run('s5', 'story', 'Lain', 'lain', 'x', 1, AT, AT)).toThrow(/CHECK/)
  db.close()
})
