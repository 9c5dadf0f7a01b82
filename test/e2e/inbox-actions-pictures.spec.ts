// The inbox's actions a person checks by eye, in every look (both languages, 1280 and 900 px, both themes):
// a comment with Like and "Answer privately" ticked, the saved answers open in the reply box, and the triage
// offline, with a reply waiting and the list saying so. axe finds nothing serious or critical in each state, in both themes.
// The pictures go to .test-results/screenshots/inbox-actions for a person to open.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { auditInBothThemes, type Finding } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'inbox-actions')

async function openPendingComment(page: Page): Promise<string> {
  await page.getByTestId('nav-inbox').click()
  const row = page.locator('[data-testid=inbox-row][data-kind=comment][data-status=pending]').first()
  await expect(row).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  const id = (await row.getAttribute('data-id'))!
  await row.click()
  await expect(page.getByTestId('inbox-thread')).toBeVisible()
  return id
}

test('Like, answering privately, saved answers and the offline triage, in every look', async ({
  appPage: page,
  app,
}) => {
  test.setTimeout(axeTimeout(6) + 180_000)
  const findings: Finding[] = []
  await app.host.call('snippets:create', {
    kind: 'reply',
    name: 'Thanks',
    body: 'Thank you! We will send the details by message.',
  })
  const id = await openPendingComment(page)
  const thread = page.getByTestId('inbox-thread')

  // A comment: Like beside the thread, the reply box ticked to answer privately.
  await expect(thread.getByTestId('inbox-like')).toBeVisible()
  await thread.getByTestId('reply-privately').check()
  await expect(thread.getByTestId('reply-send')).toHaveText(/privately|pribadi/i)
  findings.push(...(await auditInBothThemes(page, 'inbox comment, privately')))
  await screenshotsInEveryLook(page, app, shotsDir, 'inbox-comment-private')

  // The saved answers, open in the reply box: the one made above is offered.
  await thread.getByTestId('reply-privately').uncheck()
  await thread.getByTestId('composer-snippets-button').click()
  const menu = page.getByTestId('composer-snippets-menu')
  await expect(menu).toContainText('Thanks')
  findings.push(...(await auditInBothThemes(page, 'inbox saved answers')))
  await screenshotsInEveryLook(page, app, shotsDir, 'inbox-saved-answers')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  // Offline: a reply waits, the row says so, the copy stays with its time.
  await app.host.sandbox.stop()
  try {
    await app.host.call('connection:check')
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'offline')
    await thread.getByTestId('reply-text').fill('We will look at it tomorrow morning.')
    await thread.getByTestId('reply-send').click()
    await expect(thread.getByTestId('outbox-reply').last()).toHaveAttribute('data-state', 'queued')
    await expect(page.locator(`[data-id="${id}"] [data-testid=row-waiting]`)).toBeVisible()
    findings.push(...(await auditInBothThemes(page, 'inbox offline triage')))
    // The longest name beside its two counts, "Kotak masuk", stays whole on one line (it wrapped to two).
    await page.setViewportSize({ width: 1280, height: 900 })
    await app.host.call('settings:update', { language: 'id' })
    const label = page.getByTestId('nav-inbox').locator('.sidebar__label')
    await expect(label).toHaveText('Kotak masuk')
    await expect(page.getByTestId('nav-inbox-counts')).toBeVisible()
    const fit = await label.evaluate((element) => ({
      lines: Math.round(
        element.getBoundingClientRect().height /
          parseFloat(
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }
            ).getComputedStyle(element).lineHeight,
          ),
      ),
      cut: element.scrollWidth > element.clientWidth,
    }))
    expect(fit).toEqual({ lines: 1, cut: false })
    await screenshotsInEveryLook(page, app, shotsDir, 'inbox-offline-triage')
  } finally {
    await app.host.sandbox.start()
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})
