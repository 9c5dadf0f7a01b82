// The views as a cold start offline shows them: the planner's month, the library (files and storage figure) and
// the automations from the replica, each with the offline notice ("Offline · as of 09:14"). The built-in
// sandbox is used once and stopped, and the page opened again. An axe audit of those views in both themes (no
// serious or critical finding), and, by `npm run screenshots` only (@screenshots), their pictures at 1280 and
// 900 px, light and dark, English and Bahasa Indonesia, under .test-results/screenshots/offline/ (or
// MEDIADECK_SHOTS_DIR).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { AutomationsPage } from './pages/automations-page'
import { LibraryPage } from './pages/library-page'
import { PlannerPage } from './pages/planner-page'
import { animationsSettled } from './support/animations'
import { audit, type Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const VIEWS = ['planner', 'library', 'automations'] as const
type View = (typeof VIEWS)[number]

/** Each view seen online once (so the replica has it), then the service stopped and the page opened again. */
async function openOffline(page: Page, app: BrowserModeApp): Promise<void> {
  await new PlannerPage(page).open()
  await expect(page.getByTestId('planner-entry').first()).toBeVisible()
  await page.getByTestId('nav-library').click()
  await expect(new LibraryPage(page).storedFiles.getByTestId('stored-file').first()).toBeVisible()
  await page.getByTestId('nav-automations').click()
  await expect(new AutomationsPage(page).rows.first()).toBeVisible()
  await app.host.sandbox.stop()
  await page.reload()
  await page.waitForFunction(() => 'mediadeck' in globalThis)
}

/** Opens a view and waits until it shows the replica's data with the offline notice. */
async function showOffline(page: Page, view: View, notice: RegExp): Promise<void> {
  await page.getByTestId(`nav-${view}`).click()
  if (view === 'planner') await expect(page.getByTestId('planner-entry').first()).toBeVisible()
  if (view === 'library') await expect(page.getByTestId('stored-file').first()).toBeVisible()
  if (view === 'automations') await expect(page.getByTestId('automation-row').first()).toBeVisible()
  const notices = page.getByTestId('stale-notice')
  // The library has two: the storage figure's and the files'.
  await expect(notices).toHaveCount(view === 'library' ? 2 : 1)
  for (const one of await notices.all()) await expect(one).toContainText(notice)
  // A refresh still under way dims the rows it may replace; the view as it stays is what is audited.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

test('axe: no serious or critical finding in the offline views, both themes', async ({ appPage, app }) => {
  test.setTimeout(120_000)
  await openOffline(appPage, app)
  const findings: Finding[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await appPage.emulateMedia({ colorScheme })
    for (const view of VIEWS) {
      await showOffline(appPage, view, /Offline · as of \d\d:\d\d/)
      findings.push(...(await audit(appPage, `${view} offline, ${colorScheme}`)))
    }
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

test(
  'screenshots of the offline views at 1280 and 900 px, light and dark, English and Indonesian',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(240_000)
    const dir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'offline')
    mkdirSync(dir, { recursive: true })
    await openOffline(appPage, app)
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      const notice = language === 'en' ? /Offline · as of \d\d:\d\d/ : /Luring · per \d\d\.\d\d/
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        for (const view of VIEWS) {
          await showOffline(appPage, view, notice)
          for (const colorScheme of ['light', 'dark'] as const) {
            await appPage.emulateMedia({ colorScheme })
            await animationsSettled(appPage)
            await appPage.screenshot({ path: join(dir, `${view}-${width}-${language}-${colorScheme}.png`) })
          }
        }
      }
    }
  },
)
