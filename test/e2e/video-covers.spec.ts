// Video posts with a cover, end to end in Chromium through the browser mode, on the built-in sandbox: a video
// dropped into the composer is read back through main's granted-file route, its length and size are shown, a
// frame picked on the scrubber becomes the cover, and once the post is sent the service holds the uploaded
// cover's address in the video item's `thumbnail` (reference section 2.4). A video from the library decodes
// from its public address; one the browser cannot play says so and still goes up, with an image as its cover.
// Screenshots of the composer in both themes and languages at 1280 and 900 px.
import { mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Draft } from '../../common/drafts'
import { emptyScheduleRequest } from '../../common/service'
import type { AppHost } from '../../main/host/app-host'
import type { PageGlobals } from './support/page-globals'
import { expect, test } from './support/browser-mode'
import { PlannerPage } from './pages/planner-page'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'media')
/** VP8 in WebM, 320×180, 3 s at 10 fps (ffmpeg's testsrc): Chromium decodes it everywhere. */
const WEBM = join(FIXTURES, 'clip-320x180-3s.webm')
/** MPEG-4 Part 2 in AVI: a real video that Chromium does not play. */
const AVI = join(FIXTURES, 'clip-160x90-1s.avi')
/** A real 1×1 PNG: the upload engine checks the bytes against the extension. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'covers')

async function localDay(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date(Date.now() + n * 86_400_000)
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  }, days)
}

/** JPEG, PNG or WebP by its first bytes. */
function pictureKind(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'png'
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  return undefined
}

async function newVideoPost(planner: PlannerPage, accountName: string, text: string) {
  await planner.newPost()
  await planner.chooseAccount(accountName)
  await planner.page.getByTestId('composer-type').selectOption('video')
  await planner.page.getByTestId('composer-description').fill(text)
}

/** Schedules the composed post and waits until the outbox has sent it; answers the sent draft. */
async function scheduleAndSettle(planner: PlannerPage, host: AppHost, text: string): Promise<Draft> {
  await planner.setTime(await localDay(planner.page, 2), '11:15')
  await planner.page.getByTestId('composer-schedule').click()
  await expect(planner.composer).toBeHidden()
  let sent: Draft | undefined
  await expect(async () => {
    sent = (await host.call('drafts:list', undefined)).find((d) => d.post.description === text)
    expect(sent?.status).toBe('scheduled')
  }).toPass({ timeout: 30_000 })
  return sent!
}

test('a dropped video shows its length and size, a picked frame becomes the cover, and the service gets its address', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  const accounts = await app.host.call('accounts:list', {})
  const account = accounts.value.find((a) => a.isConnected && a.type === 'instagram')!
  const text = `Video with a cover ${Date.now()}`
  await newVideoPost(planner, account.name, text)
  await planner.dropIntoComposer([
    { name: 'batik-clip.webm', type: 'video/webm', base64: readFileSync(WEBM).toString('base64') },
  ])

  const cover = appPage.getByTestId('video-cover')
  await expect(cover).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await expect(cover.getByTestId('cover-meta')).toHaveText('3 sec · 320 × 180 px')
  const scrubber = cover.getByTestId('cover-scrubber')
  // One second in to begin with, then moved by keyboard to 2 s.
  await expect(scrubber).toHaveValue('1')
  await scrubber.focus()
  for (let i = 0; i < 10; i++) await appPage.keyboard.press('ArrowRight')
  await expect(scrubber).toHaveValue('2')
  await expect(scrubber).toHaveAttribute('aria-valuetext', 'Cover frame at 2 s')
  await expect
    .poll(() => cover.locator('video').evaluate((v) => (v as unknown as { currentTime: number }).currentTime))
    .toBeCloseTo(2, 1)
  await cover.getByTestId('cover-use-frame').click()
  const image = cover.getByTestId('cover-image')
  await expect(image).toBeVisible()
  // The frame as the video decodes it, at its own size (under the 1920 px bound).
  await expect
    .poll(() =>
      image.evaluate((i) => {
        const img = i as unknown as { naturalWidth: number; naturalHeight: number }
        return [img.naturalWidth, img.naturalHeight]
      }),
    )
    .toEqual([320, 180])

  await screenshotsOfComposer(appPage, 'composer-cover')

  const sent = await scheduleAndSettle(planner, app.host, text)
  const onService = await app.host.call('schedules:get', { id: sent.scheduleId! })
  expect(onService.medias).toHaveLength(1)
  const [media] = onService.medias
  expect(media!.url).toBe(sent.localMedia[0]!.uploadedUrl)
  expect(media!.thumbnail).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/.+\.jpg$/)
  expect(media!.thumbnail).toBe(sent.localMedia[0]!.thumbnail)
  const served = await fetch(media!.thumbnail)
  expect(pictureKind(Buffer.from(await served.arrayBuffer()))).toBe('jpeg')
  expect(consoleErrors).toEqual([])
})

test('a video from the library decodes from its public address and takes a frame as its cover', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  await app.host.grants.grant([WEBM])
  await app.host.call('uploads:start', { paths: [WEBM] })
  await expect(async () => {
    const files = await app.host.call('storage:files', { page: 1, limit: 20, search: 'clip-320x180' })
    expect(files.docs.some((f) => f.status === 'success')).toBe(true)
  }).toPass({ timeout: 20_000 })
  const planner = new PlannerPage(appPage)
  await planner.open()
  const accounts = await app.host.call('accounts:list', {})
  const account = accounts.value.find((a) => a.isConnected && a.type === 'instagram')!
  const text = `Library video with a cover ${Date.now()}`
  await newVideoPost(planner, account.name, text)
  await appPage.getByTestId('composer-library').click()
  await appPage.getByRole('button', { name: /clip-320x180-3s\.webm/ }).click()
  await appPage.getByTestId('library-add').click()

  const cover = appPage.getByTestId('video-cover')
  await expect(cover).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await expect(cover.getByTestId('cover-meta')).toHaveText('3 sec · 320 × 180 px')
  expect(await cover.locator('video').getAttribute('src')).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\//)
  await cover.getByTestId('cover-use-frame').click()
  await expect(cover.getByTestId('cover-image')).toBeVisible()

  const sent = await scheduleAndSettle(planner, app.host, text)
  const onService = await app.host.call('schedules:get', { id: sent.scheduleId! })
  const [media] = onService.medias
  expect(media!.type).toBe('video')
  expect(media!.thumbnail).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/.+\.jpg$/)
  expect(media!.thumbnail).not.toBe(media!.url)
  expect(consoleErrors).toEqual([])
})

test('a stored video on a storage without CORS headers is still measured, and says a frame cannot be taken', async ({
  appPage,
  app,
}) => {
  // A storage that never heard of CORS, on another origin the page may show media from.
  const storage = createServer((_req, res) => {
    const bytes = readFileSync(WEBM)
    res.writeHead(200, { 'content-type': 'video/webm', 'content-length': bytes.length })
    res.end(bytes)
  })
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve))
  try {
    const url = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/elsewhere.webm`
    const text = `Stored elsewhere ${Date.now()}`
    await app.host.call('drafts:save', {
      post: {
        ...emptyScheduleRequest(),
        accountId: '',
        scheduleAt: '',
        type: 'video',
        description: text,
        medias: [{ alt: '', type: 'video', thumbnail: '', url }],
      },
      localMedia: [],
    })
    const planner = new PlannerPage(appPage)
    await planner.open()
    await appPage.getByTestId('planner-unscheduled').getByRole('button', { name: text }).click()
    const cover = appPage.getByTestId('video-cover')
    await expect(cover).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
    await expect(cover.getByTestId('cover-meta')).toHaveText('3 sec · 320 × 180 px')
    await cover.getByTestId('cover-use-frame').click()
    await expect(cover.getByRole('alert')).toHaveText(/does not let this app read frames/)
    await expect(cover.getByTestId('cover-image')).toHaveCount(0)
  } finally {
    await new Promise((resolve) => storage.close(resolve))
  }
})

test('a video the browser cannot play says so, still uploads, and takes a chosen image as its cover', async ({
  appPage,
  app,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  const accounts = await app.host.call('accounts:list', {})
  const account = accounts.value.find((a) => a.isConnected && a.type === 'instagram')!
  const text = `Unplayable video ${Date.now()}`
  await newVideoPost(planner, account.name, text)
  await planner.dropIntoComposer([
    { name: 'old-camera.avi', type: 'video/x-msvideo', base64: readFileSync(AVI).toString('base64') },
  ])
  const cover = appPage.getByTestId('video-cover')
  await expect(cover).toHaveAttribute('data-state', 'undecodable', { timeout: 15_000 })
  await expect(cover.getByTestId('cover-undecodable')).toContainText('still uploads')
  await expect(cover.getByTestId('cover-use-frame')).toHaveCount(0)

  const chooser = appPage.waitForEvent('filechooser')
  await cover.getByTestId('cover-choose-image').click()
  const png = Buffer.from(PNG_BASE64, 'base64')
  await (await chooser).setFiles([{ name: 'poster.png', mimeType: 'image/png', buffer: png }])
  await expect(cover.getByTestId('cover-image')).toBeVisible()
  await screenshotsOfComposer(appPage, 'composer-undecodable')

  const sent = await scheduleAndSettle(planner, app.host, text)
  const onService = await app.host.call('schedules:get', { id: sent.scheduleId! })
  const [media] = onService.medias
  expect(media!.url).toBe(sent.localMedia[0]!.uploadedUrl)
  const video = await fetch(media!.url)
  expect(Buffer.from(await video.arrayBuffer()).equals(readFileSync(AVI))).toBe(true)
  expect(media!.thumbnail).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/.+\.png$/)
  expect(Buffer.from(await (await fetch(media!.thumbnail)).arrayBuffer()).equals(png)).toBe(true)
})

async function screenshotsOfComposer(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true })
  for (const language of ['en', 'id'] as const) {
    await page.evaluate(
      (lang) => (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: lang }),
      language,
    )
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByTestId('video-cover').scrollIntoViewIfNeeded()
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(300)
        await page.screenshot({
          path: join(shotsDir, `${name}-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
  await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: 'en' }),
  )
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}
