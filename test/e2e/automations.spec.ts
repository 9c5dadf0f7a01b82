// Automations through the browser mode on the sandbox's demo data: filter by account and by search, page
// through with x–y of N, open one and read its rules, and keep all of it in the URL so back works.
import { embeddedSandboxConfig } from '../../main/host/embedded-sandbox'
import { AppShell } from './pages/app-shell'
import { AutomationsPage } from './pages/automations-page'
import { screenshotBothThemes } from './pages/screenshots'
import { expect, test } from './support/browser-mode'

test('filters by account and search, pages through, and opens one', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  const all = (await app.host.call('automations:list', { page: 1, limit: 20 })).value
  expect(all.totalDocs).toBeGreaterThan(20)

  await shell.open('Automations')
  await expect(shell.heading('Automations')).toBeVisible()
  await expect(automations.rows).toHaveCount(20)
  await expect(automations.range).toHaveText(`1–20 of ${all.totalDocs}`)
  await screenshotBothThemes(appPage, 'automations')

  // Page forward and back again with the browser's history.
  await automations.next.click()
  await expect(automations.range).toHaveText(`21–${Math.min(40, all.totalDocs)} of ${all.totalDocs}`)
  expect(appPage.url()).toContain('page=2')
  await appPage.goBack()
  await expect(automations.range).toHaveText(`1–20 of ${all.totalDocs}`)

  // One account: every row is that account's, and the count is the service's.
  const account = all.docs[0]!.account!
  const forAccount = (
    await app.host.call('automations:list', { page: 1, limit: 20, accountIds: [account.id] })
  ).value
  await automations.chooseAccount(account.name)
  await expect(automations.range).toHaveText(
    `1–${Math.min(20, forAccount.totalDocs)} of ${forAccount.totalDocs}`,
  )
  for (const name of await automations.rows.getByTestId('automation-account').allTextContents()) {
    expect(name).toBe(account.name)
  }
  expect(appPage.url()).toContain(`accounts=${account.id}`)

  // Search within that account.
  const word = forAccount.docs[0]!.detail.title.split(/\s+/)[0]!
  const searched = (
    await app.host.call('automations:list', { page: 1, limit: 20, accountIds: [account.id], search: word })
  ).value
  await automations.search.fill(word)
  await expect(automations.range).toHaveText(`1–${searched.docs.length} of ${searched.totalDocs}`)
  await expect(automations.titles).toHaveText(searched.docs.map((doc) => doc.detail.title))

  // Open the first: the detail reads the rules in words, and the raw JSON is the document itself.
  const first = searched.docs[0]!
  await automations.rows.first().getByRole('link').click()
  await expect(automations.detail).toBeVisible()
  await expect(automations.detail.getByRole('heading', { level: 2 })).toHaveText(first.detail.title)
  for (const rule of ['delete', 'reply', 'like', 'message', 'story'] as const) {
    await expect(automations.rule(rule).getByTestId('rule-state')).toHaveText(
      first.config[rule].isActive ? 'On' : 'Off',
    )
  }
  expect(appPage.url()).toContain(`open=${first.id}`)
  await screenshotBothThemes(appPage, 'automations-detail')
  await automations.detail.getByTestId('raw-toggle').click()
  const raw = JSON.parse((await automations.detail.getByTestId('raw-json').textContent()) ?? '{}')
  expect(raw.id).toBe(first.id)
  await screenshotBothThemes(appPage, 'automations-raw')

  // Back closes the panel; the filters stay.
  await appPage.goBack()
  await expect(automations.detail).toHaveCount(0)
  await expect(automations.range).toHaveText(`1–${searched.docs.length} of ${searched.totalDocs}`)

  // Back once more undoes the search: the previous filter (that account alone) is on screen again, search box
  // included; forward brings the search back.
  await appPage.goBack()
  await expect(automations.search).toHaveValue('')
  await expect(automations.range).toHaveText(
    `1–${Math.min(20, forAccount.totalDocs)} of ${forAccount.totalDocs}`,
  )
  expect(appPage.url()).toContain(`accounts=${account.id}`)
  expect(appPage.url()).not.toContain('search=')
  await appPage.goForward()
  await expect(automations.search).toHaveValue(word)
  await expect(automations.range).toHaveText(`1–${searched.docs.length} of ${searched.totalDocs}`)

  // By keyboard alone: from the search box, Tab reaches the first row with a visible focus ring, Enter opens it.
  await automations.search.focus()
  const firstRow = automations.rows.first().getByRole('link')
  for (let i = 0; i < 10 && !(await firstRow.evaluate((el) => el === el.ownerDocument.activeElement)); i++) {
    await appPage.keyboard.press('Tab')
  }
  await expect(firstRow).toBeFocused()
  await expect(firstRow).not.toHaveCSS('outline-style', 'none')
  await appPage.keyboard.press('Enter')
  await expect(automations.detail.getByRole('heading', { level: 2 })).toHaveText(first.detail.title)
  expect(consoleErrors).toEqual([])
})

test('the last page seen stays readable offline, marked as possibly out of date', async ({
  appPage,
  app,
}) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await expect(automations.rows).toHaveCount(20)
  await app.host.sandbox.stop()
  try {
    await appPage.getByTestId('automations-refresh').click()
    await expect(appPage.getByTestId('stale-notice')).toContainText('Offline · as of', {
      timeout: 20_000,
    })
    await expect(automations.rows).toHaveCount(20)
    await screenshotBothThemes(appPage, 'automations-offline')
  } finally {
    await app.host.sandbox.start()
  }
})

test.describe('on a Standard plan', () => {
  const demo = embeddedSandboxConfig()
  test.use({
    browserModeOptions: {
      hostOptions: { sandbox: { config: { ...demo, users: [{ ...demo.users[0]!, tier: 'standard' }] } } },
    },
  })

  test('the plan refusal is explained as a plan matter, not as an error', async ({ appPage }) => {
    const shell = new AppShell(appPage)
    await shell.open('Automations')
    const refusal = appPage.getByTestId('plan-refusal')
    await expect(refusal).toContainText('Automations need the Gold plan')
    await expect(appPage.getByRole('alert')).toHaveCount(0)
    await screenshotBothThemes(appPage, 'automations-plan')
  })
})
