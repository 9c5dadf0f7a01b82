// The updater logic against a real electron-updater reading a local update feed: a latest-linux.yml and its
// file served on loopback, with a mocked `electron` (the binary cannot run here). It checks at start, sees the
// newer version, downloads and verifies it (sha512), asks, and only then sets it to install on quit.
//
// electron-updater loads `electron` with require() from node_modules, where vi.mock does not reach: the mock
// is put in Node's module cache under electron's resolved path instead.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import Module, { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { electronUpdaterPort, type AutoUpdaterLike } from '../../../main/app/electron-updater-port'
import { createUpdateScheduler } from '../../../main/app/updater'

const require = createRequire(import.meta.url)
const updaterPath = (() => {
  try {
    return require.resolve('electron-updater')
  } catch {
    return undefined
  }
})()
// Skipped where it cannot run, and why: each platform has its own updater (NSIS on Windows, Squirrel.Mac on macOS,
// AppImage on Linux) reading its own feed format, and the feed served here is Linux's (latest-linux.yml), so on
// Windows and macOS the updater would ask for a file this test does not serve. electron-updater is a dependency,
// so `npm ci` installs it; without it there is nothing to test. It runs on Linux: here, and in CI (.ci/run).
const runnable = updaterPath !== undefined && process.platform === 'linux'

describe.skipIf(!runnable)(
  'electron-updater on a loopback feed (skipped off Linux: the feed served is latest-linux.yml; runs on Linux, as in CI)',
  () => {
    let root: string
    let server: Server
    let feedUrl: string
    const requests: string[] = []
    const payload = Buffer.alloc(64 * 1024, 7)
    const sha512 = createHash('sha512').update(payload).digest('base64')

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'update-feed-'))
      server = createServer((req, res) => {
        requests.push(req.url ?? '')
        if (req.url?.startsWith('/feed/latest-linux.yml')) {
          res.end(
            [
              'version: 1.2.0',
              'files:',
              '  - url: Mediadeck-1.2.0.AppImage',
              `    sha512: ${sha512}`,
              `    size: ${payload.length}`,
              'path: Mediadeck-1.2.0.AppImage',
              `sha512: ${sha512}`,
              "releaseDate: '2026-11-24T00:00:00.000Z'",
              '',
            ].join('\n'),
          )
        } else if (req.url?.startsWith('/feed/Mediadeck-1.2.0.AppImage')) {
          res.setHeader('content-length', payload.length)
          res.end(payload)
        } else {
          res.statusCode = 404
          res.end()
        }
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const address = server.address() as { port: number }
      feedUrl = `http://127.0.0.1:${address.port}/feed`

      // What a packaged app has: resources/app-update.yml and, for an AppImage, $APPIMAGE.
      const resources = join(root, 'resources')
      mkdirSync(resources)
      writeFileSync(
        join(resources, 'app-update.yml'),
        `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: mediadeck-updater\n`,
      )
      Object.assign(process, { resourcesPath: resources })
      process.env.APPIMAGE = join(root, 'Mediadeck.AppImage')
      process.env.XDG_CACHE_HOME = join(root, 'cache')
      writeFileSync(process.env.APPIMAGE, 'the running version')

      // electron's net.request takes http.request's options and gives the same response events.
      const fakeElectron = {
        app: {
          name: 'Mediadeck',
          isPackaged: true,
          getName: () => 'Mediadeck',
          getVersion: () => '0.1.0',
          getAppPath: () => resources,
          getPath: (name: string) => join(root, name),
          isReady: () => true,
          whenReady: async () => undefined,
          on: () => undefined,
          once: () => undefined,
          quit: () => undefined,
        },
        autoUpdater: {},
        net: { request: (options: Parameters<typeof request>[0]) => request(options) },
        session: { defaultSession: {}, fromPartition: () => ({}) },
      }
      const electronPath = createRequire(updaterPath!).resolve('electron')
      const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache
      cache[electronPath] = { id: electronPath, filename: electronPath, loaded: true, exports: fakeElectron }
    })

    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve))
      rmSync(root, { recursive: true, force: true })
      delete process.env.APPIMAGE
      delete process.env.XDG_CACHE_HOME
    })

    it('downloads the newer version from the feed and installs it on quit only after consent', async () => {
      const { autoUpdater } = require(updaterPath!) as { autoUpdater: AutoUpdaterLike }
      const asked: string[] = []
      const scheduler = createUpdateScheduler({
        port: electronUpdaterPort(autoUpdater, { feedUrl }),
        ask: async (version) => {
          asked.push(version)
          // Asked only once the file is downloaded and verified.
          expect(
            existsSync(join(root, 'cache', 'mediadeck-updater', 'pending', 'Mediadeck-1.2.0.AppImage')),
          ).toBe(true)
          expect(autoUpdater.autoInstallOnAppQuit).toBe(false)
          return true
        },
        log: { info: () => undefined, warn: (...data) => expect.fail(String(data)) },
      })
      await scheduler.start()
      scheduler.stop()
      expect(asked).toEqual(['1.2.0'])
      expect(autoUpdater.autoInstallOnAppQuit).toBe(true)
      expect(requests.map((url) => url.split('?')[0])).toEqual([
        '/feed/latest-linux.yml',
        '/feed/Mediadeck-1.2.0.AppImage',
      ])
    })
  },
)
