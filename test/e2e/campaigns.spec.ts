// Campaigns end to end in Chromium through the browser mode, against the real host and its embedded sandbox:
// a post composed for three accounts, one of them 30 minutes later, is one campaign shown at each of its two
// times; opened, it is edited as one and the service's posts change;
// an account is taken out behind the delete Undo; a campaign whose post failed says so on its card, and that
// post is fixed through the failed-post flow. axe over the card and the dialog in both themes.
import AxeBuilder from '@axe-core/playwright'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { createCampaignStore } from '../../main/core/campaigns/campaign-store'
import { DATABASE_FILE, openDatabase } from '../../main/core/db/database'
import { PlannerPage } from './pages/planner-page'
import { animationsSettled } from './support/animations'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

async function seriousAxe(page: Page): Promise<string[]> {
  await animationsSettled(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The browser's calendar day `days` from today, yyyy-MM-dd. */
function dayFromNow(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date(Date.now() + n * 86_400_000)
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  }, days)
}

async function connected(app: BrowserModeApp) {
  const accounts = (await app.host.call('accounts:list', {})).value
  const of = (type: string) => accounts.find((a) => a.isConnected && a.type === type)!
  return { facebook: of('facebook'), linkedin: of('linkedin'), tiktok: of('tiktok') }
}

const card = (page: Page) => page.locator('[data-campaign]')

test('composed for three accounts: a card at each time, edited as one, an account removed with Undo', async ({
  appPage,
  app,
}) => {
  const { facebook, linkedin, tiktok } = await connected(app)
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  for (const account of [facebook, linkedin, tiktok]) await planner.chooseAccount(account.name)
  await appPage.getByTestId('composer-library').click()
  await appPage.locator('.library__file').first().click()
  await appPage.getByTestId('library-add').click()
  await expect(appPage.getByTestId('composer-type')).toHaveValue('image')
  const text = `Three networks ${Date.now()}`
  await appPage.getByTestId('composer-title').fill(text)
  await appPage.getByTestId('composer-description').fill(text)
  await appPage.getByTestId('composer-account-texts').locator('summary').click()
  await appPage.getByTestId(`composer-offset-${tiktok._id}`).fill('30')
  const day = await dayFromNow(appPage, 2)
  await planner.setTime(day, '10:30')
  await expect(appPage.getByTestId(`composer-text-${tiktok._id}`)).toContainText('Goes out')
  await expect(appPage.getByTestId(`composer-text-${tiktok._id}`)).toContainText('11:00')
  await appPage.getByTestId('composer-schedule').click()
  await expect(planner.composer).toBeHidden()

  // The outbox sends the three posts; the calendar shows the campaign at its two times: Facebook and LinkedIn
  // at 10:30, TikTok at 11:00, each card a part of it.
  await planner.goToMonthOf(day)
  await expect(card(appPage)).toHaveCount(2)
  await expect(card(appPage).getByTestId('campaign-summary')).toHaveText(['2 scheduled', '1 scheduled'], {
    timeout: 20_000,
  })
  await expect(card(appPage).getByTestId('campaign-part')).toHaveText(['1/2', '2/2'])
  await expect(card(appPage).first().locator('.ui-avatar')).toHaveCount(2)
  await expect(card(appPage).last().locator('.ui-avatar')).toHaveCount(1)
  await expect(planner.day(day).locator('[data-campaign]')).toHaveCount(2)
  const campaigns = await app.host.call('campaigns:list', undefined)
  const campaign = campaigns.find((c) => c.members.every((m) => m.scheduleId))!
  const tiktokPost = campaign.members.find((m) => m.accountId === tiktok._id)!
  expect(campaign.members.map((m) => m.offsetMinutes).sort()).toEqual([0, 0, 30])
  const tiktokAt = (await app.host.call('schedules:get', { id: tiktokPost.scheduleId! })).scheduleAt
  expect(Date.parse(tiktokAt) - Date.parse(campaign.at)).toBe(30 * 60_000)
  // The same cards in the week (the one of its day) and the list (four weeks from today) views.
  await appPage.getByTestId('planner-view-week').click()
  await appPage.getByTestId('planner-today').click()
  if ((await appPage.locator(`[data-testid=planner-slot][data-day="${day}"]`).count()) === 0) {
    await appPage.getByTestId('planner-next').click()
  }
  await expect(card(appPage)).toHaveCount(2)
  await expect(card(appPage).getByTestId('campaign-summary')).toHaveText(['2 scheduled', '1 scheduled'])
  await appPage.getByTestId('planner-view-list').click()
  await appPage.getByTestId('planner-today').click()
  const row = appPage.getByTestId('planner-list-row').filter({ has: appPage.getByTestId('campaign-summary') })
  await expect(row).toHaveCount(2)
  await expect(row.first()).toContainText(text)
  await expect(row.getByTestId('campaign-part')).toHaveText(['Part 1 of 2', 'Part 2 of 2'])
  await appPage.getByTestId('planner-view-month').click()
  await planner.goToMonthOf(day)

  // Opened from either time: each account's variant; the Facebook text edited and saved as one goes to the
  // service's post.
  await card(appPage).last().click()
  const dialog = appPage.getByTestId('campaign-dialog')
  await expect(dialog).toBeVisible()
  expect(await seriousAxe(appPage)).toEqual([])
  await dialog
    .getByTestId(`campaign-variant-${facebook._id}`)
    .locator('textarea')
    .fill(`${text} for Facebook`)
  await appPage.getByTestId('campaign-save').click()
  await expect(dialog).toBeHidden()
  const facebookId = campaign.members.find((m) => m.accountId === facebook._id)!.scheduleId!
  await expect
    .poll(async () => (await app.host.call('schedules:get', { id: facebookId })).description)
    .toBe(`${text} for Facebook`)

  // LinkedIn taken out: Undo brings it back and nothing is deleted; let go, its post is deleted.
  const linkedinId = campaign.members.find((m) => m.accountId === linkedin._id)!.scheduleId!
  await card(appPage).first().click()
  await appPage.getByTestId(`campaign-remove-${linkedin._id}`).click()
  const toast = appPage.getByTestId('toast').filter({ has: appPage.getByTestId('toast-undo') })
  await expect(toast).toContainText(
    `${linkedin.name} (LinkedIn, @${linkedin.username}) removed from the campaign`,
  )
  await toast.getByTestId('toast-undo').click()
  await expect(appPage.getByTestId(`campaign-variant-${linkedin._id}`)).toBeVisible()
  expect((await app.host.call('schedules:get', { id: linkedinId })).status).toBe('pending')
  await appPage.getByTestId(`campaign-remove-${linkedin._id}`).click()
  await appPage.getByTestId('campaign-cancel').click()
  await toast.getByRole('button', { name: 'Dismiss' }).click()
  await expect
    .poll(async () =>
      app.host
        .call('schedules:get', { id: linkedinId })
        .then(() => 'still there')
        .catch(() => 'deleted'),
    )
    .toBe('deleted')
  // In the list, where a month cell's "+2 more" hides nothing: the two times left, one account each.
  await appPage.getByTestId('planner-view-list').click()
  const parts = appPage.getByTestId('planner-list-row').filter({ hasText: text })
  await expect(parts.getByTestId('campaign-summary')).toHaveText(['1 scheduled', '1 scheduled'])
  await expect(parts.locator('.ui-avatar')).toHaveCount(2)
})

test('a partly failed campaign says so on its card; its failed post is fixed like any failed post', async ({
  appPage,
  app,
}) => {
  // A campaign whose posts were sent long ago: one failed, one published (the demo data's own posts), tied
  // by the record as the composer would have written it, in the app's database.
  const range = {
    from: new Date(Date.now() - 60 * 86_400_000).toISOString(),
    to: new Date(Date.now() + 60 * 86_400_000).toISOString(),
  }
  const failed = (await app.host.call('schedules:list', { ...range, status: 'error' })).value
  const published = (await app.host.call('schedules:list', { ...range, status: 'success' })).value
  const pair = failed
    .flatMap((f) =>
      published
        .filter(
          (p) =>
            p.accountId !== f.accountId &&
            p.scheduleAt.slice(0, 7) === f.scheduleAt.slice(0, 7) &&
            p.scheduleAt.slice(0, 16) !== f.scheduleAt.slice(0, 16),
        )
        .map((p) => [f, p] as const),
    )
    .at(0)!
  const [bad, good] = pair
  const database = openDatabase({ file: join(app.dataDir, DATABASE_FILE) })
  const at = [bad.scheduleAt, good.scheduleAt].sort()[0]!
  createCampaignStore(database).create({
    profileId: 'sandbox',
    at,
    members: [
      { accountId: good.accountId, offsetMinutes: 0, scheduleId: good._id },
      { accountId: bad.accountId, offsetMinutes: 0, scheduleId: bad._id },
    ],
  })
  database.close()

  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.goToMonthOf(at.slice(0, 10))
  // The two posts went out at their own times: a card at each, the failed one coloured so.
  const failedCard = card(appPage).and(appPage.locator('[data-status=error]'))
  await expect(card(appPage)).toHaveCount(2)
  await expect(failedCard.getByTestId('campaign-summary')).toHaveText('1 failed')
  await expect(card(appPage).and(appPage.locator('[data-status=success]'))).toHaveCount(1)
  for (const colorScheme of ['light', 'dark'] as const) {
    await appPage.emulateMedia({ colorScheme })
    expect(await seriousAxe(appPage)).toEqual([])
  }
  await appPage.emulateMedia({ colorScheme: 'light' })
  await failedCard.click()
  await expect(appPage.getByTestId('campaign-failed')).toBeVisible()
  // The published post is locked: nothing of it can change.
  await expect(appPage.getByTestId(`campaign-variant-${good.accountId}`).locator('textarea')).toBeDisabled()
  await appPage.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousAxe(appPage)).toEqual([])
  await appPage.emulateMedia({ colorScheme: 'light' })
  await appPage.getByTestId(`campaign-fix-${bad.accountId}`).click()
  await expect(appPage.getByTestId('composer-fix-reason')).toBeVisible()
})
