// Insights' accounts side by side and what a person does from a post, against the real host in browser mode and
// its embedded sandbox, in Chromium, in English and Bahasa Indonesia: every account of the profile is compared
// on engagement per post with what engagement counts on its network; from a post of the table, Open reaches the
// browser through main's allow-list, its comments open in the inbox narrowed to that post, and "post again"
// opens the composer on a new draft with the post's whole text. Screenshots of both, axe in both themes.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { publishedPost } from '../support/insights-history'
import {
  demoInstagram,
  INSIGHTS_TEST_OPTIONS,
  insertIntoSandbox,
  openInsightsOn,
  seedInstagramHistory,
  setLanguage,
} from './pages/insights'
import { audit } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const DIR = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'insights')
const TEXT = 'Kopi susu gula aren\nNow in every branch, from 7 am.'
const DEFINITION = { en: 'Likes + Comments + Shares + Saves', id: 'Suka + Komentar + Bagikan + Disimpan' }

test.use(INSIGHTS_TEST_OPTIONS)

/** Two weeks of posts, the newest of them two lines long, and two comments on it (one elsewhere). */
async function seed(app: BrowserModeApp, prefix: string) {
  const history = await seedInstagramHistory(app, { prefix, days: 14, fromDay: 1 })
  const instagram = await demoInstagram(app)
  const post = `${prefix}again`.padEnd(24, '0')
  await insertIntoSandbox(app, [
    publishedPost(post, instagram._id, Date.now() - 2 * 3_600_000, { description: TEXT }),
  ])
  await app.host.sandbox.handle()!.addIncoming(app.host.sandbox.credentials.accessKey, {
    comments: [
      { text: `${prefix} is it halal?`, from: 'Dian', accountId: instagram._id, contentId: post },
      { text: `${prefix} open on Sunday?`, from: 'Budi', accountId: instagram._id, contentId: post },
      {
        text: `${prefix} elsewhere`,
        from: 'Sari',
        accountId: instagram._id,
        contentId: `${prefix}001h12`.padEnd(24, '0'),
      },
    ],
  })
  return { accountId: history.id, post }
}

async function openInsights(page: Page, accountId: string) {
  await openInsightsOn(page, accountId)
  await expect(page.getByTestId('insights-compare')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('insights')).toHaveAttribute('data-reading', 'false', { timeout: 60_000 })
}

const postRow = (page: Page) => page.getByTestId('insights-post').filter({ hasText: 'Kopi susu gula aren' })

for (const language of ['en', 'id'] as const) {
  test(`accounts side by side, and open, comments and post again from a post (${language})`, async ({
    appPage: page,
    app,
  }) => {
    test.setTimeout(120_000)
    const seeded = await seed(app, `a${language}`)
    await setLanguage(page, language)
    await openInsights(page, seeded.accountId)

    // Every account of the profile, the Instagram one with its figure and what engagement counts there.
    const accounts = (await app.host.call('accounts:list', {})).value
    await expect(page.getByTestId('insights-compare').locator('tbody tr')).toHaveCount(accounts.length)
    const row = page.getByTestId(`compare-${seeded.accountId}`)
    await expect(row.getByTestId('compare-definition')).toContainText(DEFINITION[language])
    await expect(row.getByTestId('compare-per-post')).toHaveText(/\d/)

    // Open: the post's address reaches the browser through main's allow-list.
    const popup = page.waitForEvent('popup')
    await postRow(page).getByTestId('post-open').click()
    await (await popup).close()

    // Its comments: the inbox narrowed to that post, then every conversation again.
    await postRow(page).getByTestId('post-comments').click()
    await expect(page.getByTestId('inbox-post-filter')).toContainText('Kopi susu gula aren', {
      timeout: 30_000,
    })
    const rows = page.getByTestId('inbox-row')
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: `a${language} is it halal?` })).toHaveCount(1)
    await page.getByTestId('inbox-all-posts').click()
    await expect(rows.filter({ hasText: `a${language} elsewhere` })).toHaveCount(1)
    await expect(page.getByTestId('inbox-post-filter')).toHaveCount(0)

    // Post again: the composer opens on a new draft with the post's whole text, not only its first line.
    await openInsights(page, seeded.accountId)
    await postRow(page).getByTestId('post-again').click()
    await expect(page.getByTestId('composer-description')).toHaveValue(TEXT, { timeout: 30_000 })
  })
}

/** How far a table, or any of its cells, passes the card it is drawn in, or scrolls within it (0: nothing cut). */
const cutBy = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((table) => {
    type Box = { getBoundingClientRect(): { right: number } }
    const el = table as unknown as Box & {
      closest(s: string): Box
      parentElement: { scrollWidth: number; clientWidth: number }
      querySelectorAll(s: string): ArrayLike<Box>
    }
    const card = el.closest('.card').getBoundingClientRect().right
    return Math.max(
      el.getBoundingClientRect().right - card,
      el.parentElement.scrollWidth - el.parentElement.clientWidth,
      ...Array.from(el.querySelectorAll('th, td')).map((cell) => cell.getBoundingClientRect().right - card),
    )
  })

test('the accounts side by side and the posts fit their cards at 1366, 1280 and 900 px, in both languages', async ({
  appPage: page,
  app,
}) => {
  test.setTimeout(120_000)
  const seeded = await seed(app, 'afit')
  for (const language of ['en', 'id'] as const) {
    await setLanguage(page, language)
    await openInsights(page, seeded.accountId)
    for (const width of [1366, 1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      for (const testId of ['insights-compare', 'insights-posts']) {
        await expect
          .poll(() => cutBy(page, testId), { message: `${testId} at ${width} (${language})` })
          .toBeLessThanOrEqual(0)
      }
    }
  }
})

test('insights with accounts side by side, and the inbox narrowed to a post, have no serious axe violation', async ({
  appPage: page,
  app,
}) => {
  // axe over the posts' table and the heat map takes long on a loaded machine.
  test.setTimeout(240_000)
  const seeded = await seed(app, 'aaxe')
  await openInsights(page, seeded.accountId)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await audit(page, `insights compare ${colorScheme}`)).toEqual([])
  }
  await postRow(page).getByTestId('post-comments').click()
  await expect(page.getByTestId('inbox-row')).toHaveCount(2, { timeout: 30_000 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await audit(page, `inbox one post ${colorScheme}`)).toEqual([])
  }
})

test(
  'screenshots of accounts side by side, the post actions and the inbox on one post',
  { tag: '@screenshots' },
  async ({ appPage: page, app }) => {
    test.setTimeout(180_000)
    mkdirSync(DIR, { recursive: true })
    const seeded = await seed(app, 'ashot')
    for (const language of ['en', 'id'] as const) {
      await setLanguage(page, language)
      await openInsights(page, seeded.accountId)
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await page.waitForTimeout(300)
          for (const [part, testId] of [
            ['compare', 'insights-compare'],
            ['post-actions', 'insights-posts'],
          ] as const) {
            await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }))
            await page.waitForTimeout(150)
            await page.screenshot({
              path: join(DIR, `insights-${part}-${width}-${colorScheme}-${language}.png`),
            })
          }
        }
      }
      await postRow(page).getByTestId('post-comments').click()
      await expect(page.getByTestId('inbox-row')).toHaveCount(2, { timeout: 30_000 })
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await page.waitForTimeout(300)
          await page.screenshot({ path: join(DIR, `inbox-one-post-${width}-${colorScheme}-${language}.png`) })
        }
      }
    }
  },
)
