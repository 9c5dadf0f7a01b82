// A long list view in Chromium through the browser mode: four weeks holding more posts than the list draws at
// once. The first rows are drawn, the rest as the person scrolls to the end or presses "Show more"; the count,
// the search and Select all still cover every post. Pictures at 1280 and 900 px, light and dark, English and
// Bahasa Indonesia; axe in both themes.
import { join } from 'node:path'
import { emptyScheduleRequest } from '../../common/service'
import { LIST_FIRST_ROWS } from '../../renderer/lib/planner/list-window'
import { PlannerPage } from './pages/planner-page'
import { auditInBothThemes } from './support/axe'
import { expect, test } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

const DIR = join('.test-results', 'screenshots', 'planner-list-long')
const DRAFTS = 200

test('a long list draws its first rows, then the rest on scrolling or on Show more', async ({
  appPage,
  app,
}) => {
  test.setTimeout(240_000)
  const accounts = await app.host.call('accounts:list', {})
  const accountId = accounts.value.find((a) => a.isConnected)!._id
  // Every three hours from tomorrow: all within the list's four weeks.
  const from = Date.now() + 86_400_000
  for (let i = 0; i < DRAFTS; i++) {
    await app.host.call('drafts:save', {
      post: {
        ...emptyScheduleRequest(),
        title: `Long list ${i}`,
        description: `Planned post number ${i}`,
        accountId,
        scheduleAt: new Date(from + i * 3 * 3_600_000).toISOString(),
      },
      localMedia: [],
    })
  }
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.showView('list')
  const list = appPage.getByTestId('planner-list')
  const rows = list.getByTestId('planner-list-row')
  await expect(rows.first()).toBeVisible()
  await expect(rows).toHaveCount(LIST_FIRST_ROWS)
  const counted = Number((await list.getByRole('status').first().innerText()).match(/\d+/)![0])
  expect(counted).toBeGreaterThanOrEqual(DRAFTS)
  const more = list.getByTestId('planner-list-more')
  await expect(more).toHaveText(`Show ${counted - LIST_FIRST_ROWS} more posts`)

  // The search finds a post not drawn yet.
  await list.getByRole('searchbox').fill(`Long list ${DRAFTS - 1}`)
  await expect(rows).toHaveCount(1)
  await list.getByRole('searchbox').fill('')
  await expect(rows).toHaveCount(LIST_FIRST_ROWS)

  // The keyboard's way: the button, then Enter.
  await more.focus()
  await appPage.keyboard.press('Enter')
  await expect(rows).not.toHaveCount(LIST_FIRST_ROWS)
  expect(await rows.count()).toBeGreaterThan(LIST_FIRST_ROWS)
  await appPage.getByTestId('planner-view-month').click()
  await appPage.getByTestId('planner-view-list').click()
  await expect(rows).toHaveCount(LIST_FIRST_ROWS)

  // Scrolling to the end draws the next rows without a click.
  await more.scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(counted)
  await expect(more).toHaveCount(0)

  // The list as it opens (the button waits at the end, off screen: in sight, it draws the next rows at once).
  await appPage.getByTestId('planner-view-month').click()
  await appPage.getByTestId('planner-view-list').click()
  await expect(rows).toHaveCount(LIST_FIRST_ROWS)
  await expect(more).toBeAttached()
  const findings = await auditInBothThemes(appPage, 'long list view')
  expect(findings).toEqual([])
  await screenshotsInEveryLook(appPage, app, DIR, 'list-long')
})
