// A disconnected account is flagged on every planned post for it as soon as the app knows, whatever the post's
// date, in English and in Bahasa Indonesia: a post five days ahead (past the 24-hour banner's reach) gets the
// mark on its chip, a line in the list view and an alert in its detail, and the composer's account picker
// says "disconnected" and asks before scheduling on it, all without leaving the view or reloading. The account
// drops on the embedded sandbox while the planner is open; the account watch's next look is what tells the app.
import { emptyScheduleRequest, type Account } from '../../common/service'
import { localInstant, openPlannerIn } from './pages/planner-page'
import { auditInBothThemes } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const WORDS = {
  en: {
    planner: 'Planner',
    flag: 'disconnected: reconnect before its time',
    picker: 'disconnected',
    detail: 'Disconnected account',
    confirm: 'Schedule for a disconnected account?',
  },
  id: {
    planner: 'Perencana',
    flag: 'terputus: sambungkan lagi sebelum waktunya',
    picker: 'terputus',
    detail: 'Akun terputus',
    confirm: 'Jadwalkan untuk akun yang terputus?',
  },
} as const

async function connectedFacebook(app: BrowserModeApp): Promise<Account> {
  const accounts = (await app.host.call('accounts:list', {})).value
  return accounts.find((a) => a.type === 'facebook' && a.isConnected)!
}

for (const language of ['en', 'id'] as const) {
  test(`${language}: every planned post of a disconnected account is flagged, whatever its date, without a reload`, async ({
    appPage,
    app,
  }) => {
    const words = WORDS[language]
    const account = await connectedFacebook(app)
    const title = `Promo lebaran ${language}`
    const at = await localInstant(appPage, 5, 10, 0)
    await app.host.active().client.createSchedule({
      ...emptyScheduleRequest(),
      type: 'text',
      accountId: account._id,
      title,
      description: 'Diskon 20% minggu depan',
      scheduleAt: at,
    })
    const planner = await openPlannerIn(appPage, app, language)
    await planner.goToMonthOf(at)
    const chip = planner.entry(title)
    await expect(chip).toBeVisible()
    await expect(chip).not.toHaveAttribute('data-disconnected')

    // The account drops on the service while the view stays open; the watch's next look tells the app.
    await app.host.sandbox.handle()!.setAccountConnected(account._id, false)
    await app.host.accountWatch.check()

    await expect(chip).toHaveAttribute('data-disconnected', 'true')
    await expect(chip).toHaveAccessibleName(new RegExp(`${account.name} ${words.flag}`))
    // Five days ahead: the 24-hour banner does not name it, the chip does.
    await expect(appPage.getByTestId('account-watch-alert')).toHaveCount(0)

    await chip.click()
    const detail = appPage.getByTestId('post-detail')
    await expect(detail.getByTestId('detail-disconnected')).toContainText(`${words.detail}: ${account.name}`)
    await appPage.keyboard.press('Escape')
    await expect(detail).toBeHidden()

    await appPage.getByTestId('planner-today').click()
    await appPage.getByTestId('planner-view-list').click()
    const row = appPage.getByTestId('planner-list-row').filter({ hasText: title })
    await expect(row.getByTestId('list-disconnected')).toHaveText(`${account.name} ${words.flag}`)

    const findings = await auditInBothThemes(appPage, `planner list with a disconnected account, ${language}`)
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])

    // The composer's picker says so, and scheduling on it asks first.
    await planner.newPost()
    const choice = planner.composer.getByTestId(`account-${account._id}`)
    await expect(choice).toContainText(`· ${words.picker}`)
    await choice.click()
    await appPage.getByTestId('composer-description').fill('Diskon 20% minggu depan, lagi')
    const day = await appPage.evaluate(() => {
      const d = new Date(Date.now() + 6 * 86_400_000)
      const pad = (n: number) => String(n).padStart(2, '0')
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
    })
    await planner.setTime(day, '11:00')
    await appPage.getByTestId('composer-schedule').click()
    const confirm = appPage.getByRole('dialog', { name: words.confirm })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByTestId('composer-disconnected-confirm')).toContainText(account.name)
    await confirm.getByTestId('confirm-cancel').click()
    await expect(planner.composer).toBeVisible()

    // Reconnected: the picker and the list follow the same way, the composer still open.
    await app.host.sandbox.handle()!.setAccountConnected(account._id, true)
    await app.host.accountWatch.check()
    await expect(choice).not.toContainText(`· ${words.picker}`)
    await expect(row.getByTestId('list-disconnected')).toHaveCount(0)
  })
}
