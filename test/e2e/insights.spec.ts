// The Insights view and the composer's best slots against the real host in browser mode and its embedded
// sandbox, in Chromium on Jakarta's clock, in English and Bahasa Indonesia: ten weeks of published posts on the
// demo Instagram account are read through the service's content and statistic calls, drawn (chart, its table,
// the posts, the heat map) with the sandbox's best slot, Wednesday 19:00; the view opens again with the service
// gone after a reload; the composer offers that slot; axe finds nothing serious in either theme.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { BEST_SLOT, PATTERN_UTC_OFFSET_HOURS } from '../../sandbox/figures'
import { INSIGHTS_TEST_OPTIONS, openInsightsOn, seedInstagramHistory, setLanguage } from './pages/insights'
import { audit } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

/** Jakarta hours posted at: the evening around the sandbox's peak, and lunch. */
const HOURS = [12, 18, 19, 20]
const WEEKS = 10
const DIR = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'insights')
const WEEKDAY = { en: 'Wednesday', id: 'Rabu' } as const
const SHORT_WEEKDAY = { en: 'Wed', id: 'Rab' } as const
/** 19:00 as each language writes it. */
const clock = (language: 'en' | 'id', hour: number) =>
  `${String(hour).padStart(2, '0')}${language === 'en' ? ':' : '.'}00`

test.use(INSIGHTS_TEST_OPTIONS)

/** Posts of the demo Instagram account at HOURS of each day, from 8 days back (figures settled) for WEEKS weeks. */
const seedHistory = (app: BrowserModeApp) =>
  seedInstagramHistory(app, {
    prefix: 'e2e',
    hours: HOURS,
    days: WEEKS * 7,
    type: (d) => (d % 3 === 0 ? 'video' : 'image'),
  })

/** Opens Insights on the account, on a year, and waits for its refresh to end. */
async function openInsights(page: Page, accountId: string) {
  await openInsightsOn(page, accountId)
  await page.getByTestId('insights-period').locator('label').last().click()
  // Drawn from the copy, then refreshed: the view is busy until the refresh ended.
  await expect(page.getByTestId('best-slot').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('insights')).toHaveAttribute('data-reading', 'false', { timeout: 60_000 })
}

async function expectBestSlot(page: Page, language: 'en' | 'id') {
  const best = page.getByTestId('best-slot').first()
  await expect(best).toContainText(`${WEEKDAY[language]} ${clock(language, BEST_SLOT.hour)}`)
  await expect(page.getByTestId(`heat-${BEST_SLOT.weekday}-${BEST_SLOT.hour}`)).toHaveClass(
    /heat__cell--best/,
  )
}

for (const language of ['en', 'id'] as const) {
  test(`insights draws a seeded history and its best slot, offline after a reload, and the composer offers it (${language})`, async ({
    appPage: page,
    app,
  }) => {
    test.setTimeout(120_000)
    const seeded = await seedHistory(app)
    await setLanguage(page, language)
    await openInsights(page, seeded.id)

    // Every seeded post is in the year, with the sandbox's figures; the chart is drawn, its table beside it.
    const summaryPosts = Number((await page.getByTestId('summary-posts').innerText()).replace(/\D/g, ''))
    expect(summaryPosts).toBeGreaterThanOrEqual(seeded.posts)
    await expect(page.getByTestId('insights-chart').locator('canvas')).toHaveCount(1)
    await page.getByTestId('insights-days').locator('summary').click()
    await expect(page.getByTestId('insights-days-table').locator('tbody tr').first()).toBeVisible()
    const days = await page.getByTestId('insights-days-table').locator('tbody tr').count()
    expect(days).toBeGreaterThanOrEqual(WEEKS * 7)
    await expect(page.getByTestId('insights-post')).toHaveCount(50)
    await expect(page.getByTestId('engagement-definition')).toContainText(
      language === 'en' ? 'Likes + Comments + Shares + Saves' : 'Suka + Komentar + Bagikan + Disimpan',
    )
    await expect(page.getByTestId('insights-as-of')).toBeVisible()
    await expectBestSlot(page, language)

    // Sorting by engagement puts the best post first.
    await page.getByTestId('sort-engagement').click()
    // Main sorts the period's posts: the header says the order once the rows are in it.
    await expect(page.locator('th', { has: page.getByTestId('sort-engagement') })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    const firstTwo = await page
      .getByTestId('post-engagement')
      .evaluateAll((cells) => cells.slice(0, 2).map((c) => Number(c.textContent!.replace(/\D/g, ''))))
    expect(firstTwo[0]).toBeGreaterThanOrEqual(firstTwo[1]!)

    // The service gone, a reload: the copy's figures and best slot, said to be the last known.
    await app.host.sandbox.stop()
    await page.reload()
    await page.waitForFunction(() => 'mediadeck' in globalThis)
    await openInsights(page, seeded.id)
    await expect(page.getByTestId('stale-notice')).toBeVisible()
    expect(Number((await page.getByTestId('summary-posts').innerText()).replace(/\D/g, ''))).toBe(
      summaryPosts,
    )
    await expect(page.getByTestId('insights-chart').locator('canvas')).toHaveCount(1)
    await expectBestSlot(page, language)

    // The composer offers the slot for the account, and takes it into the time field.
    await page.getByTestId('nav-planner').click()
    await page.getByTestId('planner-new').click()
    const composer = page.getByTestId('composer')
    await composer.getByText('Kopi Senja', { exact: true }).click()
    const offer = page.getByTestId('composer-best-slot').first()
    await expect(offer).toContainText(`${SHORT_WEEKDAY[language]} ${clock(language, BEST_SLOT.hour)}`)
    await offer.click()
    await expect(page.getByTestId('composer-time')).toHaveValue(clock(language, BEST_SLOT.hour))
    // 19:00 in Jakarta (UTC+7) is sent as 12:00 UTC.
    await expect(page.getByTestId('composer-utc')).toContainText(
      clock(language, BEST_SLOT.hour - PATTERN_UTC_OFFSET_HOURS),
    )
  })
}

test('insights has no serious or critical axe violation in either theme', async ({ appPage: page, app }) => {
  // axe over the posts' table (each row with its actions) and the heat map takes long on a loaded machine.
  test.setTimeout(240_000)
  const seeded = await seedHistory(app)
  await openInsights(page, seeded.id)
  await expectBestSlot(page, 'en')
  await page.getByTestId('insights-days').locator('summary').click()
  await expect(page.getByTestId('insights-days-table')).toBeVisible()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await audit(page, `insights ${colorScheme}`)).toEqual([])
  }
})

test(
  'screenshots of Insights and the composer offer',
  { tag: '@screenshots' },
  async ({ appPage: page, app }) => {
    test.setTimeout(180_000)
    mkdirSync(DIR, { recursive: true })
    const seeded = await seedHistory(app)
    for (const language of ['en', 'id'] as const) {
      await setLanguage(page, language)
      await openInsights(page, seeded.id)
      await expectBestSlot(page, language)
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await page.waitForTimeout(300)
          // The view scrolls inside the shell: the top, then the heat map, the grid, then the posts.
          for (const [part, testId] of [
            ['top', 'insights'],
            ['heat', 'heat-map'],
            ['grid', 'insights-grid'],
            ['posts', 'insights-posts'],
          ] as const) {
            await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }))
            await page.waitForTimeout(150)
            await page.screenshot({
              path: join(DIR, `insights-${part}-${width}-${colorScheme}-${language}.png`),
            })
          }
        }
      }
      await page.getByTestId('nav-planner').click()
      await page.getByTestId('planner-new').click()
      await page.getByTestId('composer').getByText('Kopi Senja', { exact: true }).click()
      await page.getByTestId('composer-best-slots').scrollIntoViewIfNeeded()
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await page.waitForTimeout(300)
          await page.screenshot({ path: join(DIR, `composer-best-${width}-${colorScheme}-${language}.png`) })
        }
      }
      await page.keyboard.press('Escape')
    }
  },
)
