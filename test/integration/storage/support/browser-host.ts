// The app host as the browser mode runs it (its embedded sandbox, a data folder of its own), shared by the
// tests of one file: started before them, closed and its folder removed after. Tests that call the storage
// doctor through the host, as the renderer does, use it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createAppHost, type AppHost } from '../../../../main/host/app-host'
import { silentLogger } from '../../../../main/host/logging'

/** Registers the file's beforeAll/afterAll; the returned function gives the host once beforeAll has run. */
export function browserHostForFile(folderPrefix: string): () => AppHost {
  let root: string
  let host: AppHost | undefined
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), folderPrefix))
    host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser', log: silentLogger })
  })
  afterAll(async () => {
    await host?.close()
    rmSync(root, { recursive: true, force: true })
  })
  return () => {
    if (!host) throw new Error('the host is started in beforeAll: call this inside a test')
    return host
  }
}
