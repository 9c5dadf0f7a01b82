// Toasts never lie over the planner's failed list, in Chromium through the browser mode: at 1366×768 and
// 900 px wide, with the failed list scrolled to the bottom of the window, where the toasts used to come, a
// toast (a queued post the outbox sends, "Scheduled: …") is placed where it covers none of it.
import type { Locator } from '@playwright/test'
import { emptyScheduleRequest } from '../../common/service'
import { localInstant } from './pages/planner-page'
import { expect, test } from './support/browser-mode'

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

for (const [width, height] of [
  [1366, 768],
  [900, 768],
] as const) {
  test(`a toast at ${width}×${height} covers none of the failed list`, async ({ appPage, app }) => {
    await appPage.setViewportSize({ width, height })
    await appPage.getByRole('link', { name: 'Planner' }).click()
    const failed = appPage.getByTestId('planner-failed')
    await expect(failed.locator('.failed__title').first()).toBeVisible()
    await failed.evaluate((element) => element.scrollIntoView({ block: 'end' }))

    const accounts = await app.host.call('accounts:list', {})
    const accountId = accounts.value.find((a) => a.isConnected)!._id
    const title = `Toast ${width}`
    await app.host.call('drafts:save', {
      post: {
        ...emptyScheduleRequest(),
        title,
        description: title,
        accountId,
        scheduleAt: await localInstant(appPage, 3, 10, 0),
      },
      localMedia: [],
      queue: true,
    })
    const toast = appPage.getByTestId('toast').filter({ hasText: title })
    await expect(toast).toBeVisible({ timeout: 20_000 })
    // The toasts' place settles in the frame after they come: polled, and it stays over the list when wrong.
    const over = async () => {
      const [list, shown] = [await box(failed), await box(toast)]
      const overlaps =
        shown.x < list.x + list.width &&
        list.x < shown.x + shown.width &&
        shown.y < list.y + list.height &&
        list.y < shown.y + shown.height
      return overlaps ? `toast ${JSON.stringify(shown)} over the failed list ${JSON.stringify(list)}` : ''
    }
    await expect.poll(over, { timeout: 3_000 }).toBe('')
  })
}
