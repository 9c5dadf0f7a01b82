// The planner's list view, keyboard shortcuts and undo in Chromium through the browser mode, on the built-in
// sandbox with demo data, with screenshots at 1280 and 900 px, light and dark, English and Bahasa Indonesia.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { PlannerPage, localInstant, saveDraft } from './pages/planner-page'
import { expect, test, type BrowserModeApp } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

const DIR = join('.test-results', 'screenshots', 'planner-views')

const screenshots = (page: Page, app: BrowserModeApp, name: string) =>
  screenshotsInEveryLook(page, app, DIR, name)

test('the list view shows the weeks ahead by day and searches titles and texts', async ({ appPage, app }) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  await saveDraft(app, 'Es kopi durian: two for one this weekend', await localInstant(appPage, 2, 10, 15))
  await saveDraft(app, 'Open day at the roastery, zebra edition', await localInstant(appPage, 5, 14, 0))
  await planner.showView('list')
  const list = appPage.getByTestId('planner-list')
  const rows = list.getByTestId('planner-list-row')
  await expect(rows.filter({ hasText: 'Es kopi durian' })).toBeVisible()
  await expect(rows.filter({ hasText: 'Es kopi durian' })).toContainText('10:15')
  const all = await rows.count()
  expect(all).toBeGreaterThanOrEqual(2)

  // Case does not matter, and the text counts as much as the title (a demo post says durian in its text only).
  await list.getByRole('searchbox').fill('DURIAN')
  await expect(rows.filter({ hasText: 'zebra edition' })).toHaveCount(0)
  await expect(rows.filter({ hasText: 'Es kopi durian' })).toHaveCount(1)
  for (const text of await rows.allInnerTexts()) expect(text).toMatch(/durian/i)
  await list.getByRole('searchbox').fill('roastery')
  await expect(rows).toHaveCount(1)
  await list.getByRole('searchbox').fill('durian')
  await screenshots(appPage, app, 'list-search')
  await list.getByRole('searchbox').fill('')
  await expect(rows).toHaveCount(all)
  await rows.filter({ hasText: 'zebra edition' }).click()
  await expect(planner.composer).toBeVisible()
})

test('keyboard: ? shows the shortcuts, / searches in the list, n opens a new post', async ({
  appPage,
  app,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  await appPage.locator('body').press('?')
  const help = appPage.getByTestId('planner-shortcuts')
  await expect(help).toBeVisible()
  await screenshots(appPage, app, 'shortcuts')
  await appPage.keyboard.press('Escape')
  await expect(help).toHaveCount(0)
  // The focus went back to where it was, never lost to nothing.
  await expect(appPage.locator('body')).not.toBeFocused()

  await appPage.keyboard.press('/')
  const search = appPage.getByTestId('planner-list').getByRole('searchbox')
  await expect(search).toBeFocused()
  await appPage.keyboard.type('n/')
  await expect(search).toHaveValue('n/')
  await expect(planner.composer).toHaveCount(0)

  await search.blur()
  await appPage.getByTestId('planner-view-month').focus()
  await appPage.keyboard.press('n')
  await expect(planner.composer).toBeVisible()
})

test('a bulk retry waits behind Undo, which brings the posts back and keeps the focus', async ({
  appPage,
  app,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  const rows = planner.failed.getByTestId('failed-post')
  await expect(rows.first()).toBeVisible()
  const before = await rows.count()
  const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-id')))
  await planner.failed.getByTestId('failed-select-all').check()
  await planner.failed.getByTestId('failed-retry-selected').click()
  // The posts of a disconnected account and the panorama refused as it is ask first; retrying them all is what
  // is tested here.
  const anyway = appPage.getByTestId('retry-warning-anyway')
  await expect(anyway).toBeVisible()
  await anyway.click()
  await expect(rows).toHaveCount(0)
  const toast = appPage.getByTestId('toast').filter({ has: appPage.getByTestId('toast-undo') })
  await expect(toast).toBeVisible()
  // Held open by the focus, not only the pointer: the pictures in every look resize the page, which moves the
  // toast from under a resting pointer and lets its timer run out (and send the retry) midway.
  await toast.hover()
  await toast.getByTestId('toast-undo').focus()
  await screenshots(appPage, app, 'undo-toast')
  await toast.getByTestId('toast-undo').click()
  await expect(rows).toHaveCount(before)
  await expect(appPage.locator('body')).not.toBeFocused()
  // Nothing reached the service: every post is still failed.
  for (const id of ids) expect((await app.host.call('schedules:get', { id: id! })).status).toBe('error')
})
