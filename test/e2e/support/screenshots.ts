// Pictures of what the page shows now in every look a screen is checked in: both languages, 1280 and 900 px
// wide, light and dark. The app is left in English and light, as the specs start.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, type BrowserModeApp } from './browser-mode'

export async function screenshotsInEveryLook(
  page: Page,
  app: BrowserModeApp,
  dir: string,
  name: string,
): Promise<void> {
  mkdirSync(dir, { recursive: true })
  for (const language of ['en', 'id'] as const) {
    await app.host.call('settings:update', { language })
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(200)
        await page.screenshot({
          path: join(dir, `${name}-${width}-${language}-${colorScheme}.png`),
          animations: 'disabled',
        })
      }
    }
  }
  await app.host.call('settings:update', { language: 'en' })
  await page.emulateMedia({ colorScheme: 'light' })
}
