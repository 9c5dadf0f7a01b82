// Account avatars through the browser mode on the built-in sandbox: the page asks main for them on its own
// origin (the picture route, common/pictures.ts), main fetches them from the sandbox once and keeps them, and
// with the sandbox stopped and the page reloaded they still show, from the copies main kept. The page never
// asks another origin. Axe in both themes on the offline view; screenshots at 1280 and 900 px, light and dark,
// English and Bahasa Indonesia (the @screenshots test) under .test-results/screenshots/avatars/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { AutomationsPage } from './pages/automations-page'
import { animationsSettled } from './support/animations'
import { auditInBothThemes } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'
import { sqlOf } from '../../main/core/db/handle'

const DIR = join('.test-results', 'screenshots', 'avatars')

/** What the tests read of an <img> (this tree's TypeScript has no DOM types). */
interface ImageLike {
  complete: boolean
  naturalWidth: number
  src: string
}

/** Every address the page asked for, as it asked. */
function recordRequests(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => asked.push(request.url()))
  return asked
}

/** The avatars shown as pictures (not initials), each decoded: a broken picture has no natural width. */
async function shownPictures(avatars: Locator): Promise<number> {
  return avatars.evaluateAll(
    (images) =>
      images.filter(
        (image) =>
          (image as unknown as ImageLike).complete && (image as unknown as ImageLike).naturalWidth > 0,
      ).length,
  )
}

async function automationsWithAvatars(page: Page): Promise<Locator> {
  await new AppShell(page).open('Automations')
  const automations = new AutomationsPage(page)
  await expect(automations.rows.first()).toBeVisible({ timeout: 20_000 })
  const avatars = automations.rows.getByTestId('avatar-picture')
  await expect.poll(() => shownPictures(avatars), { timeout: 20_000 }).toBeGreaterThan(0)
  return avatars
}

async function goOffline(app: BrowserModeApp, page: Page): Promise<Locator> {
  await app.host.sandbox.stop()
  await page.reload()
  await page.waitForFunction(() => 'mediadeck' in globalThis)
  return automationsWithAvatars(page)
}

test('avatars come through main, still show after the sandbox stops and the page reloads, from no other origin', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  test.setTimeout(120_000)
  const origin = new URL(app.url).origin
  const asked = recordRequests(appPage)

  const online = await automationsWithAvatars(appPage)
  const shownOnline = await shownPictures(online)
  const sources = await online.evaluateAll((images) =>
    images.map((image) => (image as unknown as ImageLike).src),
  )
  for (const src of sources) {
    const url = new URL(src)
    expect(url.origin).toBe(origin)
    expect(url.pathname).toMatch(/\/picture$/)
    // The sandbox's own address of the avatar, kept by main under the account.
    expect(url.searchParams.get('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/avatar\/.+\.png$/)
    expect(url.searchParams.get('key')).toMatch(/^account:/)
  }
  const rows = sqlOf(app.host.database).prepare('SELECT COUNT(*) AS n FROM pictures').get() as { n: number }
  expect(rows.n).toBeGreaterThan(0)

  const offline = await goOffline(app, appPage)
  expect(app.host.sandbox.running).toBe(false)
  expect(await shownPictures(offline)).toBe(shownOnline)

  // Nothing but the page's own origin was asked, online or offline (the socket is the page's own too), but for
  // the stored files the Library shows first, which live at the service's storage origin (main/host/csp.ts).
  const storage = `http://localhost:${app.host.sandbox.port}`
  const elsewhere = asked.filter(
    (url) => !url.startsWith('data:') && ![origin, storage].includes(new URL(url).origin),
  )
  expect(elsewhere).toEqual([])
  expect(asked.filter((url) => url.includes('/__sandbox/avatar/') && !url.startsWith(origin))).toEqual([])

  expect(await auditInBothThemes(appPage, 'avatars offline')).toEqual([])
  expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test(
  'screenshots: avatars offline in Automations at 1280 and 900 px, light and dark, en and id',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(120_000)
    mkdirSync(DIR, { recursive: true })
    await automationsWithAvatars(appPage)
    await goOffline(app, appPage)
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await animationsSettled(appPage)
          await appPage.screenshot({
            path: join(DIR, `automations-offline-${width}-${language}-${colorScheme}.png`),
          })
        }
      }
    }
  },
)
