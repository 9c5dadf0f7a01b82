// Playwright fixtures for the browser mode: each test gets the app served on a fresh temporary data dir (so
// it lands on the built-in Sandbox with demo data), a page that already opened it, and the console errors the
// page logged. `app.host` is the AppHost behind it: `app.host.sandbox.stop()/start()` takes the service
// offline and back on the same port, `app.host.sandbox.setFaults({...})` injects faults, `app.host.call(...)`
// runs a contract call directly. Needs the built renderer (`npm run test:e2e` builds it first).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import {
  DEFAULT_RENDERER_DIR,
  startBrowserMode,
  type BrowserMode,
  type BrowserModeOptions,
} from '../../../main/browser-mode/index'
import type { AppHost } from '../../../main/host/app-host'

export interface BrowserModeApp {
  /** The address with the token: http://127.0.0.1:PORT/<token>/ */
  url: string
  port: number
  dataDir: string
  host: AppHost
}

export interface BrowserModeFixtures {
  /** Options for startBrowserMode; override per file with test.use({ browserModeOptions: {...} }). */
  browserModeOptions: Partial<Omit<BrowserModeOptions, 'dataDir'>>
  app: BrowserModeApp
  /** Console errors and uncaught page errors seen so far (the app page is already open). */
  consoleErrors: string[]
  /** A page with the app loaded and window.mediadeck defined. */
  appPage: Page
}

export const test = base.extend<BrowserModeFixtures>({
  browserModeOptions: [{}, { option: true }],
  app: async ({ browserModeOptions }, use) => {
    assertRendererBuilt(browserModeOptions.rendererDir ?? DEFAULT_RENDERER_DIR)
    const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-e2e-'))
    let mode: BrowserMode | undefined
    try {
      mode = await startBrowserMode({ ...browserModeOptions, dataDir })
      await use({ url: mode.url, port: mode.port, dataDir, host: mode.host })
    } finally {
      await mode?.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
    await use(errors)
  },
  appPage: async ({ page, app, consoleErrors }, use) => {
    void consoleErrors
    await page.goto(app.url)
    await page.waitForFunction(() => 'mediadeck' in globalThis)
    await use(page)
  },
})

/** The tree is shared: another `vite build` may be rewriting out/renderer right now. Give it a moment. */
function assertRendererBuilt(dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(
      `No built renderer in ${dir}: run \`npm run build:renderer\` first (npm test and test:e2e do)`,
    )
  }
}

export { expect }
