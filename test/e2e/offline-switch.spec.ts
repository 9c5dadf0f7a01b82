// A profile switch while its service cannot be reached, on every view, as a person with two logins has it: the
// Sandbox profile is used online first (so every view has a copy of its data), then a second profile, whose
// service is out of reach, is made the active one. Each view then shows none of the Sandbox's data: it says
// it has none, or that it is offline. Before, Activity listed the first profile's reports with Retry on them.
// Then back, from the unreachable profile to the Sandbox: each view shows the Sandbox's data again, with
// nothing left of the other profile's "could not be reached". Screenshots of each view, both ways, at 1280 px
// in English and light and at 900 px in Bahasa Indonesia and dark, under
// .test-results/screenshots/offline-switch/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { AppHost } from '../../main/host/app-host'
import { animationsSettled } from './support/animations'
import { expect, test } from './support/browser-mode'

const DIR = join('.test-results', 'screenshots', 'offline-switch')

/** How each view is shot: between the two, both widths, both languages and both themes are seen. */
const LOOKS = [
  { width: 1280, language: 'en', scheme: 'light' },
  { width: 900, language: 'id', scheme: 'dark' },
] as const

async function lookAs(page: Page, host: AppHost, look: (typeof LOOKS)[number]): Promise<void> {
  await host.call('settings:update', { language: look.language })
  await expect(page.locator('html')).toHaveAttribute('lang', look.language)
  await page.setViewportSize({ width: look.width, height: 900 })
  await page.emulateMedia({ colorScheme: look.scheme })
}

/** Screenshots of the page in each look, then back to the first (the one the test reads the page in). */
async function shoot(page: Page, host: AppHost, name: string): Promise<void> {
  for (const look of LOOKS) {
    await lookAs(page, host, look)
    await animationsSettled(page)
    await page.screenshot({ path: join(DIR, `${name}-${look.width}-${look.language}-${look.scheme}.png`) })
  }
  await lookAs(page, host, LOOKS[0])
}

/** An empty state or an error state of the view's own (not the sidebar's offline mark). */
const SAYS = 'main .ui-empty'
/** What says the view could not read its data (an empty state "for nothing yet", as the upload queue's, is not). */
const TROUBLE = 'main .ui-empty--danger, main .ui-alert--danger'

/**
 * Each view, what in it is a profile's data (the Sandbox's demo data, before the switch), and where it says it
 * has none.
 */
const VIEWS: Array<{ nav: string; data: (page: Page) => Locator; says?: string }> = [
  { nav: 'activity', data: (page) => page.getByTestId('report-row') },
  // The calendar stays, for drafts written offline; the posts of the service are said not to be there.
  {
    nav: 'planner',
    data: (page) => page.getByTestId('planner-entry'),
    says: 'main .ui-alert--danger',
  },
  { nav: 'library', data: (page) => page.getByTestId('stored-file') },
  { nav: 'automations', data: (page) => page.getByTestId('automation-row') },
  { nav: 'inbox', data: (page) => page.getByTestId('inbox-row') },
  { nav: 'insights', data: (page) => page.locator('[data-testid^="insights-account-"]') },
]

test('every view shows the active profile’s data or says it has none after an offline switch', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  test.setTimeout(300_000)
  mkdirSync(DIR, { recursive: true })
  await lookAs(appPage, app.host, LOOKS[0])
  // Online on the Sandbox: every view reads its data, and the data folder keeps a copy of it.
  await app.host.call('inbox:refresh')
  for (const view of VIEWS) {
    await appPage.getByTestId(`nav-${view.nav}`).click()
    await expect(view.data(appPage).first()).toBeVisible({ timeout: 15_000 })
  }

  // A second login whose service cannot be reached (nothing listens on port 9), made the active profile.
  const offline = await app.host.call('profiles:save', {
    name: 'Client offline',
    baseUrl: 'http://127.0.0.1:9',
    accessKey: 'client-key',
    secretKey: 'client-secret',
  })
  await app.host.call('profiles:activate', { id: offline.id })
  await expect(appPage.getByTestId('active-profile-name')).toHaveText('Client offline')

  for (const view of VIEWS) {
    await appPage.getByTestId(`nav-${view.nav}`).click()
    // It says something of its own: that it has none, or that it could not read it.
    await expect(appPage.locator(view.says ?? SAYS).first()).toBeVisible({ timeout: 20_000 })
    await expect(view.data(appPage)).toHaveCount(0)
    await shoot(appPage, app.host, `${view.nav}-offline`)
  }

  // And back to the Sandbox: each view shows its data again, and nothing says it could not be read.
  await app.host.call('profiles:activate', { id: 'sandbox' })
  await expect(appPage.getByTestId('active-profile-name')).toHaveText('Sandbox')
  for (const view of VIEWS) {
    await appPage.getByTestId(`nav-${view.nav}`).click()
    await expect(view.data(appPage).first()).toBeVisible({ timeout: 20_000 })
    await expect(appPage.locator(TROUBLE)).toHaveCount(0)
    await shoot(appPage, app.host, `${view.nav}-back`)
  }
  expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([])
})
