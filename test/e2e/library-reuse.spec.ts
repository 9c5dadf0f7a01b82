// A file dropped again (the same bytes under another name) is not uploaded twice: its row says it is already in
// the library, in English and in Bahasa Indonesia, and points at the stored file's address.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { AppShell } from './pages/app-shell'
import { LibraryPage } from './pages/library-page'
import { expect, test } from './support/browser-mode'

const SHOTS = join('.test-results', 'screenshots')

test('the same bytes dropped twice are stored once, and the row says "already in your library"', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  const library = new LibraryPage(appPage)
  await shell.open('Library')
  // dropFiles fills every file with the same byte: two files of one size hold identical bytes.
  await shell.dropFiles([{ name: 'beach.png', size: 90_000, type: 'image/png' }])
  await expect(library.row('beach.png')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  const before = await app.host.call('storage:stats')
  await shell.dropFiles([{ name: 'beach-again.png', size: 90_000, type: 'image/png' }])
  const again = library.row('beach-again.png')
  await expect(again).toHaveAttribute('data-reused', 'true', { timeout: 20_000 })
  await expect(again.getByTestId('upload-state')).toHaveText('Already in your library')
  // The batch's toast does not count it as uploaded.
  const toast = appPage.locator('.ui-toast').last()
  await expect(toast).toContainText('Already in your library')
  await expect(toast).not.toContainText('uploaded')
  await expect(appPage.getByTestId('queue-summary')).toHaveText('1 uploaded · 1 already in your library')
  const after = await app.host.call('storage:stats')
  expect(after.file.total).toBe(before.file.total)
  expect(after.usage.used).toBe(before.usage.used)

  mkdirSync(SHOTS, { recursive: true })
  for (const language of ['en', 'id'] as const) {
    if (language === 'id') {
      await app.host.call('settings:update', { language: 'id' })
      await appPage.reload()
      await expect(library.row('beach-again.png').getByTestId('upload-state')).toHaveText(
        'Sudah ada di pustaka Anda',
      )
      // A third copy, so the shots show the toast in Bahasa Indonesia too.
      await shell.dropFiles([{ name: 'beach-third.png', size: 90_000, type: 'image/png' }])
      await expect(library.row('beach-third.png')).toHaveAttribute('data-reused', 'true', { timeout: 20_000 })
      await expect(appPage.locator('.ui-toast').last()).toContainText('Sudah ada di pustaka Anda')
    }
    for (const width of [1280, 900]) {
      await appPage.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await appPage.emulateMedia({ colorScheme })
        await appPage.waitForTimeout(250)
        await appPage.screenshot({
          path: join(SHOTS, `library-reuse-${language}-${width}-${colorScheme}.png`),
          animations: 'disabled',
        })
      }
    }
  }
  expect(consoleErrors).toEqual([])
})
