// What a new user met, measured in Chromium where jsdom cannot: at 900 px the sidebar collapses to its icons
// and chips show their network; toasts lie over the page instead of pushing it; Escape still closes Import /
// export after a file was imported; the month is one Tab stop. With axe in both themes and screenshots at 1280
// and 900 px, light and dark, English and Bahasa Indonesia, under .test-results/screenshots/new-user/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { PlannerPage } from './pages/planner-page'
import { animationsSettled } from './support/animations'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'

const DIR = join('.test-results', 'screenshots', 'new-user')

test('at 900 px the sidebar is icons only and the month chips keep room; chips show their network', async ({
  appPage,
}) => {
  await appPage.setViewportSize({ width: 900, height: 800 })
  const planner = new PlannerPage(appPage)
  await planner.open()
  const sidebar = await appPage.locator('aside.sidebar').boundingBox()
  expect(sidebar!.width).toBeLessThanOrEqual(72)
  // The links keep their names for speech.
  await expect(appPage.getByRole('link', { name: 'Planner' })).toBeVisible()
  const chip = appPage.getByTestId('planner-entry').first()
  await expect(chip.locator('[data-network]')).toBeVisible()
  await appPage.setViewportSize({ width: 1280, height: 800 })
  expect((await appPage.locator('aside.sidebar').boundingBox())!.width).toBeGreaterThan(200)
})

test('toasts lie over the page, bounded, and the page does not move', async ({ appPage }) => {
  await appPage.setViewportSize({ width: 1280, height: 800 })
  const planner = new PlannerPage(appPage)
  await planner.open()
  const before = await appPage.locator('main').boundingBox()
  // Several toasts at once: each new post closed empty-handed, then a duplicated failed post, say so.
  const rows = planner.failed.getByTestId('failed-post')
  for (let i = 0; i < 3; i++) {
    await rows.nth(i).locator('.failed__title').click()
    await appPage.getByTestId('detail-duplicate').click()
    await expect(planner.composer).toBeVisible()
    await appPage.getByTestId('composer-save').click()
    await expect(planner.composer).toBeHidden()
  }
  await expect(appPage.getByTestId('toast')).not.toHaveCount(0)
  const after = await appPage.locator('main').boundingBox()
  expect(after!.height).toBe(before!.height)
  const region = await appPage.getByRole('region', { name: /notifications|notifikasi/i }).boundingBox()
  expect(region!.height).toBeLessThanOrEqual(800 * 0.4 + 1)
})

test('Escape closes Import / export after a file was imported, and drafts are listed once', async ({
  appPage,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  await appPage.getByTestId('planner-transfer').click()
  const dialog = appPage.getByRole('dialog')
  await appPage.getByTestId('import-file').setInputFiles({
    name: 'drafts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('description\nImpor satu kali\n'),
  })
  // The file is previewed first; applying it removes the preview and its button, which had the focus.
  await appPage.getByTestId('import-apply').focus()
  await appPage.keyboard.press('Enter')
  await expect(dialog).toContainText(/Done: 1 created|Selesai: 1 dibuat/i)
  await appPage.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await appPage.getByTestId('planner-view-list').click()
  await expect(appPage.getByText('Impor satu kali')).toHaveCount(1)
})

test('the month grid is one Tab stop, arrows inside', async ({ appPage }) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  const cells = appPage.locator('[data-testid=planner-month] [role=gridcell]')
  await expect(cells.and(appPage.locator('[tabindex="0"]'))).toHaveCount(1)
  await cells.and(appPage.locator('[tabindex="0"]')).focus()
  const start = await appPage.evaluate(() =>
    (
      globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string } } }
    ).document.activeElement.getAttribute('data-day'),
  )
  await appPage.keyboard.press('ArrowRight')
  const next = await appPage.evaluate(() =>
    (
      globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string } } }
    ).document.activeElement.getAttribute('data-day'),
  )
  expect(next).not.toBe(start)
  await appPage.keyboard.press('Tab')
  // One Tab leaves the grid.
  const inGrid = await appPage.evaluate(() =>
    Boolean(
      (
        globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } } }
      ).document.activeElement.closest('[data-testid=planner-month]'),
    ),
  )
  expect(inGrid).toBe(false)
})

test('planner: no serious axe violation in either theme; screenshots at 1280 and 900 px, en and id', async ({
  appPage,
  app,
}) => {
  test.setTimeout(axeTimeout(4, 120_000))
  mkdirSync(DIR, { recursive: true })
  const planner = new PlannerPage(appPage)
  await planner.open()
  const findings: string[] = []
  for (const language of ['en', 'id'] as const) {
    await app.host.call('settings:update', { language })
    await expect(appPage.locator('html')).toHaveAttribute('lang', language)
    for (const width of [1280, 900]) {
      await appPage.setViewportSize({ width, height: 900 })
      for (const scheme of ['light', 'dark'] as const) {
        await appPage.emulateMedia({ colorScheme: scheme })
        // The theme's colours cross over: axe measures them as painted, once the transitions have ended.
        await animationsSettled(appPage)
        if (language === 'en') {
          const { violations } = await new AxeBuilder({ page: appPage }).analyze()
          findings.push(
            ...violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${width} ${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          )
        }
        await appPage.screenshot({ path: join(DIR, `planner-${width}-${language}-${scheme}.png`) })
      }
    }
  }
  expect(findings).toEqual([])
})
