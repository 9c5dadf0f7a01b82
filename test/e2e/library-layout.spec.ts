// The Library's layout at common window widths: figures in the storage card stay on one line. With
// MEDIADECK_SHOTS_DIR set, it also saves the Library at 1280 and 900 px in both themes and both languages
// there, for a person to look at (kept out of the repository).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { embeddedSandboxConfig } from '../../main/host/embedded-sandbox'
import { LibraryPage } from './pages/library-page'
import type { PageGlobals } from './support/page-globals'
import { expect, test } from './support/browser-mode'

// A plan of 51.9 MB: the figure seen wrapping at 1280 px.
const demo = embeddedSandboxConfig()
test.use({
  browserModeOptions: {
    hostOptions: {
      sandbox: {
        config: { ...demo, users: [{ ...demo.users[0]!, storageLimit: Math.round(51.9 * 1024 ** 2) }] },
      },
    },
  },
})

// Font metrics differ between systems: a figure that fits at 1280 px with this machine's font wrapped with
// another. So the check runs across the widths where the storage card sits beside the queue (1101 px and up),
// 1280 among them: the narrowest card there is what a wider font gives at 1280.
test('keeps each storage figure on one line at 1280 px and across the two-column layout', async ({
  appPage,
  consoleErrors,
}) => {
  const library = new LibraryPage(appPage)
  for (const width of [1280, 1101, 1140, 1200, 1400]) {
    await appPage.setViewportSize({ width, height: 800 })
    await expect(library.storagePanel.getByTestId('stat-total')).toHaveText('51.9 MB')
    const figures = library.storagePanel.locator('dd')
    // Six storage figures and the four add-ons the plan holds (GET /public/me/addon), each on one line.
    await expect(figures).toHaveCount(10)
    for (const figure of await figures.all()) {
      const lines = await figure.evaluate((el) => {
        const style = (
          globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }
        ).getComputedStyle(el)
        const lineHeight = parseFloat(style.lineHeight)
        return Math.round(el.getBoundingClientRect().height / lineHeight)
      })
      expect(lines, `"${await figure.textContent()}" at ${width} px takes ${lines} lines`).toBe(1)
    }
  }
  expect(consoleErrors).toEqual([])
})

// Kept with the run's results so each run's pictures can be looked at; MEDIADECK_SHOTS_DIR puts them elsewhere.
const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'library')

// Pictures for a person to look at, compared with nothing: `npm run screenshots`, not `npm test`.
test(
  'screenshots of the Library in both themes and languages',
  { tag: '@screenshots' },
  async ({ appPage }) => {
    mkdirSync(shotsDir, { recursive: true })
    for (const language of ['en', 'id'] as const) {
      await appPage.evaluate(
        (lang) => (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: lang }),
        language,
      )
      await expect(appPage.getByTestId('stat-total')).toBeVisible()
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await appPage.waitForTimeout(300)
          await appPage.screenshot({
            path: join(shotsDir, `library-${width}-${colorScheme}-${language}.png`),
            animations: 'disabled',
          })
        }
      }
    }
  },
)
