// The composer end to end in Chromium through the browser mode, on the built-in sandbox with demo data: one
// post for two accounts becomes one queued draft per account, each with its own text; the preflight and the
// preview per network, with screenshots at 1280 and 900 px, in both themes and both languages.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './support/browser-mode'
import type { PageGlobals } from './support/page-globals'
import { PlannerPage } from './pages/planner-page'

/** The page's <canvas>, as far as this spec draws on it (the node tsconfig that checks specs has no DOM). */
interface PageCanvas {
  width: number
  height: number
  getContext(
    kind: '2d',
  ): { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void } | null
  toDataURL(type: string): string
}

const SHOTS = join('.test-results', 'screenshots', 'composer')

test('one post for two accounts is queued as one draft each, with each account’s own text', async ({
  appPage,
  app,
}) => {
  const accounts = (await app.host.call('accounts:list', {})).value
  const facebook = accounts.find((a) => a.isConnected && a.type === 'facebook')!
  const linkedin = accounts.find((a) => a.isConnected && a.type === 'linkedin')!
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  await planner.chooseAccount(facebook.name)
  await planner.chooseAccount(linkedin.name)
  // LinkedIn takes no text-only post (the service's own table): a picture from the library makes it an image post.
  await appPage.getByTestId('composer-library').click()
  await appPage.locator('.library__file').first().click()
  await appPage.getByTestId('library-add').click()
  await expect(appPage.getByTestId('composer-type')).toHaveValue('image')
  const text = `Two networks ${Date.now()}`
  await appPage.getByTestId('composer-description').fill(text)
  await appPage.getByTestId('composer-account-texts').locator('summary').click()
  await appPage.getByTestId(`composer-text-${linkedin._id}`).locator('textarea').fill(`${text} for LinkedIn`)
  await expect(appPage.getByTestId(`preview-${facebook._id}`)).toContainText(text)
  await expect(appPage.getByTestId(`preview-${linkedin._id}`)).toContainText(`${text} for LinkedIn`)
  const day = await appPage.evaluate(() => {
    const d = new Date(Date.now() + 2 * 86_400_000)
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  })
  await planner.setTime(day, '10:30')
  // Ctrl+Enter schedules from the text.
  await appPage.getByTestId('composer-description').press('Control+Enter')
  await expect(planner.composer).toBeHidden()

  await expect
    .poll(async () => {
      const drafts = await app.host.call('drafts:list', undefined)
      return drafts
        .filter((d) => d.post.description.startsWith(text))
        .map((d) => [d.post.accountId, d.post.description])
        .sort()
    })
    .toEqual(
      [
        [facebook._id, text],
        [linkedin._id, `${text} for LinkedIn`],
      ].sort(),
    )
})

test('preflight and preview in both themes and languages, at 1280 and 900 px', async ({ appPage, app }) => {
  mkdirSync(SHOTS, { recursive: true })
  const accounts = (await app.host.call('accounts:list', {})).value
  const instagram = accounts.find((a) => a.isConnected && a.type === 'instagram')!
  const facebook = accounts.find((a) => a.isConnected && a.type === 'facebook')!
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  await planner.chooseAccount(instagram.name)
  await planner.chooseAccount(facebook.name)
  // A picture from the library, for the preview's crop.
  await appPage.getByTestId('composer-library').click()
  await appPage.locator('.library__file').first().click()
  await appPage.getByTestId('library-add').click()
  await expect(appPage.getByTestId('composer-media')).toHaveCount(1)
  await appPage
    .getByTestId('composer-description')
    .fill(`${'Kopi susu gula aren, pagi ini di Senja. '.repeat(60)}https://kopi.example/menu`)
  await expect(appPage.getByTestId('preflight-issue').first()).toBeVisible()
  await expect(appPage.getByTestId('composer-preview')).toBeVisible()

  for (const language of ['en', 'id'] as const) {
    await appPage.evaluate(
      (lang) => (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: lang }),
      language,
    )
    for (const width of [1280, 900]) {
      await appPage.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await appPage.emulateMedia({ colorScheme })
        await appPage.getByTestId('composer-preview').scrollIntoViewIfNeeded()
        await appPage.waitForTimeout(200)
        await appPage.screenshot({
          path: join(SHOTS, `composer-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
  // Instagram takes no text post: Schedule stops and says why, at the top.
  await appPage.evaluate(() =>
    (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: 'en' }),
  )
  await appPage.getByTestId('composer-schedule').click()
  await expect(appPage.getByTestId('composer').getByRole('alert').first()).toContainText(
    'A network refuses this post',
  )
})

test('a picture too wide for Instagram is measured in the page and warned about before scheduling', async ({
  appPage,
  app,
}) => {
  const accounts = (await app.host.call('accounts:list', {})).value
  const instagram = accounts.find((a) => a.isConnected && a.type === 'instagram')!
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  await planner.chooseAccount(instagram.name)
  await appPage.getByTestId('composer-description').fill('A panorama of the roastery')
  // A real 3:1 picture, drawn by the page's own canvas: Instagram takes 4:5 to 1.91:1.
  const base64 = await appPage.evaluate(() => {
    const page = globalThis as unknown as { document: { createElement(tag: 'canvas'): PageCanvas } }
    const canvas = page.document.createElement('canvas')
    canvas.width = 600
    canvas.height = 200
    const context = canvas.getContext('2d')!
    context.fillStyle = '#c86'
    context.fillRect(0, 0, 600, 200)
    return canvas.toDataURL('image/png').split(',')[1]!
  })
  await planner.dropIntoComposer([{ name: 'panorama.png', type: 'image/png', base64 }])
  await expect(appPage.getByTestId('composer-local-media')).toHaveCount(1)
  await expect(
    appPage
      .getByTestId('preflight-issue')
      .filter({ hasText: 'panorama.png is 3:1; Instagram takes 0.8:1 (tall) to 1.91:1 (wide).' }),
  ).toBeVisible({ timeout: 15_000 })
})

test('date and time in the app’s language, one Tab each, in both themes and languages', async ({
  appPage,
}) => {
  mkdirSync(SHOTS, { recursive: true })
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  await planner.setTime('2026-11-26', '23:02')
  const date = appPage.getByTestId('composer-date')
  const time = appPage.getByTestId('composer-time')
  // Real Chromium focus order: one Tab from the date field lands on the time field, and ↑ steps a minute.
  await date.focus()
  await appPage.keyboard.press('Tab')
  await expect(time).toBeFocused()
  await appPage.keyboard.press('ArrowUp')
  await expect(time).toHaveValue('23:03')

  for (const [language, shown] of [
    ['en', '23:03'],
    ['id', '23.03'],
  ] as const) {
    await appPage.evaluate(
      (lang) => (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: lang }),
      language,
    )
    await expect(time).toHaveValue(shown)
    for (const width of [1280, 900]) {
      await appPage.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await appPage.emulateMedia({ colorScheme })
        await time.scrollIntoViewIfNeeded()
        await appPage.waitForTimeout(200)
        await appPage.screenshot({
          path: join(SHOTS, `when-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
})
