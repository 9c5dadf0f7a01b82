// The planner's view across a switch and a restart, in Chromium through the browser mode: Month -> Next -> List
// lists the month that was shown (it jumped to the same day of the month from today), and the view chosen is
// the one the next start opens on. The host is started here, twice on one data folder, not by the shared
// fixture: browser mode's address, and with it the page's storage, changes at each start, so only main's
// settings can remember the view.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'
import { saveDraft } from './pages/planner-page'

let dataDir: string
let mode: BrowserMode | undefined

test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-e2e-view-'))
})

test.afterEach(async () => {
  await mode?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(page: Page): Promise<void> {
  mode = await startBrowserMode({ dataDir })
  await page.goto(mode.url)
  await page.waitForFunction(() => 'mediadeck' in globalThis)
  await page.getByRole('link', { name: 'Planner' }).click()
}

test('Month, Next, List keeps the month shown, and the next start opens on the view chosen', async ({
  page,
}) => {
  await start(page)
  await page.getByTestId('planner-month').waitFor()
  // The first of next month at 10:00 in the page's zone, as a day key and an instant.
  const first = await page.evaluate(() => {
    const d = new Date()
    d.setMonth(d.getMonth() + 1, 1)
    d.setHours(10, 0, 0, 0)
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`
    return { key, at: d.toISOString() }
  })
  await saveDraft({ host: mode!.host }, 'Pelaminan on the first', first.at)

  await page.getByTestId('planner-next').click()
  await page.getByTestId('planner-view-list').click()
  const list = page.getByTestId('planner-list')
  await expect(list.locator(`[data-day="${first.key}"]`)).toContainText('Pelaminan on the first')
  await expect(list.locator('[data-day]').first()).toHaveAttribute('data-day', first.key)
  // The choice travels to main without an answer awaited: closing before it is kept would test nothing.
  await expect.poll(async () => (await mode!.host.call('settings:get')).plannerView).toBe('list')

  await mode!.close()
  mode = undefined
  await start(page)
  await expect(page.getByTestId('planner-list')).toBeVisible()
  await expect(page.getByTestId('planner-view-list')).toHaveAttribute('aria-pressed', 'true')

  await page.getByTestId('planner-view-week').click()
  await page.getByTestId('planner-week').waitFor()
  await expect.poll(async () => (await mode!.host.call('settings:get')).plannerView).toBe('week')
  await mode!.close()
  mode = undefined
  await start(page)
  await expect(page.getByTestId('planner-week')).toBeVisible()
})
