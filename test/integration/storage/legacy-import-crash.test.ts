// kill -9 in the middle of the first open's import of the old state files, then a reopen: every upload item,
// content index entry and grant is there once, none lost, none doubled, and the old files are kept *.pre-db.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { settleLegacyFiles } from '../../../main/core/db/legacy-import'
import { sqlOf } from '../../../main/core/db/handle'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const ITEMS = 10_000
const INDEXED = 10_000
const GRANTS = 5_000
const root = mkdtempSync(join(tmpdir(), 'import-crash-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function oldDataFolder(name: string): string {
  const dataDir = join(root, name)
  mkdirSync(join(dataDir, 'uploads'), { recursive: true })
  const lines: string[] = []
  for (let i = 0; i < ITEMS; i++) {
    const item = {
      id: `item-${i}`,
      path: `/photos/${i}.jpg`,
      name: `${i}.jpg`,
      size: 1000 + i,
      mtimeMs: 1,
      mimetype: 'image/jpeg',
      batchId: `batch-${i % 50}`,
      createdAt: '2026-11-01T00:00:00.000Z',
    }
    lines.push(JSON.stringify({ t: 'add', item }))
    if (i % 2 === 0)
      lines.push(JSON.stringify({ t: 'state', id: item.id, state: 'done', at: '2026-11-02T00:00:00.000Z' }))
  }
  writeFileSync(join(dataDir, 'uploads', 'p.jsonl'), lines.join('\n') + '\n')
  const files = Array.from({ length: INDEXED }, (_, i) => ({
    fileId: `file-${i}`,
    size: 1000 + i,
    key: `k/${i}`,
    url: `https://storage.example/k/${i}`,
  }))
  writeFileSync(join(dataDir, 'uploads', 'p.content.json'), JSON.stringify({ version: 1, files }))
  const grants = Array.from({ length: GRANTS }, (_, i) => ({
    path: `/photos/${i}.jpg`,
    dev: '1',
    ino: String(i + 10),
    grantedAt: '2026-11-01T00:00:00.000Z',
  }))
  writeFileSync(join(dataDir, 'grants.json'), JSON.stringify({ version: 1, files: grants, folders: [] }))
  return dataDir
}

/** Runs the importing child and kills it `afterMs` after it says it started; true when it was still running. */
async function killedImport(dataDir: string, afterMs: number): Promise<boolean> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/integration/storage/support/import-child.ts', dataDir],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  )
  await new Promise<void>((resolve) =>
    child.stdout!.on('data', (d) => {
      out += d
      if (out.includes('importing')) resolve()
    }),
  )
  setTimeout(() => child.kill('SIGKILL'), afterMs)
  return (await exited) === 'SIGKILL' && !out.includes('imported')
}

function counts(dataDir: string) {
  const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
  try {
    const n = (sql: string) => (sqlOf(database).prepare(sql).get() as { n: number }).n
    return {
      items: n('SELECT count(DISTINCT id) AS n FROM upload_items'),
      rows: n('SELECT count(*) AS n FROM upload_items'),
      done: n("SELECT count(*) AS n FROM upload_items WHERE state = 'done'"),
      indexed: n('SELECT count(*) AS n FROM content_index'),
      grants: n('SELECT count(*) AS n FROM file_grants'),
    }
  } finally {
    database.close()
  }
}

describe('import of the old state files killed mid-way', () => {
  it('loses and doubles nothing, whenever the kill lands', async () => {
    let killedMidway = 0
    for (const [round, afterMs] of [0, 60, 200, 500].entries()) {
      const dataDir = oldDataFolder(`round-${round}`)
      if (await killedImport(dataDir, afterMs)) killedMidway++
      // The reopen finishes what the killed run did not.
      expect(await killedImport(dataDir, 60_000)).toBe(false)
      expect(counts(dataDir), `kill after ${afterMs} ms`).toEqual({
        items: ITEMS,
        rows: ITEMS,
        done: ITEMS / 2,
        indexed: INDEXED,
        grants: GRANTS,
      })
      for (const old of ['uploads/p.jsonl', 'uploads/p.content.json', 'grants.json']) {
        expect(existsSync(join(dataDir, old))).toBe(false)
        expect(existsSync(join(dataDir, `${old}.pre-db`))).toBe(true)
      }
      // Each file's import is recorded with it: the next open of the folder finds nothing left to import.
      const reopened = openDatabase({ file: join(dataDir, DATABASE_FILE) })
      expect(settleLegacyFiles(reopened, dataDir)).toBe('settled')
      reopened.close()
    }
    // At least one kill landed before the imports were all done: the test proved something.
    expect(killedMidway).toBeGreaterThan(0)
  }, 180_000)
})
