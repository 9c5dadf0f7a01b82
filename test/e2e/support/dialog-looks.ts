// An open dialog in every look it is checked in: both languages, 1280 and 900 px wide, light and dark, with a
// screenshot of each and axe (serious and critical) on the dialog at 1280. `inLanguage` checks the words of
// each language once it is shown. The app is left in English and light, as the specs start; the findings are
// returned for the spec to expect none.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsSettled } from './animations'
import { expect, type BrowserModeApp } from './browser-mode'

export async function dialogInEveryLook(
  page: Page,
  app: BrowserModeApp,
  o: { dir: string; name: string; inLanguage?: (language: 'en' | 'id') => Promise<void> },
): Promise<string[]> {
  mkdirSync(o.dir, { recursive: true })
  const findings: string[] = []
  for (const language of ['en', 'id'] as const) {
    await app.host.call('settings:update', { language })
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await o.inLanguage?.(language)
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 800 })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await animationsSettled(page)
        if (width === 1280) {
          const { violations } = await new AxeBuilder({ page }).include('[role=dialog]').analyze()
          findings.push(
            ...violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map(
                (v) => `${language} ${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
              ),
          )
        }
        await page.screenshot({ path: join(o.dir, `${o.name}-${width}-${language}-${scheme}.png`) })
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await app.host.call('settings:update', { language: 'en' })
  return findings
}
