// The list view's bulk actions in Chromium through the browser mode, on the built-in sandbox: drafts ticked by
// their labels, scheduled with one call and one toast, an incomplete one listed with its reason; in English
// and Bahasa Indonesia, axe in both themes, pictures at 1280 and 900 px.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { emptyScheduleRequest } from '../../common/service'
import { PlannerPage, localInstant } from './pages/planner-page'
import { audit, type Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

const DIR = join('.test-results', 'screenshots', 'planner-bulk')

const WORDS = {
  en: {
    select: (title: string) => `Select “${title}”`,
    selected: '3 drafts selected',
    scheduled: '2 posts scheduled for 1 account',
    refused: '1 draft was not scheduled',
  },
  id: {
    select: (title: string) => `Pilih “${title}”`,
    selected: '3 draf dipilih',
    scheduled: '2 postingan dijadwalkan untuk 1 akun',
    refused: '1 draf tidak dijadwalkan',
  },
} as const

/** Three drafts ahead: two complete, one with no account (refused when scheduled). */
async function threeDrafts(page: Page, app: BrowserModeApp, stamp: string): Promise<string[]> {
  const accounts = await app.host.call('accounts:list', {})
  const accountId = accounts.value.find((a) => a.isConnected)!._id
  const titles = [`Bulk one ${stamp}`, `Bulk two ${stamp}`, `Bulk loose ${stamp}`]
  for (const [i, title] of titles.entries()) {
    await app.host.call('drafts:save', {
      post: {
        ...emptyScheduleRequest(),
        title,
        description: title,
        accountId: i < 2 ? accountId : '',
        scheduleAt: await localInstant(page, 3 + i, 10, 0),
      },
      localMedia: [],
    })
  }
  return titles
}

const screenshots = (page: Page, app: BrowserModeApp, name: string) =>
  screenshotsInEveryLook(page, app, DIR, name)

for (const language of ['en', 'id'] as const) {
  test(`schedules a selection and lists a refusal of drafts in one call each (${language})`, async ({
    appPage,
    app,
  }) => {
    const words = WORDS[language]
    const titles = await threeDrafts(appPage, app, language)
    const planner = new PlannerPage(appPage)
    await planner.open()
    await app.host.call('settings:update', { language })
    await expect(appPage.locator('html')).toHaveAttribute('lang', language)
    await appPage.getByTestId('planner-view-list').click()
    const list = appPage.getByTestId('planner-list')
    for (const title of titles) await list.getByRole('checkbox', { name: words.select(title) }).check()
    await expect(appPage.getByTestId('planner-bulk-count')).toHaveText(words.selected)
    await appPage.getByTestId('planner-bulk-schedule').click()

    const toasts = appPage.getByTestId('toast')
    await expect(toasts.filter({ hasText: words.scheduled })).toHaveCount(1)
    const refusal = toasts.filter({ hasText: words.refused })
    await expect(refusal).toHaveCount(1)
    await expect(refusal.getByTestId('toast-details')).toContainText(titles[2]!)
    const byTitle = async () =>
      new Map((await app.host.call('drafts:list', undefined)).map((d) => [d.post.title, d.status]))
    await expect.poll(async () => (await byTitle()).get(titles[2]!)).toBe('draft')
    // Queued, then sent by the outbox at once (the sandbox is online): no longer drafts either way.
    for (const title of titles.slice(0, 2))
      await expect.poll(async () => (await byTitle()).get(title)).not.toBe('draft')
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation in the list with a selection, ${colorScheme} theme`, async ({
    appPage,
    app,
  }) => {
    const titles = await threeDrafts(appPage, app, colorScheme)
    await appPage.emulateMedia({ colorScheme })
    const planner = new PlannerPage(appPage)
    await planner.open()
    await appPage.getByTestId('planner-view-list').click()
    const list = appPage.getByTestId('planner-list')
    await list.getByRole('checkbox', { name: WORDS.en.select(titles[0]!) }).check()
    await list.getByRole('checkbox', { name: WORDS.en.select(titles[1]!) }).check()
    const findings: Finding[] = [...(await audit(appPage, 'list view with a selection'))]
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  })
}

test(
  'the list view with a selection in both themes and languages, at 1280 and 900 px',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    const titles = await threeDrafts(appPage, app, 'shots')
    const planner = new PlannerPage(appPage)
    await planner.open()
    await appPage.getByTestId('planner-view-list').click()
    const list = appPage.getByTestId('planner-list')
    await list.getByRole('checkbox', { name: WORDS.en.select(titles[0]!) }).check()
    await list.getByRole('checkbox', { name: WORDS.en.select(titles[1]!) }).check()
    await screenshots(appPage, app, 'selection')
  },
)
