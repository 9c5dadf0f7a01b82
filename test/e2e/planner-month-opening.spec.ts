// Where the month view opens in a short window (a 13-inch laptop's 1366×768, 1280×720, a 900 px wide window):
// six weeks are taller than the content column, and late in the month today's week, with the posts due next,
// lay below the fold. The page's clock is the test's, on a day late in November 2026. Also pictures of the
// opened month at 1280 and 900 px, light and dark, English and Bahasa Indonesia, with axe over them (by
// `npm run screenshots` only; PLANNER_SHOTS_DIR chooses where, by default the test's own output folder).
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { PlannerPage, saveDraft } from './pages/planner-page'
import { animationsSettled } from './support/animations'
import { audit, type Finding } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'

/** Friday 27 November 2026 at noon UTC: the 27th in every zone from UTC−11 to UTC+11, in the month's fifth week. */
const LATE_IN_MONTH = new Date('2026-11-27T12:00:00Z')
const TODAY = '2026-11-27'

async function withClockAt(page: Page, time: Date): Promise<void> {
  await page.clock.install({ time })
  await page.reload()
  await page.waitForFunction(() => 'mediadeck' in globalThis)
}

/** Whether `inner` is seen whole inside the content column (the scroller). */
async function seenIn(inner: Locator, main: Locator): Promise<boolean> {
  const a = await inner.boundingBox()
  const b = await main.boundingBox()
  if (!a || !b) return false
  return a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1
}

test('in a short window the current month opens at today’s week, another month at its top, and the focus stays put', async ({
  appPage,
}) => {
  await withClockAt(appPage, LATE_IN_MONTH)
  const shell = new AppShell(appPage)
  const main = appPage.locator('main')
  const month = appPage.getByTestId('planner-month')
  const today = month.locator(`[role=gridcell][data-day="${TODAY}"]`)
  const weekdays = month.getByRole('columnheader').first()
  for (const [width, height] of [
    [1366, 768],
    [1280, 720],
    [900, 720],
  ] as const) {
    const size = `${width}×${height}`
    await appPage.setViewportSize({ width, height })
    await shell.open('Library')
    await expect(shell.heading('Library')).toBeVisible()
    // Opened by the keyboard from the sidebar: the focus stays on the link it was on.
    const link = shell.link('Planner')
    await link.focus()
    await appPage.keyboard.press('Enter')
    await month.waitFor()
    await expect(today, size).toHaveAttribute('aria-current', 'date')
    await expect.poll(() => seenIn(today, main), { message: size }).toBe(true)
    // It took a scroll: at the top, today's week lay below the fold.
    expect(await main.evaluate((element) => element.scrollTop), size).toBeGreaterThan(0)
    await expect(link, size).toBeFocused()
    // At a laptop's 768 px the weekdays' row fits along with it.
    if (height === 768) expect(await seenIn(weekdays, main), size).toBe(true)

    // Another month opens at its top, wherever the column was scrolled (clicked without Playwright's own
    // scrolling to the button).
    await main.evaluate((element) => (element.scrollTop = element.scrollHeight))
    await appPage.getByTestId('planner-next').evaluate((button) => (button as { click(): void }).click())
    await expect(month.locator('[role=gridcell][data-day="2026-12-01"]')).toHaveCount(1)
    await expect.poll(() => seenIn(weekdays, main), { message: size }).toBe(true)
    await expect(today).toHaveCount(0)
    // Back to today: its week is in sight again.
    await appPage.getByTestId('planner-today').evaluate((button) => (button as { click(): void }).click())
    await expect.poll(() => seenIn(today, main), { message: size }).toBe(true)
  }
})

test('the month stays where the person or the page moved it when posts arrive', async ({ appPage, app }) => {
  await appPage.setViewportSize({ width: 1366, height: 768 })
  await withClockAt(appPage, LATE_IN_MONTH)
  const planner = new PlannerPage(appPage)
  const main = appPage.locator('main')
  const today = appPage.locator(`[data-testid=planner-month] [role=gridcell][data-day="${TODAY}"]`)
  const scrollTop = () => main.evaluate((element) => element.scrollTop)

  await planner.open()
  await expect.poll(() => seenIn(today, main)).toBe(true)
  // The person scrolls back up with the wheel, over the month.
  await appPage.mouse.move(600, 400)
  await appPage.mouse.wheel(0, -2000)
  await expect.poll(scrollTop).toBe(0)
  await saveDraft(app, `Arrives later ${Date.now()}`, '2026-11-28T03:00:00.000Z')
  await expect(planner.entry('Arrives later')).toBeVisible()
  expect(await scrollTop()).toBe(0)

  // Opened again, then the failed list brought into view by the page (as "Show" on the new failures does).
  await appPage.locator('a[href="#/library"]').first().click()
  await planner.open()
  await expect.poll(() => seenIn(today, main)).toBe(true)
  await planner.failed.evaluate((element) => element.scrollIntoView({ block: 'end' }))
  const shown = await scrollTop()
  await saveDraft(app, `Arrives after ${Date.now()}`, '2026-11-28T04:00:00.000Z')
  await expect(planner.entry('Arrives after')).toBeVisible()
  expect(await scrollTop()).toBe(shown)
  expect(await seenIn(planner.failed, main)).toBe(true)
})

// Pictures for a person to look at, compared with nothing: `npm run screenshots`, not `npm test`.
test(
  'screenshots of the month opened late in the month at 1280 and 900 px, light and dark, en and id: axe clean',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(axeTimeout(4, 240_000))
    const dir = process.env.PLANNER_SHOTS_DIR ?? test.info().outputPath()
    await withClockAt(appPage, LATE_IN_MONTH)
    const main = appPage.locator('main')
    const today = appPage.locator(`[data-testid=planner-month] [role=gridcell][data-day="${TODAY}"]`)
    const findings: Finding[] = []
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      for (const [width, height] of [
        [1280, 720],
        [900, 720],
      ] as const) {
        await appPage.setViewportSize({ width, height })
        // Opened afresh at each size, as a person opening the planner in that window.
        // By address: the links' names are in the language shown.
        await appPage.locator('a[href="#/library"]').first().click()
        await appPage.locator('a[href="#/planner"]').first().click()
        await expect.poll(() => seenIn(today, main)).toBe(true)
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await animationsSettled(appPage)
          await appPage.screenshot({
            path: join(dir, `month-opened-${width}-${language}-${colorScheme}.png`),
            animations: 'disabled',
          })
          if (width === 1280) findings.push(...(await audit(appPage, `month, ${language}, ${colorScheme}`)))
        }
      }
    }
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  },
)
