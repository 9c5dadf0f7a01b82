// What the Insights specs share (insights, insights-grid, insights-export, insights-actions): Jakarta's clock
// and a background budget large enough for a history, the demo's Instagram account with published posts
// inserted into the embedded sandbox, the app's language, and the view opened on one account.
import type { Page } from '@playwright/test'
import { publishedHistory, type HistoryOptions } from '../../support/insights-history'
import { expect, type BrowserModeApp } from '../support/browser-mode'
import { setLanguage as setAppLanguage } from './screenshots'

/**
 * For `test.use`: the sandbox's figures follow Jakarta's clock, and the profile's background budget (60
 * requests a minute) would take minutes over weeks of posts, so the reads are the same, paced faster.
 */
export const INSIGHTS_TEST_OPTIONS = {
  timezoneId: 'Asia/Jakarta',
  browserModeOptions: { hostOptions: { scheduler: { limit: 100_000 } } },
}

/** The demo's Instagram account (Kopi Senja). */
export async function demoInstagram(app: BrowserModeApp) {
  const accounts = (await app.host.call('accounts:list', {})).value
  return accounts.find((a) => a.type === 'instagram')!
}

/** Inserts these records into the embedded sandbox as the demo user's. */
export async function insertIntoSandbox(app: BrowserModeApp, schedules: Record<string, unknown>[]) {
  await app.host.sandbox.handle()!.insertRecords(app.host.sandbox.credentials.accessKey, { schedules })
}

/** Published posts of the demo Instagram account (publishedHistory's options but the account and now). */
export async function seedInstagramHistory(
  app: BrowserModeApp,
  o: Omit<HistoryOptions, 'accountId' | 'now'>,
): Promise<{ id: string; posts: number }> {
  const instagram = await demoInstagram(app)
  const schedules = publishedHistory({ accountId: instagram._id, now: Date.now(), ...o })
  await insertIntoSandbox(app, schedules)
  return { id: instagram._id, posts: schedules.length }
}

/** The app's language, as Settings sets it, once the page speaks it. */
export async function setLanguage(page: Page, language: 'en' | 'id') {
  await setAppLanguage(page, language)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/** Insights opened on this account. */
export async function openInsightsOn(page: Page, accountId: string) {
  await page.getByTestId('nav-insights').click()
  await page.getByTestId(`insights-account-${accountId}`).click()
}
