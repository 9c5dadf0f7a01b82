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
    templates: [],
    reports: [],
  }
}

export async function openStore(dataDir: string): Promise<Store> {
  await fsp.mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, STORE_FILE)
  await removeLeftovers(dataDir)
  let data: StoreData
  let text: string | null = null
  try {
    text = await fsp.readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (text === null) data = emptyData()
  else {
    let parsed: StoreData
    try {
      parsed = JSON.parse(text) as StoreData
    } catch (error) {
      throw new Error(`the sandbox store ${file} is not valid JSON (${(error as Error).message})`)
    }
    if (parsed?.version !== 1) throw new Error(`unsupported sandbox store version in ${file}`)
    data = parsed
    // A store written before templates and reports existed.
    data.templates ??= []
    data.reports ??= []
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

/** A crash can leave snapshot temp files and partial uploads; neither is ever read, so they go. */
async function removeLeftovers(dataDir: string): Promise<void> {
  const names = await fsp.readdir(dataDir).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((n) => n.startsWith(`${STORE_FILE}.`) && n.endsWith('.tmp'))
      .map((n) => fsp.rm(path.join(dataDir, n), { force: true })),
  )
  await fsp.rm(path.join(dataDir, 'tmp'), { recursive: true, force: true })
}
