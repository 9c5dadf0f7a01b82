// A smoke test of the real app through Playwright's Electron driver. It needs the Electron binary, which
// cannot be downloaded on the project's build machines: there it skips and says why.
import { expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { launchElectronApp } from './support/electron-app'
import { ELECTRON_SKIP_REASON, electronBinary } from './support/electron-binary'
import type { PageGlobals } from './support/page-globals'

const binary = electronBinary()
const electronBinaryExists = binary !== undefined

test.describe('Electron app', () => {
  test.skip(!electronBinaryExists, ELECTRON_SKIP_REASON)

  test('opens the hardened window on the sandbox and round-trips a call', async () => {
    const launched = await launchElectronApp(binary!, 'mediadeck-electron-')
    try {
      const page = await launched.app.firstWindow()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      const shell = new AppShell(page)
      await expect(shell.navigation).toBeVisible()
      await expect(shell.sandboxBadge).toContainText('Sandbox')
      expect(page.url()).toMatch(/^app:\/\/mediadeck\//)

      // No Node in the page: the preload's isolated world keeps require and process to itself.
      const globals = await page.evaluate(() => {
        const page = globalThis as unknown as PageGlobals
        return { require: typeof page.require, process: typeof page.process }
      })
      expect(globals).toEqual({ require: 'undefined', process: 'undefined' })
      const stats = await page.evaluate(() =>
        (globalThis as unknown as PageGlobals).mediadeck.storage.stats(),
      )
      expect(stats.file.total).toBeGreaterThan(0)
      await page.screenshot({ path: test.info().outputPath('electron.png') })
      expect(errors).toEqual([])
    } finally {
      await launched.quit()
      launched.removeData()
    }
  })
})
