// Auto-update policy: checked at start and daily; a downloaded update is installed on quit only with consent,
// asked once per version; a failed check is logged and tried again the next day.
import { describe, expect, it } from 'vitest'
import {
  createUpdateScheduler,
  DAY_MS,
  updateFeedOverride,
  type UpdaterPort,
} from '../../../main/app/updater'
import { electronUpdaterPort, type AutoUpdaterLike } from '../../../main/app/electron-updater-port'

function setup(versions: Array<string | null | Error>, answers: boolean[]) {
  const installOnQuit: boolean[] = []
  const asked: string[] = []
  const warnings: unknown[] = []
  let tick: (() => void) | undefined
  let intervalMs = 0
  const port: UpdaterPort = {
    checkAndDownload: async () => {
      const next = versions.shift() ?? null
      if (next instanceof Error) throw next
      return next
    },
    setInstallOnQuit: (install) => installOnQuit.push(install),
  }
  const scheduler = createUpdateScheduler({
    port,
    ask: async (version) => {
      asked.push(version)
      return answers.shift() ?? false
    },
    log: { info: () => undefined, warn: (...data) => warnings.push(data) },
    timers: {
      setInterval: (run, ms) => {
        tick = run
        intervalMs = ms
        return 1
      },
      clearInterval: () => (tick = undefined),
    },
  })
  return {
    scheduler,
    installOnQuit,
    asked,
    warnings,
    day: async () => {
      tick?.()
      await scheduler.checkNow()
    },
    intervalMs: () => intervalMs,
  }
}

describe('update scheduler', () => {
  it('checks at start and every day; installs on quit only after a yes', async () => {
    const s = setup([null, '1.1.0', '1.1.0', '1.2.0'], [false, true])
    await s.scheduler.start()
    expect(s.intervalMs()).toBe(DAY_MS)
    expect(s.asked).toEqual([])
    await s.day()
    expect(s.asked).toEqual(['1.1.0'])
    expect(s.installOnQuit).toEqual([false])
    // The same version is not asked about again; a newer one is.
    await s.day()
    await s.day()
    expect(s.asked).toEqual(['1.1.0', '1.2.0'])
    expect(s.installOnQuit).toEqual([false, true])
  })

  it('logs a failed check and carries on the next day', async () => {
    const s = setup([new Error('feed unreachable'), '2.0.0'], [true])
    await s.scheduler.start()
    expect(s.warnings).toHaveLength(1)
    await s.day()
    expect(s.installOnQuit).toEqual([true])
    s.scheduler.stop()
  })
})

describe('electron-updater port', () => {
  function fakeUpdater(result: Awaited<ReturnType<AutoUpdaterLike['checkForUpdates']>>) {
    const feeds: unknown[] = []
    const updater: AutoUpdaterLike = {
      autoDownload: false,
      autoInstallOnAppQuit: true,
      logger: console,
      setFeedURL: (o) => feeds.push(o),
      checkForUpdates: async () => result,
    }
    return { updater, feeds }
  }

  it('downloads in the background and never installs on quit unless told', async () => {
    let downloaded = false
    const { updater, feeds } = fakeUpdater({
      isUpdateAvailable: true,
      updateInfo: { version: '1.3.0' },
      downloadPromise: Promise.resolve().then(() => (downloaded = true)),
    })
    const port = electronUpdaterPort(updater, { feedUrl: 'http://127.0.0.1:9/feed' })
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: false })
    expect(feeds).toEqual([{ provider: 'generic', url: 'http://127.0.0.1:9/feed' }])
    await expect(port.checkAndDownload()).resolves.toBe('1.3.0')
    expect(downloaded).toBe(true)
    port.setInstallOnQuit(true)
    expect(updater.autoInstallOnAppQuit).toBe(true)
  })

  it('answers null when there is nothing newer or the updater is inactive', async () => {
    await expect(electronUpdaterPort(fakeUpdater(null).updater).checkAndDownload()).resolves.toBeNull()
    const same = fakeUpdater({
      isUpdateAvailable: false,
      updateInfo: { version: '0.1.0' },
      downloadPromise: null,
    })
    await expect(electronUpdaterPort(same.updater).checkAndDownload()).resolves.toBeNull()
  })
})

describe('the MEDIADECK_UPDATE_URL override', () => {
  it('is honoured by an unpackaged app whatever its scheme', () => {
    expect(updateFeedOverride('http://127.0.0.1:8080/feed', false)).toEqual({
      url: 'http://127.0.0.1:8080/feed',
    })
    expect(updateFeedOverride(undefined, false)).toBeNull()
    expect(updateFeedOverride('  ', true)).toBeNull()
  })

  it('is honoured by a packaged app only over https', () => {
    expect(updateFeedOverride('https://updates.example/mediadeck', true)).toEqual({
      url: 'https://updates.example/mediadeck',
    })
    for (const url of ['http://updates.example/mediadeck', 'file:///tmp/feed', 'not a url'])
      expect(updateFeedOverride(url, true), url).toEqual({
        ignored: expect.stringContaining('MEDIADECK_UPDATE_URL'),
      })
  })
})
