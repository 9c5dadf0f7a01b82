// The embedded sandbox's port outlives a restart: file URLs saved in drafts and scheduled posts name it. When
// another program holds it, the host starts on a free port, says so in the log, and keeps the remembered one.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { silentLogger, type Logger } from '../../../main/host/logging'

let root: string
let dataDir: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'shell-port-'))
  dataDir = join(root, 'data')
})

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

/** Starts a host on the shared data dir, runs `use`, and closes it whatever happens. */
async function withHost<T>(use: (host: AppHost) => Promise<T>, log: Logger = silentLogger): Promise<T> {
  const host = await createAppHost({ dataDir, mode: 'browser', log })
  try {
    return await use(host)
  } finally {
    await host.close()
  }
}

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

describe('the embedded sandbox port', () => {
  it('is remembered and used again on the next launch, so stored file URLs keep working', async () => {
    const first = await withHost(async (host) => {
      const files = await host.call('storage:files', { page: 1, limit: 1 })
      return { port: host.sandbox.port, url: files.docs[0]!.url }
    })
    expect(first.port).toBeGreaterThan(0)
    expect(first.url).toContain(`:${first.port}/`)

    await withHost(async (host) => {
      expect(host.sandbox.port).toBe(first.port)
      expect(host.store.get('sandboxPort')).toBe(first.port)
      // The URL saved in the first run still serves the file.
      const response = await fetch(first.url)
      expect(response.status).toBe(200)
    })
  })

  it('falls back to a free port when the remembered one is taken, and logs it', async () => {
    const remembered = await withHost(async (host) => host.sandbox.port)
    const squatter = await occupy(remembered)
    const warnings: string[] = []
    try {
      await withHost(
        async (host) => {
          expect(host.sandbox.port).not.toBe(remembered)
          await expect(host.call('connection:check')).resolves.toMatchObject({ status: 'online' })
          await expect(host.call('storage:stats')).resolves.toMatchObject({
            file: { total: expect.any(Number) },
          })
        },
        { ...silentLogger, warn: (message: string) => void warnings.push(message) },
      )
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()))
    }
    expect(warnings.some((w) => w.includes(`port ${remembered} is taken`))).toBe(true)
    // The port the saved URLs name is asked for again once it is free.
    await withHost(async (host) => {
      expect(host.sandbox.port).toBe(remembered)
    })
  })
})
