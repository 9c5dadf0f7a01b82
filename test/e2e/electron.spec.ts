// A smoke test of the real app through Playwright's Electron driver. It needs the Electron binary, which
// cannot be downloaded on the project's build machines: there it skips and says why.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { ELECTRON_SKIP_REASON, electronBinary } from './support/electron-binary'
import type { PageGlobals } from './support/page-globals'

const binary = electronBinary()
const electronBinaryExists = binary !== undefined

test.describe('Electron app', () => {
  test.skip(!electronBinaryExists, ELECTRON_SKIP_REASON)

  test('opens the hardened window on the sandbox and round-trips a call', async () => {
    if (!existsSync('out/main/index.js')) {
      const build = spawnSync('node', ['scripts/build-main.mjs'], { stdio: 'inherit' })
      expect(build.status).toBe(0)
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-electron-'))
    const app = await electron.launch({
      executablePath: binary,
      args: ['.'],
      env: { ...process.env, MEDIADECK_DATA_DIR: dataDir },
    })
    try {
      const page = await app.firstWindow()
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
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
