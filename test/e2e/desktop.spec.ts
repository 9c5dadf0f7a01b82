// The desktop behaviours that also live in the browser mode: a mediadeck:// link opens the app at its view
// (the page's `?open=` goes through the same strict parser as the app's links, then `app:navigate`), and About's
// Copy / Save diagnostics carry the versions and never a secret.
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppShell } from './pages/app-shell'
import { AutomationsPage } from './pages/automations-page'
import { SettingsPage } from './pages/settings-page'
import { expect, test } from './support/browser-mode'
import type { PageGlobals } from './support/page-globals'

function withLink(url: string, link: string): string {
  return `${url}?open=${encodeURIComponent(link)}`
}

test.describe('mediadeck:// links', () => {
  test('open an automation that is not on the first page', async ({ page, app, consoleErrors }) => {
    const second = (await app.host.call('automations:list', { page: 2, limit: 20 })).value
    const target = second.docs[0]!
    await page.goto(withLink(app.url, `mediadeck://automations/${target.id}`))
    const automations = new AutomationsPage(page)
    await expect(automations.detail.getByRole('heading', { level: 2 })).toHaveText(target.detail.title)
    expect(page.url()).toContain(`open=${target.id}`)
    // The link is taken out of the address: a reload does not follow it again.
    expect(new URL(page.url()).search).toBe('')
    expect(consoleErrors).toEqual([])
  })

  test('open the planner on a date', async ({ page, app, consoleErrors }) => {
    await page.goto(withLink(app.url, 'mediadeck://planner?date=2031-12-01'))
    await expect(new AppShell(page).heading('Planner')).toBeVisible()
    // The week of that day, as a notification's click on a post shows it.
    await expect(page.getByTestId('planner-week')).toBeVisible()
    await expect(page.locator('[data-testid=planner-slot][data-day="2031-12-01"]').first()).toBeVisible()
    expect(consoleErrors).toEqual([])
  })

  test('open Settings', async ({ page, app }) => {
    await page.goto(withLink(app.url, 'mediadeck://settings'))
    await expect(new AppShell(page).heading('Settings')).toBeVisible()
  })

  test('refuse a link the parser does not accept, and open the app as usual', async ({ page, app }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    // Not a calendar date, a path escape, another scheme: each refused whole.
    for (const link of [
      'mediadeck://planner?date=2031-02-30',
      'mediadeck://automations/../settings',
      'javascript:alert(1)',
    ]) {
      await page.goto(withLink(app.url, link))
      await expect(new AppShell(page).heading('Library')).toBeVisible()
      expect(new URL(page.url()).search).toBe('')
    }
    expect(warnings.filter((w) => w.includes('ignored a mediadeck:// link'))).toHaveLength(3)
  })
})

test.describe('diagnostics in About', () => {
  // A log file the report's tail reads, so a secret written there before the page asks must be taken out.
  const logFile = join(mkdtempSync(join(tmpdir(), 'mediadeck-e2e-log-')), 'browser-mode.log')
  test.use({ browserModeOptions: { hostOptions: { info: { logFile } } } })
  test.beforeEach(({ app }) => {
    const token = new URL(app.url).pathname.split('/')[1]!
    const { secretKey } = app.host.sandbox.credentials
    appendFileSync(logFile, `[info] request with secret ${secretKey} on /${token}/ws\n`)
  })

  test('Copy diagnostics: versions, and no key or token', async ({ appPage, app, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(app.url).origin,
    })
    const settings = new SettingsPage(appPage)
    await new AppShell(appPage).open('Settings')
    await settings.about.getByTestId('copy-diagnostics').click()
    await expect(settings.about.getByTestId('copy-diagnostics')).toContainText('Diagnostics copied')
    const copied = await appPage.evaluate(() =>
      (globalThis as unknown as PageGlobals).navigator.clipboard.readText(),
    )
    expectDiagnostics(copied, app)
  })

  test('Save diagnostics: a file with the same content', async ({ appPage, app }) => {
    const settings = new SettingsPage(appPage)
    await new AppShell(appPage).open('Settings')
    const [download] = await Promise.all([
      appPage.waitForEvent('download'),
      settings.about.getByTestId('save-diagnostics').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.json$/)
    expectDiagnostics(readFileSync((await download.path())!, 'utf8'), app)
  })
})

function expectDiagnostics(
  content: string,
  app: { url: string; host: { sandbox: { credentials: { secretKey: string } } } },
): void {
  const report = JSON.parse(content) as {
    app: { version: string; mode: string; versions: Record<string, string> }
    log: unknown
  }
  expect(report.app).toMatchObject({
    version: '0.1.0',
    mode: 'browser',
    versions: { node: process.versions.node, v8: process.versions.v8 },
  })
  // The line with the secrets is in the tail, with both taken out.
  expect(JSON.stringify(report.log)).toContain('request with secret')
  const token = new URL(app.url).pathname.split('/')[1]!
  expect(token.length).toBeGreaterThan(20)
  expect(content).not.toContain(token)
  expect(content).not.toContain(app.host.sandbox.credentials.secretKey)
}
