// The account watch and the collision warnings in the real renderer, against the host and its embedded
// sandbox: a disconnected account with a post due today shows the planner's banner (naming it and the post,
// with the reconnect action), which goes once the sandbox reconnects it; a post written on top of another of
// the same account is warned about in the composer and still scheduled. Both screens pass axe in both themes.
import type { Page } from '@playwright/test'
import { emptyScheduleRequest, type Account } from '../../common/service'
import { PlannerPage, localInstant } from './pages/planner-page'
import { audit, auditInBothThemes, type Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

async function accountsOf(app: BrowserModeApp): Promise<Account[]> {
  return (await app.host.call('accounts:list', {})).value
}

/** A post on the service for `account`, `minutes` from now. */
async function servicePost(app: BrowserModeApp, account: Account, scheduleAt: string, over = {}) {
  return app.host.active().client.createSchedule({
    ...emptyScheduleRequest(),
    accountId: account._id,
    scheduleAt,
    ...over,
  })
}

/** The browser's local date and time of an instant, as the composer's fields take them. */
async function localFields(page: Page, iso: string): Promise<{ date: string; time: string }> {
  return page.evaluate((at) => {
    const d = new Date(at)
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    }
  }, iso)
}

test('a disconnected account with a post due soon shows in the planner until it is reconnected', async ({
  appPage,
  app,
}) => {
  const instagram = (await accountsOf(app)).find((a) => a.type === 'instagram')!
  const at = new Date(Date.now() + 3 * 3_600_000).toISOString()
  await servicePost(app, instagram, at, { type: 'text', title: 'Promo akhir pekan', description: 'Diskon' })
  // The sandbox's programmatic API: the account drops, and the watch looks again (it would within the hour).
  await app.host.sandbox.handle()!.setAccountConnected(instagram._id, false)
  await app.host.accountWatch.check()

  const planner = new PlannerPage(appPage)
  await planner.open()
  const alert = appPage.getByTestId('account-watch-alert').filter({ hasText: instagram.name })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText(`${instagram.name} (Instagram) is disconnected`)
  await expect(alert).toContainText('Promo akhir pekan')
  await expect(alert.getByTestId('account-watch-reconnect')).toHaveText('Reconnect on repliz.com')

  const findings = await auditInBothThemes(appPage, 'planner with the account banner')
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])

  // Reachable by keyboard: the post's name opens its detail.
  await alert.getByRole('button', { name: 'Promo akhir pekan' }).focus()
  await appPage.keyboard.press('Enter')
  await expect(appPage.getByRole('dialog')).toContainText('Promo akhir pekan')
  await appPage.keyboard.press('Escape')

  await app.host.sandbox.handle()!.setAccountConnected(instagram._id, true)
  await app.host.accountWatch.check()
  await expect(alert).toHaveCount(0)
})

test('a post on top of another of the same account is warned about, and still scheduled', async ({
  appPage,
  app,
}) => {
  const facebook = (await accountsOf(app)).find((a) => a.type === 'facebook' && a.isConnected)!
  const existing = await localInstant(appPage, 2, 10, 0)
  await servicePost(app, facebook, existing, { type: 'text', description: 'Weekend promo: two for one' })

  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  await planner.chooseAccount(facebook.name)
  await appPage.getByTestId('composer-description').fill('weekend PROMO:  two for one')
  const near = await localFields(appPage, new Date(Date.parse(existing) + 20 * 60_000).toISOString())
  await planner.setTime(near.date, near.time)

  const warnings = appPage.getByTestId('composer-collisions')
  // One line for the one post it lands on, with both reasons.
  const line = warnings.getByTestId('collision')
  await expect(line).toHaveCount(1)
  await expect(line).toHaveAttribute('data-kinds', 'near same-text')
  await expect(line).toContainText(`${facebook.name} already has “Weekend promo: two for one”`)
  await expect(line).toContainText('within 30 minutes of this one and the same text')

  const findings: Finding[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await appPage.emulateMedia({ colorScheme })
    await warnings.scrollIntoViewIfNeeded()
    findings.push(...(await audit(appPage, `composer with collision warnings, ${colorScheme}`)))
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])

  // A warning, not a stop: Schedule goes ahead.
  await appPage.getByTestId('composer-schedule').click()
  await expect(planner.composer).toBeHidden()
})
