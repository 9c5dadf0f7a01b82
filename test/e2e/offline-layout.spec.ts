// The views as a cold start offline shows them: the planner's month and its failed posts, the library (files and
// storage figure) and the automations from the replica, each with the offline notice ("Offline · as of 5 minutes
// ago").
// The built-in sandbox is used once and stopped, and the page opened again. The notice appears when a refresh
// fails, over a view already drawn: it must move nothing, which is checked by taking it out of the layout and
// measuring that the calendar, the lists and the figures stay where they were (at 1280 and 900 px, English and
// Indonesian). An axe audit of those views in both themes (no serious or critical finding), and, by
// `npm run screenshots` only (@screenshots), their pictures at 1280 and 900 px, light and dark, English and
// Bahasa Indonesia, under .test-results/screenshots/offline/ (or MEDIADECK_SHOTS_DIR).
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
  if (view === 'planner') {
    await expect(page.getByTestId('planner-entry').first()).toBeVisible()
    await expect(page.getByTestId('failed-post').first()).toBeVisible()
  }
  if (view === 'library') await expect(page.getByTestId('stored-file').first()).toBeVisible()
  if (view === 'automations') await expect(page.getByTestId('automation-row').first()).toBeVisible()
  const notices = page.getByTestId('stale-notice')
  // The planner has two: the calendar's and the failed posts'; the library two: the storage figure's and the files'.
  await expect(notices).toHaveCount(view === 'automations' ? 1 : 2)
  for (const one of await notices.all()) await expect(one).toContainText(notice)
  // A refresh still under way dims the rows it may replace; the view as it stays is what is audited.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** What the notice must not move, per view: the calendar, the failed posts, the figures, the lists. */
const STEADY: Record<View, string[]> = {
  planner: [
    '.planner__calendar',
    '[data-testid=planner-entry]',
    '[data-testid=planner-failed] [data-testid=failed-post]',
  ],
  library: ['[data-testid=storage-panel] [data-testid=stat-used]', '[data-testid=stored-file]'],
  automations: ['[data-testid=automation-row]'],
}

/**
 * Where the view's steady parts are, with the offline notices in the layout and with them taken out of it
 * (display: none, as before a refresh failed): the two must be the same.
 */
async function withAndWithoutNotices(page: Page, selectors: string[]) {
  return page.evaluate((selectors) => {
    const { document } = globalThis as unknown as {
      document: {
        querySelector(s: string): { getBoundingClientRect(): Record<string, number> } | null
        querySelectorAll(s: string): Array<{ style: { display: string } }>
      }
    }
    const boxes = () =>
      selectors.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect()
        return box ? { selector, x: box.x, y: box.y, width: box.width, height: box.height } : { selector }
      })
    const notices = [...document.querySelectorAll('[data-testid=stale-notice]')]
    const shown = boxes()
    for (const notice of notices) notice.style.display = 'none'
    const hidden = boxes()
    for (const notice of notices) notice.style.display = ''
    return { shown, hidden }
  }, selectors)
}

test('the offline notice moves nothing: the calendar, lists and figures stay put at 1280 and 900 px, EN and ID', async ({
  appPage,
  app,
}) => {
  test.setTimeout(120_000)
  await openOffline(appPage, app)
  for (const language of ['en', 'id'] as const) {
    await app.host.call('settings:update', { language })
    await expect(appPage.locator('html')).toHaveAttribute('lang', language)
    const notice = language === 'en' ? /Offline · as of .*(now|ago)/ : /Luring · per .*(sekarang|lalu)/
    for (const width of [1280, 900]) {
      await appPage.setViewportSize({ width, height: 900 })
      for (const view of VIEWS) {
        await showOffline(appPage, view, notice)
        const periods = view === 'planner' ? (['month', 'week', 'list'] as const) : [undefined]
        for (const period of periods) {
          if (period) {
            await appPage.getByTestId(`planner-view-${period}`).click()
            await expect(appPage.getByTestId('stale-notice')).toHaveCount(2)
            await expect(appPage.locator('[aria-busy="true"]')).toHaveCount(0)
          }
          const where = `${view}${period ? ` ${period}` : ''} at ${width} px, ${language}`
          const { shown, hidden } = await withAndWithoutNotices(appPage, STEADY[view])
          // The first is always there (the calendar, the figure, the first row); a week may have no post.
          expect(shown[0], where).toHaveProperty('y')
          expect(shown, where).toEqual(hidden)
          // And it says when in the room it has: the whole text, or the time alone, never cut.
          const cut = await appPage
            .getByTestId('stale-notice')
            .locator('.freshness__text')
            .evaluateAll((texts) =>
              texts.filter((text) => text.scrollWidth > text.clientWidth + 1).map((text) => text.textContent),
            )
          expect(cut, where).toEqual([])
        }
        if (view === 'planner') await appPage.getByTestId('planner-view-month').click()
      }
    }
  }
})

test('axe: no serious or critical finding in the offline views, both themes', async ({ appPage, app }) => {
  test.setTimeout(120_000)
  await openOffline(appPage, app)
  const findings: Finding[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await appPage.emulateMedia({ colorScheme })
    for (const view of VIEWS) {
      await showOffline(appPage, view, /Offline · as of .*(now|ago)/)
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
      const notice = language === 'en' ? /Offline · as of .*(now|ago)/ : /Luring · per .*(sekarang|lalu)/
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        for (const view of VIEWS) {
          await showOffline(appPage, view, notice)
          for (const colorScheme of ['light', 'dark'] as const) {
            await appPage.emulateMedia({ colorScheme })
            await animationsSettled(appPage)
            await appPage.screenshot({ path: join(dir, `${view}-${width}-${language}-${colorScheme}.png`) })
            // The failed posts, beside the calendar and below the fold.
            if (view === 'planner') {
              await appPage.getByTestId('planner-failed').screenshot({
                path: join(dir, `failed-${width}-${language}-${colorScheme}.png`),
              })
              // Back to the top for the next picture of the whole page.
              await appPage.locator('main').evaluate((main) => main.scrollTo(0, 0))
            }
          }
        }
      }
    }
  },
)
