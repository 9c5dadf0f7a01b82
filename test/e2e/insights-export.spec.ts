// The Insights view's CSV export against the real host in browser mode and its embedded sandbox: the period's
// posts with their figures, as the CLI writes them, a caption a spreadsheet would run guarded as the planner's
// export guards it, in English and Bahasa Indonesia (the file is the same; the button speaks the language).
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { publishedHistory, publishedPost } from '../support/insights-history'
import {
  demoInstagram,
  INSIGHTS_TEST_OPTIONS,
  insertIntoSandbox,
  openInsightsOn,
  setLanguage,
} from './pages/insights'
import { expect, test } from './support/browser-mode'

const DAY = 86_400_000
const FORMULA = '=HYPERLINK("http://evil.example","win")'

test.use(INSIGHTS_TEST_OPTIONS)

for (const language of ['en', 'id'] as const) {
  test(`exports the period's posts as guarded CSV (${language})`, async ({ appPage: page, app }) => {
    test.setTimeout(90_000)
    const instagram = await demoInstagram(app)
    const now = Date.now()
    const history = publishedHistory({
      accountId: instagram._id,
      now,
      prefix: `x${language}`,
      days: 5,
      fromDay: 1,
    })
    await insertIntoSandbox(app, [
      ...history,
      publishedPost(`x${language}formula`.padEnd(24, '0'), instagram._id, now - 2 * DAY, {
        description: FORMULA,
      }),
    ])
    await setLanguage(page, language)
    await openInsightsOn(page, instagram._id)
    await expect(page.getByTestId('insights')).toHaveAttribute('data-reading', 'false', { timeout: 60_000 })
    const button = page.getByTestId('insights-export')
    await expect(button).toHaveText(language === 'en' ? 'Download as CSV' : 'Unduh sebagai CSV')

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
    expect(download.suggestedFilename()).toMatch(new RegExp(`^insights-${instagram._id}-.*\\.csv$`))
    const csv = readFileSync((await download.path())!, 'utf8')
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true })
    expect(parsed.meta.fields!.slice(0, 7)).toEqual([
      'id',
      'publishedAt',
      'type',
      'title',
      'url',
      'engagement',
      'asOf',
    ])
    const rows = await page.getByTestId('summary-posts').innerText()
    expect(parsed.data).toHaveLength(Number(rows.replace(/\D/g, '')))
    const formula = parsed.data.find((r) => r.id?.startsWith(`x${language}formula`))!
    expect(formula.title).toBe(`'${FORMULA}`)
    expect(Number(formula.engagement)).toBeGreaterThan(0)
  })
}
