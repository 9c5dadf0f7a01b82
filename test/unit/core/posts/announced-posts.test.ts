// The announced posts' repository on a real database file: the old file imported once, what is added kept
// across a reopen.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { sqlOf } from '../../../../main/core/db/handle'
import { openSettledSet } from '../../../../main/core/posts/announced-posts'

let dir: string
let database: AppDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'announced-'))
  database = openDatabase({ file: join(dir, DATABASE_FILE) })
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

it('imports the announced posts of the old file once and keeps what is added across a reopen', () => {
  writeFileSync(join(dir, 'announced.json'), JSON.stringify(['s-old', 7, 's-older']))
  const settled = openSettledSet(database, join(dir, 'announced.json'))
  expect(settled.has('s-old')).toBe(true)
  expect(settled.has('s-older')).toBe(true)
  settled.add('s-new')
  expect(existsSync(join(dir, 'announced.json.pre-db'))).toBe(true)
  const again = openSettledSet(openDatabase({ file: join(dir, DATABASE_FILE) }), join(dir, 'announced.json'))
  expect(['s-old', 's-older', 's-new'].map((id) => again.has(id))).toEqual([true, true, true])
  expect(sqlOf(database).prepare('SELECT count(*) AS n FROM announced_posts').get()).toEqual({ n: 3 })
})

it('forgets a retried post, so how its retry ends is announced again, across a reopen too', () => {
  const settled = openSettledSet(database)
  settled.add('s-retried')
  settled.forget('s-retried')
  expect(settled.has('s-retried')).toBe(false)
  expect(openSettledSet(openDatabase({ file: join(dir, DATABASE_FILE) })).has('s-retried')).toBe(false)
})
