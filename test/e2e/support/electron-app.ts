// The real app, from this checkout, through Playwright's Electron driver, for the _electron specs: main built
// when it is missing, on a fresh data folder. On a headless runner the tray, notifications and the keychain
// behind safeStorage may be absent: the app tolerates each (start-app.ts: no tray means closing quits;
// Notification.isSupported(); secrets kept for the session when safeStorage cannot encrypt), so nothing is
// stubbed here but what a spec says it stubs.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, type ElectronApplication } from '@playwright/test'

export interface LaunchedApp {
  app: ElectronApplication
  dataDir: string
  /** Quits the app (Playwright's close: app.quit(), then the process's end) and leaves the data folder. */
  quit(): Promise<void>
  /** Removes the data folder; retried, since Windows releases a quit process's files a little later. */
  removeData(): void
}

export async function launchElectronApp(binary: string, prefix: string): Promise<LaunchedApp> {
  if (!existsSync('out/main/index.js')) {
    const build = spawnSync('node', ['scripts/build-main.mjs'], { stdio: 'inherit' })
    expect(build.status).toBe(0)
  }
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const app = await electron.launch({
    executablePath: binary,
    args: ['.'],
    env: { ...process.env, MEDIADECK_DATA_DIR: dataDir },
  })
  return {
    app,
    dataDir,
    quit: () => app.close(),
    removeData: () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }),
  }
}
