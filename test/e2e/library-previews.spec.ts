// Stored file previews and light thumbnails through the browser mode on the sandbox: tiles show thumbnails made
// once in the page and kept by main, so a reload downloads no original; a tile opens a preview the arrows move
// through and Esc closes. Screenshots in both themes, at 1280 and 900 px, in English and Bahasa Indonesia, go
// to SHOTS_DIR (outside the repository) when it is set.
import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { expect, test } from './support/browser-mode'

const SHOTS = process.env.SHOTS_DIR

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 })
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await page.waitForTimeout(250)
      await page.screenshot({
        path: join(SHOTS, `${name}-${width}-${colorScheme}.png`),
        animations: 'disabled',
      })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('tiles show thumbnails kept by main; a reload downloads no original; previews move with the arrows', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  await expect(shell.heading('Library')).toBeVisible()
  const pngTiles = appPage.getByTestId('stored-file').filter({ hasText: '.png' })
  await expect(pngTiles.first()).toBeVisible({ timeout: 20_000 })
  const pngCount = await pngTiles.count()
  expect(pngCount).toBeGreaterThan(0)
  await expect(pngTiles.getByTestId('thumb-small')).toHaveCount(pngCount, { timeout: 20_000 })
  const thumbDir = join(app.dataDir, 'thumbnails')
  await expect.poll(() => readdirSync(thumbDir).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(pngCount)

  // Again, from main's cache on the page's own origin (the picture route): the originals are not fetched.
  const originals: string[] = []
  const origin = new URL(app.url).origin
  appPage.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== origin && /\.(png|jpe?g|webp|mp4)$/.test(url.pathname)) originals.push(url.href)
  })
  await appPage.reload()
  await expect(pngTiles.getByTestId('thumb-small')).toHaveCount(pngCount, { timeout: 20_000 })
  expect(originals).toEqual([])
  await shots(appPage, 'library-thumbnails-en')

  // The preview: open, next, previous, close.
  await appPage.getByTestId('file-preview-open').first().click()
  const preview = appPage.getByTestId('file-preview')
  await expect(preview).toBeVisible()
  const first = await preview.getByTestId('preview-name').textContent()
  await appPage.keyboard.press('ArrowRight')
  await expect(preview.getByTestId('preview-name')).not.toHaveText(first!)
  await appPage.keyboard.press('ArrowLeft')
  await expect(preview.getByTestId('preview-name')).toHaveText(first!)
  const image = appPage.getByTestId('stored-file').filter({ hasText: '.png' }).first()
  await appPage.keyboard.press('Escape')
  await expect(preview).toBeHidden()
  await image.getByTestId('file-preview-open').click()
  await expect(preview.getByTestId('preview-dimensions')).toBeVisible()
  await shots(appPage, 'library-preview-en')

  await app.host.call('settings:update', { language: 'id' })
  await expect(appPage.getByTestId('preview-compose')).toHaveText(/Pakai di postingan baru/)
  await shots(appPage, 'library-preview-id')
  await appPage.keyboard.press('Escape')
  await shots(appPage, 'library-thumbnails-id')

  // Use in a new post: the composer opens in the Planner with the file as media.
  await image.getByTestId('file-preview-open').click()
  await appPage.getByTestId('preview-compose').click()
  await expect(appPage.getByTestId('composer-media')).toHaveCount(1, { timeout: 20_000 })
  // Chromium warns that it cannot read the bracketed IPv6 loopback in the browser mode's connect-src
  // (main/browser-mode/server.ts lists every loopback name); that is the host's, not this view's.
  expect(consoleErrors).toEqual([])
})
