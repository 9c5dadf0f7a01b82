// Auto-update, as policy without Electron: look for an update at start and once a day; when one has been
// downloaded, ask the person once whether to install it when they quit (never restart the app under them).
// The updater itself (electron-updater in the app) sits behind UpdaterPort: electron-updater-port.ts.

export interface UpdaterPort {
  /** Looks for a newer version and downloads it. Resolves with the downloaded version, or null when none. */
  checkAndDownload(): Promise<string | null>
  /** Whether the downloaded update is installed when the app quits. */
  setInstallOnQuit(install: boolean): void
}

export interface UpdateSchedulerOptions {
  port: UpdaterPort
  /** Asks whether to install `version` on quit; true is consent. */
  ask(version: string): Promise<boolean>
  log: { info(...data: unknown[]): void; warn(...data: unknown[]): void }
  intervalMs?: number
  timers?: {
    setInterval(run: () => void, ms: number): unknown
    clearInterval(handle: unknown): void
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000

export function createUpdateScheduler(o: UpdateSchedulerOptions) {
  const timers = o.timers ?? {
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
  }
  let handle: unknown
  let checking: Promise<void> | undefined
  /** Versions already asked about: a "not now" holds until a newer version arrives. */
  const asked = new Set<string>()
  let consented: string | null = null

  async function check(): Promise<void> {
    const version = await o.port.checkAndDownload()
    if (!version) return
    if (version === consented || asked.has(version)) return
    asked.add(version)
    const yes = await o.ask(version)
    o.log.info(`update ${version} downloaded; install on quit: ${yes ? 'yes' : 'not now'}`)
    if (yes) consented = version
    o.port.setInstallOnQuit(yes)
  }

  function checkNow(): Promise<void> {
    // A slow download must not start a second one.
    checking ??= check()
      .catch((error: unknown) => o.log.warn('checking for updates failed', error))
      .finally(() => (checking = undefined))
    return checking
  }

  return {
    start(): Promise<void> {
      handle ??= timers.setInterval(() => void checkNow(), o.intervalMs ?? DAY_MS)
      return checkNow()
    },
    checkNow,
    stop() {
      if (handle !== undefined) timers.clearInterval(handle)
      handle = undefined
    },
  }
}

/**
 * The feed MEDIADECK_UPDATE_URL names, when it may be used: always by an unpackaged app (testing a feed), and
 * by a packaged one only over https. Anyone who can set an environment variable for the installed app must not
 * be able to point its updater at a plain-http feed an attacker on the network answers.
 */
export function updateFeedOverride(
  value: string | undefined,
  isPackaged: boolean,
): { url: string } | { ignored: string } | null {
  const url = value?.trim()
  if (!url) return null
  if (!isPackaged) return { url }
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    return { ignored: 'MEDIADECK_UPDATE_URL is not an address' }
  }
  if (protocol === 'https:') return { url }
  return { ignored: 'MEDIADECK_UPDATE_URL is ignored by an installed app unless it is https' }
}
