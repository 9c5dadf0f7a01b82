// Screenshots of a view in both themes, kept as test artifacts under .test-results/screenshots/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

const DIR = join('.test-results', 'screenshots')

export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  mkdirSync(DIR, { recursive: true })
  const viewport = page.viewportSize()
  // The app scrolls inside its main column, so a tall window is what shows a whole view.
  await page.setViewportSize({ width: 1440, height: 1100 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // Let transitions settle so the picture shows the theme, not the cross-fade.
    await page.waitForTimeout(250)
    // Finite transitions (a progress bar easing to its value) are finished, not caught halfway.
    await page.screenshot({ path: join(DIR, `${name}-${colorScheme}.png`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

/** Sets the app's language as Settings would, through the page's own bridge. */
export async function setLanguage(page: Page, language: 'en' | 'id'): Promise<void> {
  await page.evaluate(
    (lang) =>
      (
        globalThis as unknown as { mediadeck: { settings: { update(p: { language: string }): unknown } } }
      ).mediadeck.settings.update({ language: lang }),
    language,
  )
}

/**
 * One picture of the page as it is, per theme: `file(colorScheme)` names each (a path under `.test-results/`).
 * The page is left in the light theme.
 */
export async function screenshotThemes(
  page: Page,
  file: (colorScheme: 'light' | 'dark') => string,
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // Let the theme's colours cross over so the picture shows the theme, not the fade.
    await page.waitForTimeout(200)
    await page.screenshot({ path: file(colorScheme), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
