// The inbox and Insights say how far what they show can be trusted as main knows it (issue 34), through the
// browser mode on the built-in sandbox: a read the background scheduler makes on its own marks the copy
// "Checking… · as of …" while it runs, and nothing once it ended. The scheduler's clock is injected (a manual
// clock the test steps to the inbox's next read; nothing is slept on); the service answers slowly so the read
// lasts while it is looked at. In English and Bahasa Indonesia, axe on the notice in both themes, and, by
// `npm run screenshots` (@screenshots), pictures at 1280 and 900 px, light and dark, under
// .test-results/screenshots/background-freshness/ (or MEDIADECK_SHOTS_DIR).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { INBOX_REFRESH_MS } from '../../main/host/inbox'
import { manualClock } from '../support/manual-clock'
import { setLanguage } from './pages/screenshots'
import type { Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const LANGUAGES = ['en', 'id'] as const
type Language = (typeof LANGUAGES)[number]
const CHECKING: Record<Language, RegExp> = {
  en: /Checking… · as of .*(now|ago)/,
  id: /Memeriksa… · per .*(sekarang|lalu)/,
}
/** Each request of a read waits this long (under the 30 s deadline): the read lasts while it is looked at. */
const SLOW_SERVICE_MS = 25_000

// The background scheduler runs on this clock: its next inbox read comes when the test steps it there.
const time = manualClock(Date.now())
test.use({
  browserModeOptions: {
    hostOptions: {
      scheduler: { clock: time.clock, limit: 100_000 },
      // Probed at start only: the slow service is not taken for gone.
      connection: { onlineIntervalMs: 30 * 60_000 },
    },
  },
})

async function openInbox(page: Page): Promise<void> {
  await page.getByTestId('nav-inbox').click()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
  // The view's own read on opening has ended: the copy is fresh, nothing is said.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByTestId('inbox-freshness')).toHaveCount(0)
}

/** The scheduler's next inbox read, on a slow service: resolves once the page says "checking". */
async function backgroundRead(page: Page, app: BrowserModeApp, language: Language): Promise<void> {
  app.host.sandbox.setFaults({ latencyMs: SLOW_SERVICE_MS })
  await time.advance(INBOX_REFRESH_MS)
  const notice = page.getByTestId('inbox-freshness')
  await expect(notice).toHaveAttribute('data-freshness', 'checking')
  await expect(notice).toContainText(CHECKING[language])
  // The copy stays on screen meanwhile.
  await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
}

async function readEnded(page: Page, app: BrowserModeApp): Promise<void> {
  app.host.sandbox.setFaults({})
  await app.host.background.scheduler()!.whenIdle()
  await expect(page.getByTestId('inbox-freshness')).toHaveCount(0, { timeout: 90_000 })
}

async function auditNotice(page: Page, where: string): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid=inbox-freshness]').analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, impact: v.impact!, nodes: v.nodes.map((n) => n.target.join(' ')) }))
}

test('a background read of the inbox says "Checking…" with the copy\'s age while it runs, EN and ID', async ({
  appPage,
  app,
}) => {
  test.setTimeout(300_000)
  await openInbox(appPage)
  const findings: Finding[] = []
  for (const language of LANGUAGES) {
    await setLanguage(appPage, language)
    await expect(appPage.locator('html')).toHaveAttribute('lang', language)
    await backgroundRead(appPage, app, language)
    for (const colorScheme of ['light', 'dark'] as const) {
      await appPage.emulateMedia({ colorScheme })
      findings.push(...(await auditNotice(appPage, `inbox checking, ${language}, ${colorScheme}`)))
    }
    await readEnded(appPage, app)
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

/** Insights' own refresh on a slow service: its figures say "checking" as main says it, then nothing. */
async function insightsChecking(page: Page, app: BrowserModeApp, language: Language): Promise<void> {
  app.host.sandbox.setFaults({ latencyMs: SLOW_SERVICE_MS })
  await page.getByTestId('insights-refresh').click()
  const notice = page.locator('.insights__status [data-freshness]')
  await expect(notice).toHaveAttribute('data-freshness', 'checking')
  await expect(notice).toContainText(language === 'en' ? 'Checking…' : 'Memeriksa…')
}

async function insightsEnded(page: Page, app: BrowserModeApp): Promise<void> {
  app.host.sandbox.setFaults({})
  await expect(page.locator('.insights__status [data-freshness]')).toHaveCount(0, { timeout: 60_000 })
}

test('Insights says its figures are "Checking…" while main reads them, EN and ID', async ({
  appPage,
  app,
}) => {
  test.setTimeout(300_000)
  await appPage.getByTestId('nav-insights').click()
  await expect(appPage.getByTestId('insights')).toHaveAttribute('data-reading', 'false', { timeout: 60_000 })
  for (const language of LANGUAGES) {
    await setLanguage(appPage, language)
    await expect(appPage.locator('html')).toHaveAttribute('lang', language)
    await insightsChecking(appPage, app, language)
    await insightsEnded(appPage, app)
  }
})

/**
 * Pictures of a view while a read runs, at each width, theme and language: `begin` starts the read and answers
 * once the page says "checking", `end` lets it finish.
 */
async function checkingShots(
  page: Page,
  name: string,
  begin: (language: Language) => Promise<void>,
  end: () => Promise<void>,
): Promise<void> {
  const dir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'background-freshness')
  mkdirSync(dir, { recursive: true })
  for (const language of LANGUAGES) {
    await setLanguage(page, language)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      await begin(language)
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.screenshot({ path: join(dir, `${name}-checking-${width}-${language}-${colorScheme}.png`) })
      }
      await end()
    }
  }
}

test(
  'screenshots of the inbox while a background read runs at 1280 and 900 px, light and dark, English and Indonesian',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(480_000)
    await openInbox(appPage)
    await checkingShots(
      appPage,
      'inbox',
      (language) => backgroundRead(appPage, app, language),
      () => readEnded(appPage, app),
    )
  },
)

test(
  'screenshots of Insights while its figures are read at 1280 and 900 px, light and dark, English and Indonesian',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(480_000)
    await appPage.getByTestId('nav-insights').click()
    await expect(appPage.getByTestId('insights')).toHaveAttribute('data-reading', 'false', {
      timeout: 60_000,
    })
    await checkingShots(
      appPage,
      'insights',
      (language) => insightsChecking(appPage, app, language),
      () => insightsEnded(appPage, app),
    )
  },
)
