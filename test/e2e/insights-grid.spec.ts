// The Instagram grid of the Insights view against the real host in browser mode and its embedded sandbox, in
// Chromium: upcoming posts above the published ones; a swap by keyboard and one by dragging reach the service,
// in English and Bahasa Indonesia; offline after a reload the grid is the replica's copy and cannot be changed;
// a post edited on the service since the grid was drawn refuses the swap; when the second PUT fails the first
// post is put back.
import type { Page } from '@playwright/test'
import { mergeScheduleEdit } from '../../common/schedule-merge'
import { emptyScheduleRequest } from '../../common/service-vocabulary'
import { publishedHistory, publishedPost } from '../support/insights-history'
import {
  demoInstagram,
  INSIGHTS_TEST_OPTIONS,
  insertIntoSandbox,
  openInsightsOn,
  setLanguage,
} from './pages/insights'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const HOUR = 3_600_000
const DAY = 24 * HOUR

test.use(INSIGHTS_TEST_OPTIONS)

/** A week of published posts and three upcoming ones (one, two and three days out) on the demo Instagram account. */
async function seed(app: BrowserModeApp, prefix: string) {
  const instagram = await demoInstagram(app)
  const now = Date.now()
  const upcoming = [1, 2, 3].map((days) => ({
    ...publishedPost(`${prefix}up${days}`.padEnd(24, '0'), instagram._id, now + days * DAY + HOUR, {
      description: `Upcoming ${days}`,
    }),
    status: 'pending',
  }))
  await insertIntoSandbox(app, [
    ...publishedHistory({ accountId: instagram._id, now, prefix, days: 7, fromDay: 2 }),
    ...upcoming,
  ])
  return { accountId: instagram._id, upcoming: upcoming.map((u) => u._id) }
}

async function openGrid(page: Page, accountId: string) {
  await openInsightsOn(page, accountId)
  await expect(page.getByTestId('insights-grid')).toBeVisible({ timeout: 30_000 })
  // The demo's own upcoming posts are there too.
  await expect(page.getByTestId('grid-upcoming').nth(2)).toBeVisible({ timeout: 30_000 })
}

const timeOf = async (app: BrowserModeApp, id: string) =>
  Date.parse((await app.host.call('schedules:get', { id })).scheduleAt)

/** The ids of these upcoming tiles, in the grid's order. */
const upcomingOrder = (page: Page, ids: readonly string[]) =>
  page
    .getByTestId('grid-upcoming')
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-id')))
    .then((order) => order.filter((id) => ids.includes(id!)))

for (const language of ['en', 'id'] as const) {
  test(`a grid swap by keyboard and by dragging reaches the service; offline the grid is read only (${language})`, async ({
    appPage: page,
    app,
  }) => {
    test.setTimeout(120_000)
    const seeded = await seed(app, `g${language}`)
    const [first, second, third] = seeded.upcoming as [string, string, string]
    await setLanguage(page, language)
    await openGrid(page, seeded.accountId)
    // Newest first, as the profile shows it: the furthest upcoming post top left, the published below.
    expect(await upcomingOrder(page, seeded.upcoming)).toEqual([third, second, first])
    await expect(page.getByTestId('grid-published').first()).toBeVisible()
    const before = { first: await timeOf(app, first), second: await timeOf(app, second) }

    // Keyboard: Enter on one upcoming post picks it up, Enter on another drops it there.
    await page.getByTestId(`grid-tile-${first}`).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId(`grid-tile-${first}`)).toHaveAttribute('aria-pressed', 'true')
    await page.getByTestId(`grid-tile-${second}`).focus()
    await page.keyboard.press('Enter')
    // The two PUTs land one after the other: each is waited for.
    await expect.poll(() => timeOf(app, first)).toBe(before.second)
    await expect.poll(() => timeOf(app, second)).toBe(before.first)
    await expect.poll(() => upcomingOrder(page, seeded.upcoming)).toEqual([third, first, second])

    // Dragging the same two back.
    await page.getByTestId(`grid-tile-${first}`).dragTo(page.getByTestId(`grid-tile-${second}`))
    await expect.poll(() => timeOf(app, first)).toBe(before.first)
    await expect.poll(() => timeOf(app, second)).toBe(before.second)
    await expect.poll(() => upcomingOrder(page, seeded.upcoming)).toEqual([third, second, first])

    // The service gone, a reload: the grid from the replica, said to be read only, and nothing can be picked.
    await app.host.sandbox.stop()
    await page.reload()
    await page.waitForFunction(() => 'mediadeck' in globalThis)
    await openGrid(page, seeded.accountId)
    expect(await upcomingOrder(page, seeded.upcoming)).toEqual([third, second, first])
    await expect(page.getByTestId(`grid-tile-${first}`)).toHaveAttribute('aria-disabled', 'true')
    await page.getByTestId(`grid-tile-${first}`).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId(`grid-tile-${first}`)).toHaveAttribute('aria-pressed', 'false')
    await expect(page.getByTestId('insights-grid')).toContainText(
      language === 'en' ? 'cannot be changed now' : 'tidak dapat diubah sekarang',
    )
  })
}

test('a post edited on the service since the grid was drawn refuses the swap, and nothing moves', async ({
  appPage: page,
  app,
}) => {
  test.setTimeout(90_000)
  const seeded = await seed(app, 'gedit')
  const [first, second] = seeded.upcoming as [string, string, string]
  await openGrid(page, seeded.accountId)
  const before = { first: await timeOf(app, first), second: await timeOf(app, second) }
  // Someone edits the second post on the service (its own app, another device) after the grid was drawn.
  const record = await app.host.call('schedules:get', { id: second })
  const edited = mergeScheduleEdit(mergeScheduleEdit(emptyScheduleRequest(), record), {
    description: 'edited',
  })
  await app.host.call('schedules:update', { id: second, post: edited as never })

  await page.getByTestId(`grid-tile-${first}`).dragTo(page.getByTestId(`grid-tile-${second}`))
  await expect(page.getByTestId('grid-error')).toContainText('changed on the service')
  expect(await timeOf(app, first)).toBe(before.first)
  expect(await timeOf(app, second)).toBe(before.second)
})

test('when the second PUT fails, the first post is put back', async ({ appPage: page, app }) => {
  test.setTimeout(90_000)
  const seeded = await seed(app, 'gundo')
  const [first, second] = seeded.upcoming as [string, string, string]
  await openGrid(page, seeded.accountId)
  const before = { first: await timeOf(app, first), second: await timeOf(app, second) }
  app.host.sandbox.setFaults({ scheduleUpdateFailIds: [second] })

  await page.getByTestId(`grid-tile-${first}`).dragTo(page.getByTestId(`grid-tile-${second}`))
  await expect(page.getByTestId('grid-error')).toBeVisible({ timeout: 30_000 })
  app.host.sandbox.setFaults({})
  expect(await timeOf(app, first)).toBe(before.first)
  expect(await timeOf(app, second)).toBe(before.second)
  const status = await page.getByTestId('grid-status').innerText()
  expect(status).not.toBe('')
})
