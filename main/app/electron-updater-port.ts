// The UpdaterPort over electron-updater's autoUpdater: downloads in the background, installs only on quit and
// only with consent (autoInstallOnAppQuit stays false until the person says yes). The feed is the `publish`
// target of electron-builder.yml (written into the packaged app as app-update.yml); MEDIADECK_UPDATE_URL
// points the app at another feed of the same shape (electron-updater's `generic` provider: a latest.yml
// next to the files).
//
// electron-updater is loaded at run time: without it (not installed yet, or a build that leaves it out) the
// app runs without auto-update and says so in the log, instead of failing to start.
import type { UpdaterPort } from './updater'

/** The part of electron-updater's AppUpdater this port uses. */
export interface AutoUpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  logger: unknown
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdates(): Promise<{
    isUpdateAvailable?: boolean
    updateInfo: { version: string }
    downloadPromise?: Promise<unknown> | null
  } | null>
}

export function electronUpdaterPort(
  updater: AutoUpdaterLike,
  options: { feedUrl?: string; logger?: unknown } = {},
): UpdaterPort {
  updater.autoDownload = true
  updater.autoInstallOnAppQuit = false
  updater.logger = options.logger ?? null
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl })
  return {
    async checkAndDownload() {
      // Null when the updater is inactive (an unpackaged app without a dev-app-update.yml).
      const result = await updater.checkForUpdates()
      if (!result || result.isUpdateAvailable === false || !result.downloadPromise) return null
      await result.downloadPromise
      return result.updateInfo.version
    },
    setInstallOnQuit(install) {
      updater.autoInstallOnAppQuit = install
    },
  }
}

/** A variable, so bundlers and tsc leave the optional module alone. */
const MODULE = 'electron-updater'

export async function loadElectronUpdater(): Promise<AutoUpdaterLike | null> {
  try {
    const mod = (await import(/* @vite-ignore */ MODULE)) as {
      autoUpdater?: AutoUpdaterLike
      default?: { autoUpdater?: AutoUpdaterLike }
    }
    return mod.autoUpdater ?? mod.default?.autoUpdater ?? null
  } catch {
    return null
  }
}
