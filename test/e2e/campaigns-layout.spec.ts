// Pictures of a campaign for a person to look at, compared with nothing (`npm run screenshots`, not
// `npm test`): its card in the month view and its dialog, at 1280 and 900 px, light and dark, English and
// Bahasa Indonesia. The campaign is the demo data's failed and published posts tied by a record in the app's
// database, so the card shows a summed status with a failure in it.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createCampaignStore } from '../../main/core/campaigns/campaign-store'
import { DATABASE_FILE, openDatabase } from '../../main/core/db/database'
import { PlannerPage } from './pages/planner-page'
import { expect, test } from './support/browser-mode'

const SHOTS = join('.test-results', 'screenshots', 'campaigns')

test(
  'screenshots of a campaign card and its dialog at 1280 and 900 px, both themes and languages',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(180_000)
    mkdirSync(SHOTS, { recursive: true })
    const range = {
      from: new Date(Date.now() - 60 * 86_400_000).toISOString(),
      to: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    }
    const posts = (await app.host.call('schedules:list', range)).value
    const failed = posts.find((p) => p.status === 'error')!
    const others = posts
      .filter(
        (p) => p.accountId !== failed.accountId && p.scheduleAt.slice(0, 7) === failed.scheduleAt.slice(0, 7),
      )
      .filter((p, i, all) => all.findIndex((q) => q.accountId === p.accountId) === i)
      .slice(0, 2)
    const members = [failed, ...others]
    const at = members.map((p) => p.scheduleAt).sort()[0]!
    const database = openDatabase({ file: join(app.dataDir, DATABASE_FILE) })
    createCampaignStore(database).create({
      profileId: 'sandbox',
      at,
      members: members.map((p) => ({ accountId: p.accountId, offsetMinutes: 0, scheduleId: p._id })),
    })
    database.close()

    const planner = new PlannerPage(appPage)
    await planner.open()
    await planner.goToMonthOf(at.slice(0, 10))
    // Its posts went out at their own times: a card at each, the first opened.
    const card = appPage.locator('[data-campaign]').first()
    await expect(card).toBeVisible()
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        await card.scrollIntoViewIfNeeded()
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await appPage.waitForTimeout(250)
          await appPage.screenshot({
            path: join(SHOTS, `month-${width}-${language}-${colorScheme}.png`),
            animations: 'disabled',
          })
        }
        await card.click()
        await expect(appPage.getByTestId('campaign-dialog')).toBeVisible()
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await appPage.waitForTimeout(250)
          await appPage.screenshot({
            path: join(SHOTS, `dialog-${width}-${language}-${colorScheme}.png`),
            animations: 'disabled',
          })
        }
        await appPage.getByTestId('campaign-cancel').click()
        await expect(appPage.getByTestId('campaign-dialog')).toBeHidden()
      }
    }
  },
)
