// The JSON store of one data dir. Every mutation is followed by `commit()`, which resolves once a snapshot
// containing it is on disk. Snapshots are written to a temp file, fsynced, then renamed over store.json, so
// a crash leaves either the old or the new store, never half of one. Concurrent commits share one write.
import { promises as fsp } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { StoreData } from './model'

export const STORE_FILE = 'store.json'

export interface Store {
  data: StoreData
  commit(): Promise<void>
  close(): Promise<void>
}

function emptyData(): StoreData {
  return {
    version: 1,
    storageSecret: randomBytes(32).toString('hex'),
    users: [],
    accounts: [],
    automations: [],
    files: [],
    schedules: [],
  }
}

export async function openStore(dataDir: string): Promise<Store> {
  await fsp.mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, STORE_FILE)
  let data: StoreData
  try {
    const parsed = JSON.parse(await fsp.readFile(file, 'utf8')) as StoreData
    if (parsed?.version !== 1) throw new Error(`unsupported store version in ${file}`)
    data = parsed
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    data = emptyData()
  }

  let writing: Promise<void> | null = null
  let pending: Promise<void> | null = null
  let counter = 0

  async function writeSnapshot(): Promise<void> {
    const tmp = `${file}.${process.pid}.${counter++}.tmp`
    const handle = await fsp.open(tmp, 'w')
    try {
      await handle.writeFile(JSON.stringify(data))
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fsp.rename(tmp, file)
  }

  function commit(): Promise<void> {
    // A write already queued behind the running one will include this mutation too.
    if (pending) return pending
    const previous = writing ?? Promise.resolve()
    const next: Promise<void> = previous
      .catch(() => undefined)
      .then(() => {
        pending = null
        writing = next
        return writeSnapshot()
      })
      .finally(() => {
        if (writing === next) writing = null
      })
    pending = next
    return next
  }

  await commit()
  return {
    data,
    commit,
    async close() {
      await (pending ?? writing ?? Promise.resolve()).catch(() => undefined)
    },
  }
}
