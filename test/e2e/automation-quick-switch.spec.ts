// The automations list's quick on/off through the browser mode on the sandbox's demo data: a row's switch, by
// keyboard, turns every rule of its automation off on the service and back on to the rules that were on; a
// refusal (the automation removed on the service meanwhile) puts it back and says why. Also its axe audit in both
// themes and its screenshots (1280 and 900 px, light and dark, English and Bahasa Indonesia) under
// .test-results/screenshots/.
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import type { Automation } from '../../common/service'
import { AppShell } from './pages/app-shell'
import { AutomationsPage } from './pages/automations-page'
import { auditInBothThemes } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

const RULES = ['delete', 'reply', 'like', 'message', 'story'] as const
const activeOf = (automation: Automation) => RULES.filter((rule) => automation.config[rule].isActive)

function rowFor(automations: AutomationsPage, automation: Automation): Locator {
  return automations.rows.filter({
    has: automations.page.getByTestId('automation-title').getByText(automation.detail.title, { exact: true }),
  })
}

test('a row’s switch turns its automation off and back on, by keyboard, on the service', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await expect(automations.rows.first()).toBeVisible()
  const page = (await app.host.call('automations:list', { page: 1, limit: 20 })).value.docs
  // One whose title is its own on this page, with at least one rule on.
  const automation = page.find(
    (a) =>
      activeOf(a).length > 0 &&
      a.detail.title !== '' &&
      page.filter((b) => b.detail.title === a.detail.title).length === 1,
  )!
  const wereOn = activeOf(automation)
  const toggle = rowFor(automations, automation).getByRole('switch')
  await expect(toggle).toHaveAccessibleName(new RegExp(`^Automation “${automation.detail.title}” of `))
  await expect(toggle).toHaveAttribute('aria-checked', 'true')

  await toggle.focus()
  await appPage.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(appPage.getByTestId('toast').last()).toContainText('is off')
  await expect
    .poll(async () => activeOf(await app.host.call('automations:get', { id: automation.id })))
    .toEqual([])
  // The list shows no rule badge for it any more.
  await expect(rowFor(automations, automation).locator('.ui-badge--accent')).toHaveCount(0)
  await expect(toggle).toBeFocused()

  await appPage.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await expect
    .poll(async () => activeOf(await app.host.call('automations:get', { id: automation.id })))
    .toEqual(wereOn)

  // Removed on the service behind the app's back: the switch goes back and the reason is said.
  await app.host.call('automations:delete', { id: automation.id })
  await toggle.click()
  await expect(appPage.getByTestId('toast').last()).toContainText('was not turned off')
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  expect(consoleErrors).toEqual([])
})

test('axe: no serious or critical finding in the list with its switches, both themes', async ({
  appPage,
}) => {
  test.setTimeout(axeTimeout(2))
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await expect(automations.rows.first()).toBeVisible()
  const findings = await auditInBothThemes(appPage, 'automations list')
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

// Pictures for a person to look at, compared with nothing: `npm run screenshots`, not `npm test`.
test(
  'screenshots of the list with its switches at 1280 and 900 px, light and dark, English and Indonesian',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(120_000)
    const shell = new AppShell(appPage)
    const automations = new AutomationsPage(appPage)
    await shell.open('Automations')
    await expect(automations.rows.first()).toBeVisible()
    await screenshotsInEveryLook(appPage, app, join('.test-results', 'screenshots'), 'automations-switches')
  },
)
