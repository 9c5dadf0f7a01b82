// What the data folder keeps of the database's copies: the newest 3 migration backups, the newest 3 damaged
// files (with their -wal and -shm), and no half-written backup a killed run left behind.
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../main/core/db/database'
import { pruneDatabaseCopies, pruneStamped } from '../../../../main/core/db/kept-files'
import { MIGRATIONS } from '../../../../main/core/db/migrations/index'

const folder = () => mkdtempSync(join(tmpdir(), 'mediadeck-kept-'))
const at = (day: number) => new Date(Date.parse('2026-03-01T08:00:00Z') + day * 86_400_000)
const stamp = (day: number) => at(day).toISOString().replace(/[:.]/g, '-')
const touch = (dir: string, name: string) => writeFileSync(join(dir, name), 'x')

describe('pruneDatabaseCopies', () => {
  it('keeps the newest 3 migration backups, whatever their version, and the newest 3 damaged files', () => {
    const dir = folder()
    const file = join(dir, 'mediadeck.db')
    touch(dir, 'mediadeck.db')
    for (const [version, day] of [
      [2, 1],
      [5, 2],
      [3, 3],
      [6, 4],
      [7, 5],
    ] as const) {
      touch(dir, `mediadeck.db.backup-v${version}-${stamp(day)}`)
    }
    for (const day of [1, 2, 3, 4]) {
      for (const suffix of ['', '-wal', '-shm']) touch(dir, `mediadeck.db.damaged-${stamp(day)}${suffix}`)
    }
    touch(dir, 'mediadeck.json.damaged-x') // not the database's: left alone here
    pruneDatabaseCopies(file, at(10))
    expect(readdirSync(dir).sort()).toEqual(
      [
        'mediadeck.db',
        `mediadeck.db.backup-v3-${stamp(3)}`,
        `mediadeck.db.backup-v6-${stamp(4)}`,
        `mediadeck.db.backup-v7-${stamp(5)}`,
        ...[2, 3, 4].flatMap((day) =>
          ['', '-wal', '-shm'].map((s) => `mediadeck.db.damaged-${stamp(day)}${s}`),
        ),
        'mediadeck.json.damaged-x',
      ].sort(),
    )
  })

  it('removes a half-written backup an hour old (its run was killed), not one being written now', () => {
    const dir = folder()
    const file = join(dir, 'mediadeck.db')
    const old = `mediadeck.db.backup-v4-${stamp(0)}.partial-123`
    const fresh = `mediadeck.db.backup-v4-${stamp(1)}.partial-456`
    touch(dir, old)
    touch(dir, fresh)
    utimesSync(join(dir, old), at(0), at(0))
    utimesSync(join(dir, fresh), at(1), at(1))
    pruneDatabaseCopies(file, new Date(at(1).getTime() + 60_000))
    expect(readdirSync(dir)).toEqual([fresh])
  })

  it('runs at each open: a fourth migration leaves three backups', () => {
    const dir = folder()
    const file = join(dir, 'mediadeck.db')
    openDatabase({ file, migrations: MIGRATIONS.slice(0, 1) }).close()
    for (let upTo = 2; upTo <= 5; upTo += 1) {
      openDatabase({ file, migrations: MIGRATIONS.slice(0, upTo), now: () => at(upTo) }).close()
    }
    expect(
      readdirSync(dir)
        .filter((name) => name.includes('.backup-'))
        .sort(),
    ).toEqual([
      `mediadeck.db.backup-v2-${stamp(3)}`,
      `mediadeck.db.backup-v3-${stamp(4)}`,
      `mediadeck.db.backup-v4-${stamp(5)}`,
    ])
  })
})

describe('pruneStamped', () => {
  it("keeps a settings file's newest 3 damaged copies", () => {
    const dir = folder()
    for (const day of [1, 2, 3, 4, 5]) touch(dir, `mediadeck.json.damaged-${stamp(day)}`)
    pruneStamped(join(dir, 'mediadeck.json'), '.damaged-', 3)
    expect(readdirSync(dir).sort()).toEqual([3, 4, 5].map((day) => `mediadeck.json.damaged-${stamp(day)}`))
  })
})
