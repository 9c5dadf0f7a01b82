// Quiet hours in Settings, in a real Chromium against the real host in browser mode: set by keyboard alone (the
// switch, then each time typed in the app's 24-hour format), kept by main (a reload and the host's settings
// say so), in English and Bahasa Indonesia; axe finds nothing serious in either theme; pictures at 1280 and
// 900 px in both themes and languages are kept for a person to look at.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { setLanguage } from './pages/screenshots'
import { auditInBothThemes } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'

const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'inbox-list')

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('quiet-hours')).toBeVisible()
}

test('quiet hours are set by keyboard and kept, in both languages', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const page = appPage
  await openSettings(page)
  await expect(page.getByRole('group', { name: 'Quiet hours' })).toBeVisible()
  const on = page.getByRole('checkbox', { name: 'No notifications during quiet hours' })
  await expect(on).not.toBeChecked()
  await expect(page.getByTestId('quiet-hours-from')).toBeDisabled()

  await on.focus()
  await page.keyboard.press('Space')
  await expect(on).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('quiet-hours-from')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('21:30')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('quiet-hours-to')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('06:15')
  await page.keyboard.press('Tab')
  await expect
    .poll(async () => (await app.host.call('settings:get')).quietHours)
    .toEqual({ enabled: true, from: '21:30', to: '06:15' })

  await page.reload()
  await openSettings(page)
  await expect(page.getByTestId('quiet-hours-from')).toHaveValue('21:30')
  await expect(page.getByTestId('quiet-hours-to')).toHaveValue('06:15')

  await setLanguage(page, 'id')
  await expect(page.getByRole('group', { name: 'Jam tenang' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Tanpa notifikasi selama jam tenang' })).toBeChecked()
  // Indonesian writes times with a dot.
  await expect(page.getByTestId('quiet-hours-from')).toHaveValue('21.30')
  await page.getByTestId('quiet-hours-to').focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('07.00')
  await page.keyboard.press('Tab')
  await expect
    .poll(async () => (await app.host.call('settings:get')).quietHours)
    .toEqual({ enabled: true, from: '21:30', to: '07:00' })
  await setLanguage(page, 'en')
  expect(consoleErrors).toEqual([])
})

test('quiet hours: no serious or critical axe violation, and pictures at 1280 and 900 px', async ({
  appPage,
  app,
}) => {
  test.setTimeout(axeTimeout(2) + 60_000)
  const page = appPage
  await app.host.call('settings:update', { quietHours: { enabled: true, from: '22:00', to: '07:00' } })
  await openSettings(page)
  await page.getByTestId('quiet-hours').scrollIntoViewIfNeeded()
  expect(await auditInBothThemes(page, 'settings, quiet hours')).toEqual([])
  mkdirSync(shotsDir, { recursive: true })
  for (const language of ['en', 'id'] as const) {
    await setLanguage(page, language)
    await expect(page.getByTestId('quiet-hours').locator('legend')).toHaveText(
      language === 'en' ? 'Quiet hours' : 'Jam tenang',
    )
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByTestId('quiet-hours').scrollIntoViewIfNeeded()
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(300)
        await page.screenshot({
          path: join(shotsDir, `quiet-hours-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
})
