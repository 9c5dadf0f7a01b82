// Accounts told apart wherever an account is named, in Chromium through the browser mode on the sandbox's demo
// data: the network's mark (named for screen readers) and the username beside the name in the list view, the
// failed list and Activity. axe in both themes; screenshots (@screenshots) at 1366×768 and 900 px, light and
// dark, English and Bahasa Indonesia.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { PlannerPage } from './pages/planner-page'
import { screenshotThemes, setLanguage } from './pages/screenshots'
import { auditInBothThemes } from './support/axe'
import { expect, test } from './support/browser-mode'

const SHOTS = join('.test-results', 'screenshots', 'accounts-apart')

async function listView(page: Page) {
  await new PlannerPage(page).open()
  await page.getByTestId('planner-view-list').click()
  await expect(page.getByTestId('planner-list-row').first()).toBeVisible()
}

test('the list view and the failed list name each account with its network and username', async ({
  appPage,
}) => {
  await listView(appPage)
  const row = appPage
    .getByTestId('planner-list-row')
    .filter({ has: appPage.getByTestId('account-label') })
    .first()
  const label = row.getByTestId('account-label').first()
  await expect(label.getByRole('img')).toHaveAttribute(
    'aria-label',
    /^(Facebook|Instagram|TikTok|Threads|YouTube|LinkedIn|WhatsApp)$/,
  )
  await expect(label).toContainText(/@\S+/)
  const failed = appPage.getByTestId('planner-failed').getByTestId('failed-post').first()
  await expect(failed.getByTestId('account-label')).toContainText(/@\S+/)
  await expect(failed.getByTestId('account-label').getByRole('img')).toHaveAttribute('aria-label', /\w+/)
})

test('Activity names each account with its network and username', async ({ appPage }) => {
  await appPage.getByRole('link', { name: 'Activity' }).click()
  const report = appPage.getByTestId('report-list').locator('li').first()
  await expect(report.getByTestId('account-label')).toContainText(/@\S+/)
  await expect(report.getByTestId('account-label').getByRole('img')).toHaveAttribute('aria-label', /\w+/)
})

test('no serious or critical axe violation where accounts are named', async ({ appPage }) => {
  await listView(appPage)
  const findings = await auditInBothThemes(appPage, 'planner list with accounts')
  await appPage.getByRole('link', { name: 'Activity' }).click()
  await expect(appPage.getByTestId('report-list')).toBeVisible()
  findings.push(...(await auditInBothThemes(appPage, 'activity with accounts')))
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

test(
  'accounts told apart in the list view and Activity, both themes and languages, 1366×768 and 900 px',
  { tag: '@screenshots' },
  async ({ appPage }) => {
    mkdirSync(SHOTS, { recursive: true })
    await listView(appPage)
    for (const view of ['list', 'activity'] as const) {
      if (view === 'activity') {
        await setLanguage(appPage, 'en')
        await appPage.getByRole('link', { name: 'Activity' }).click()
        await expect(appPage.getByTestId('report-list')).toBeVisible()
      }
      for (const language of ['en', 'id'] as const) {
        await setLanguage(appPage, language)
        await expect(appPage.locator('html')).toHaveAttribute('lang', language)
        for (const [width, height] of [
          [1366, 768],
          [900, 768],
        ] as const) {
          await appPage.setViewportSize({ width, height })
          await screenshotThemes(appPage, (theme) => join(SHOTS, `${view}-${width}-${theme}-${language}.png`))
        }
      }
    }
  },
)
