// Pictures of the account watch's banner in the planner and of the composer's collision warnings, at 1280 and
// 900 px, light and dark, English and Bahasa Indonesia: `npm run screenshots` only (nothing compares them).
// They go to MEDIADECK_SHOTS_DIR, else .test-results/screenshots/watch/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { emptyScheduleRequest } from '../../common/service'
import { PlannerPage, localInstant } from './pages/planner-page'
import { expect, test } from './support/browser-mode'

const DIR = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'watch')

async function shoot(page: Page, name: string, focus: Locator) {
  for (const language of ['en', 'id'] as const) {
    await page.evaluate(
      (lang) =>
        (
          globalThis as unknown as { mediadeck: { settings: { update(s: object): Promise<unknown> } } }
        ).mediadeck.settings.update({ language: lang }),
      language,
    )
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await focus.scrollIntoViewIfNeeded()
        await page.waitForTimeout(250)
        await page.screenshot({
          path: join(DIR, `${name}-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
}

test(
  'screenshots of the account banner and the collision warnings',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    mkdirSync(DIR, { recursive: true })
    const accounts = (await app.host.call('accounts:list', {})).value
    const instagram = accounts.find((a) => a.type === 'instagram')!
    const facebook = accounts.find((a) => a.type === 'facebook' && a.isConnected)!
    const client = app.host.active().client
    for (const [title, hours] of [
      ['Promo akhir pekan', 3],
      ['Menu baru minggu ini', 6],
    ] as const) {
      await client.createSchedule({
        ...emptyScheduleRequest(),
        accountId: instagram._id,
        type: 'text',
        title,
        description: title,
        scheduleAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
      })
    }
    await app.host.sandbox.handle()!.setAccountConnected(instagram._id, false)
    await app.host.accountWatch.check()

    const planner = new PlannerPage(appPage)
    await planner.open()
    const banner = appPage.getByTestId('account-watch-banner')
    await expect(banner).toBeVisible()
    await shoot(appPage, 'planner-banner', banner)

    const existing = await localInstant(appPage, 2, 10, 0)
    await client.createSchedule({
      ...emptyScheduleRequest(),
      accountId: facebook._id,
      type: 'text',
      description: 'Weekend promo: two for one',
      scheduleAt: existing,
    })
    await app.host.call('settings:update', { language: 'en' })
    await planner.newPost()
    await planner.chooseAccount(facebook.name)
    await appPage.getByTestId('composer-description').fill('Weekend promo: two for one')
    const local = await appPage.evaluate((at) => {
      const d = new Date(Date.parse(at) + 15 * 60_000)
      const pad = (n: number) => String(n).padStart(2, '0')
      return {
        date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
      }
    }, existing)
    await planner.setTime(local.date, local.time)
    const warnings = appPage.getByTestId('composer-collisions')
    await expect(warnings.getByTestId('collision')).toHaveCount(1)
    await shoot(appPage, 'composer-collisions', warnings)
  },
)
