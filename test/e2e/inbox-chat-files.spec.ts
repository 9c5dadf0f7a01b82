// A chat's files and its history in a real Chromium, against the real host in browser mode and its built-in
// sandbox: a file dropped from the desktop on the reply box uploads through the engine with its progress shown,
// the reply waits for it and goes out with the file's public address, exactly one message on the service (in
// English and in Bahasa Indonesia); a long chat opens at its newest message and pages back by the keyboard,
// with a picture shown through main's picture route and a video and a document as links; axe finds nothing
// serious in either theme, and pictures at 1280 and 900 px in both themes and languages are kept.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { AppHost } from '../../main/host/app-host'
import { setLanguage } from './pages/screenshots'
import { audit, type Finding } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import type { PageGlobals } from './support/page-globals'

async function openInbox(page: Page): Promise<void> {
  await page.getByTestId('nav-inbox').click()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** A chat of `count` messages from `from`, the last three a picture of the library, a video and a document. */
async function longChat(host: AppHost, from: string, count: number): Promise<string> {
  const sandbox = host.sandbox.handle()!
  const key = host.sandbox.credentials.accessKey
  const files = await host.active().client.listFiles({ page: 1, limit: 50 })
  const picture = files.docs.find((f) => f.mimetype === 'image/png')!
  const start = Date.parse('2026-11-20T08:00:00Z')
  const at = (i: number) => new Date(start + i * 7 * 60_000).toISOString()
  const first = await sandbox.addIncoming(key, { messages: [{ text: 'Halo, pesan 1', from, at: at(0) }] })
  const chatId = first.messages[0]!.chatId
  await sandbox.addIncoming(key, {
    messages: [
      ...Array.from({ length: count - 4 }, (_, i) => ({
        text: `Pesan ${i + 2}: ukuran ${36 + (i % 8)} masih ada?`,
        chatId,
        at: at(i + 1),
      })),
      {
        chatId,
        at: at(count - 3),
        body: { type: 'image', text: 'Yang ini ya', image: { url: picture.url, mimetype: 'image/png' } },
      },
      {
        chatId,
        at: at(count - 2),
        body: {
          type: 'video',
          video: { url: 'https://cdn.example.net/v/unboxing.mp4', mimetype: 'video/mp4', duration: 31 },
        },
      },
      {
        chatId,
        at: at(count - 1),
        body: {
          type: 'document',
          text: '<b>Daftar</b> ukuran',
          document: {
            url: 'https://cdn.example.net/d/ukuran.pdf',
            name: 'daftar-ukuran.pdf',
            size: 48_213,
            mimetype: 'application/pdf',
          },
        },
      },
    ],
  })
  return chatId
}

/** Drops a file of `bytes` bytes named `name` on the reply box, as a drag from the desktop does. */
async function dropOnReply(page: Page, name: string, bytes: number): Promise<void> {
  await page.getByTestId('reply-form').evaluate(
    (element, spec) => {
      const globals = globalThis as unknown as PageGlobals
      const transfer = new globals.DataTransfer()
      const data = new Uint8Array(spec.bytes)
      data.set([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a]) // %PDF-1.4
      transfer.items.add(new File([data], spec.name, { type: 'application/pdf' }))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(
          new globals.DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }) as Event,
        )
      }
    },
    { name, bytes },
  )
}

for (const language of ['en', 'id'] as const) {
  test(`a file dropped on the reply box uploads, and the reply goes once with its address (${language})`, async ({
    appPage,
    app,
    consoleErrors,
  }) => {
    test.setTimeout(120_000)
    const page = appPage
    await setLanguage(page, language)
    const sandbox = app.host.sandbox.handle()!
    const added = await sandbox.addIncoming(app.host.sandbox.credentials.accessKey, {
      messages: [{ text: 'Boleh kirim katalognya?', from: `Katalog ${language}` }],
    })
    const chatId = added.messages[0]!.chatId
    await openInbox(page)
    await page.getByTestId('inbox-refresh').click()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    await page.locator(`[data-testid=inbox-row][data-id="${chatId}"]`).click()
    const thread = page.getByTestId('inbox-thread')
    await expect(thread).toBeVisible()

    const name = `katalog-${language}.pdf`
    await dropOnReply(page, name, 3 * 1024 * 1024)
    await expect(thread.getByTestId('reply-medium')).toHaveText(name)
    // Each storage answer waits: the upload is seen going up, and the reply waiting for it.
    await app.host.sandbox.setFaults({ latencyMs: 700 })
    const text = `${language === 'en' ? 'Here is the catalogue' : 'Ini katalognya'} ${Date.now()}`
    await thread.getByTestId('reply-text').fill(text)
    await thread.getByTestId('reply-send').click()
    await expect(thread.getByTestId('outbox-reply').last()).toHaveAttribute('data-state', /queued|sending/)
    await expect(thread.getByTestId('reply-uploading')).toBeVisible()
    await expect(thread.getByTestId('reply-uploading')).toContainText(
      language === 'en' ? /Uploading \d+%/ : /Mengunggah \d+%/,
    )
    await app.host.sandbox.setFaults({})

    // Sent once the upload is complete: the service's message takes the outbox copy's place in the open chat.
    await expect(thread.getByTestId('thread-message').filter({ hasText: text })).toHaveCount(1, {
      timeout: 60_000,
    })
    await expect(thread.getByTestId('outbox-reply')).toHaveCount(0)
    const uploaded = (await app.host.call('uploads:list')).items.find((i) => i.name === name)!
    expect(uploaded).toMatchObject({ state: 'done' })
    const mine = (
      await app.host.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
    ).docs.filter((m) => m.isFromMe)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      type: 'document',
      text,
      document: { url: uploaded.url, name, size: 3 * 1024 * 1024 },
    })
    expect(consoleErrors).toEqual([])
  })
}

/** Opens the long chat and waits for its newest message, at the bottom of the pane. */
async function openLongChat(page: Page, chatId: string) {
  await page.locator(`[data-testid=inbox-row][data-id="${chatId}"]`).click()
  const thread = page.getByTestId('inbox-thread')
  await expect(thread.getByTestId('thread-message').last()).toContainText('daftar-ukuran.pdf')
  return thread
}

test('a long chat opens at its newest message and pages back by keyboard, its files shown safely', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  test.setTimeout(axeTimeout(2))
  const page = appPage
  const chatId = await longChat(app.host, 'Rina Paging', 120)
  await openInbox(page)
  await page.getByTestId('inbox-refresh').click()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  const thread = await openLongChat(page, chatId)
  await expect(thread.getByTestId('thread-message')).toHaveCount(50)
  const body = thread.getByTestId('thread-body')
  // At the newest: scrolled to the bottom.
  expect(await body.evaluate((e) => e.scrollHeight - e.scrollTop - e.clientHeight)).toBeLessThan(4)

  // The picture through main's picture route, loaded; the video and the document as text, never embedded.
  const picture = thread.getByTestId('message-picture')
  await expect(picture).toHaveAttribute('src', /^picture\?src=/)
  await expect
    .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0)
  await expect(thread.locator('video, audio, iframe, object, embed')).toHaveCount(0)
  await expect(thread.getByText('<b>Daftar</b> ukuran')).toBeVisible()

  // By keyboard: the button above the messages reads the next page and keeps the focus.
  // Reaching the button scrolls the pane to its top, which reads the next page on its own; then Enter.
  const older = thread.getByTestId('thread-older')
  await older.focus()
  await expect(thread.getByTestId('thread-message')).toHaveCount(100)
  await expect(older).toBeFocused()
  await expect(older).not.toHaveAttribute('aria-busy', 'true')
  await page.keyboard.press('Enter')
  await expect(thread.getByTestId('thread-message')).toHaveCount(120)
  await expect(thread.getByTestId('thread-message').first()).toContainText('Halo, pesan 1')
  await expect(older).toHaveCount(0)

  const findings: Finding[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    findings.push(...(await audit(page, `inbox chat paged, ${colorScheme}`)))
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  expect(consoleErrors).toEqual([])
})

const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'inbox')

test(
  'pictures of a chat paged back, with its files, at 1280 and 900 px in both themes and languages',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(120_000)
    const page = appPage
    mkdirSync(shotsDir, { recursive: true })
    const chatId = await longChat(app.host, 'Rina Pictures', 60)
    await openInbox(page)
    await page.getByTestId('inbox-refresh').click()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    const thread = await openLongChat(page, chatId)
    await expect
      .poll(() =>
        thread
          .getByTestId('message-picture')
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0)
    for (const language of ['en', 'id'] as const) {
      await setLanguage(page, language)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? 'Inbox' : 'Kotak masuk',
      )
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 900 })
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          // The newest, with its files; then the top of what was read, with the button for earlier ones.
          const body = thread.getByTestId('thread-body')
          await body.evaluate((e) => (e.scrollTop = e.scrollHeight))
          await page.waitForTimeout(300)
          await page.screenshot({
            path: join(shotsDir, `inbox-chat-files-${width}-${colorScheme}-${language}.png`),
            animations: 'disabled',
          })
          await body.evaluate((e) => (e.scrollTop = 60))
          await page.waitForTimeout(300)
          await page.screenshot({
            path: join(shotsDir, `inbox-chat-older-${width}-${colorScheme}-${language}.png`),
            animations: 'disabled',
          })
        }
      }
    }
  },
)
