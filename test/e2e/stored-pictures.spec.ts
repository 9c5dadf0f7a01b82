// Stored files' pictures through the browser mode on the built-in sandbox: the library's thumbnails and the
// composer's picture of a post come from the page's own origin (the picture route, common/pictures.ts), main
// reading its thumbnail cache or the copy it fetched; with the sandbox stopped and the page reloaded both
// still show. Axe in both themes on the offline library and composer; screenshots at 1280 and 900 px, light
// and dark, English and Bahasa Indonesia (the @screenshots test) under .test-results/screenshots/pictures/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { animationsSettled } from './support/animations'
import { auditInBothThemes, type Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'
import { sqlOf } from '../../main/core/db/handle'

const DIR = join('.test-results', 'screenshots', 'pictures')

/** What the tests read of an <img> (this tree's TypeScript has no DOM types). */
interface ImageLike {
  complete: boolean
  naturalWidth: number
  src: string
}

/** The addresses of the pictures among `images` that are decoded (a broken one has no natural width). */
async function shownSources(images: Locator): Promise<string[]> {
  return images.evaluateAll((all) =>
    all
      .map((image) => image as unknown as ImageLike)
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => image.src),
  )
}

function pngTiles(page: Page): Locator {
  return page.getByTestId('stored-file').filter({ hasText: '.png' })
}

/** The library with every PNG tile's thumbnail decoded; their addresses. */
async function libraryThumbnails(page: Page): Promise<string[]> {
  // By its address, not its name: the screenshots walk the app in Bahasa Indonesia too.
  await page.locator('nav a[href$="/library"]').first().click()
  const tiles = pngTiles(page)
  await expect(tiles.first()).toBeVisible({ timeout: 20_000 })
  const count = await tiles.count()
  const thumbs = tiles.getByTestId('thumb-small')
  await expect.poll(async () => (await shownSources(thumbs)).length, { timeout: 20_000 }).toBe(count)
  return shownSources(thumbs)
}

/** The first PNG put in a new post from its preview, for the first connected account, with its picture shown. */
async function composeWithPicture(page: Page, accountName: string): Promise<Locator> {
  await pngTiles(page).first().getByTestId('file-preview-open').click()
  await page.getByTestId('preview-compose').click()
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('composer-media')).toHaveCount(1, { timeout: 20_000 })
  await composer.getByText(accountName, { exact: true }).first().click()
  const pictures = composer.getByTestId('composer-media-picture').or(composer.getByTestId('preview-picture'))
  await expect.poll(async () => (await shownSources(pictures)).length, { timeout: 20_000 }).toBe(2)
  return pictures
}

async function goOffline(app: BrowserModeApp, page: Page): Promise<void> {
  await app.host.sandbox.stop()
  await page.reload()
  await page.waitForFunction(() => 'mediadeck' in globalThis)
}

async function firstAccountName(app: BrowserModeApp): Promise<string> {
  const accounts = await app.host.call('accounts:list', {})
  return accounts.value.find((a) => a.isConnected)!.name
}

test('thumbnails and the composer picture come from the page origin and still show offline after a reload', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  test.setTimeout(180_000)
  const origin = new URL(app.url).origin
  const account = await firstAccountName(app)

  await libraryThumbnails(appPage)
  // Made once in the page and kept by main; from now on named by main, on the page's own route.
  await appPage.reload()
  const kept = await libraryThumbnails(appPage)
  for (const src of kept) {
    const url = new URL(src)
    expect(url.origin).toBe(origin)
    expect(url.pathname).toMatch(/\/picture$/)
    expect(url.searchParams.get('thumb')).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/.+\.png$/)
  }

  const online = await shownSources(await composeWithPicture(appPage, account))
  for (const src of online) {
    const url = new URL(src)
    expect(url.origin).toBe(origin)
    // main's copy of the stored original, fetched from the sandbox's storage once.
    expect(url.searchParams.get('src')).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/.+\.png$/)
  }
  const rows = sqlOf(app.host.database).prepare('SELECT COUNT(*) AS n FROM pictures').get() as { n: number }
  expect(rows.n).toBeGreaterThan(0)

  // Offline from here: nothing the page asks for may leave its own origin.
  const asked: string[] = []
  appPage.on('request', (request) => asked.push(request.url()))
  await goOffline(app, appPage)
  expect(app.host.sandbox.running).toBe(false)
  expect((await libraryThumbnails(appPage)).sort()).toEqual([...kept].sort())
  const findings: Finding[] = []
  findings.push(...(await auditInBothThemes(appPage, 'library offline')))
  const offline = await shownSources(await composeWithPicture(appPage, account))
  expect(offline.sort()).toEqual([...online].sort())
  findings.push(...(await auditInBothThemes(appPage, 'composer offline')))
  expect(findings).toEqual([])
  // Offline, nothing is asked of another origin but the stored originals of tiles that have no thumbnail (an
  // SVG: main keeps none), which the page reads to make one (lib/make-thumbnail.ts) and fail at once.
  const storage = `http://localhost:${app.host.sandbox.port}`
  const elsewhere = asked.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin)
  expect(elsewhere.filter((url) => !url.startsWith(`${storage}/`) || !url.endsWith('.svg'))).toEqual([])
  expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test(
  'screenshots: library thumbnails and the composer picture offline at 1280 and 900 px, light and dark, en and id',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(180_000)
    mkdirSync(DIR, { recursive: true })
    const account = await firstAccountName(app)
    await libraryThumbnails(appPage)
    await composeWithPicture(appPage, account)
    await goOffline(app, appPage)
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      await appPage.setViewportSize({ width: 1280, height: 900 })
      await libraryThumbnails(appPage)
      const shoot = async (name: string) => {
        for (const width of [1280, 900]) {
          await appPage.setViewportSize({ width, height: 900 })
          for (const colorScheme of ['light', 'dark'] as const) {
            await appPage.emulateMedia({ colorScheme })
            await animationsSettled(appPage)
            await appPage.screenshot({
              path: join(DIR, `${name}-offline-${width}-${language}-${colorScheme}.png`),
            })
          }
        }
      }
      await appPage
        .getByTestId('stored-files')
        .evaluate((el) =>
          (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'start' }),
        )
      await shoot('library')
      await composeWithPicture(appPage, account)
      // The media list's picture at the top, the preview's below it.
      await appPage
        .getByTestId('composer-media')
        .evaluate((el) =>
          (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'start' }),
        )
      await shoot('composer')
      await appPage.keyboard.press('Escape')
      await appPage.getByTestId('composer-keep-discard').click()
    }
  },
)
