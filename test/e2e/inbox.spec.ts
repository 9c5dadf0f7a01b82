// The inbox against the real host in browser mode and its built-in sandbox (demo comments and messages), in a
// real Chromium: a chat answered with a picture of the library and a comment answered with text, in English and
// in Bahasa Indonesia, each checked on the service; a reply written while the service is stopped waits, marked
// as waiting, and is sent exactly once when the service is back; a library video queued offline that cannot be
// timed fails saying why in the person's language; axe finds nothing serious in either theme; and pictures at
// 1280 and 900 px in both themes and both languages are kept for a person to look at.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { AppHost } from '../../main/host/app-host'
import { setLanguage } from './pages/screenshots'
import { audit, type Finding } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'

const rows = (page: Page) => page.getByTestId('inbox-row')

async function openInbox(page: Page): Promise<void> {
  // By its test id: the link's name is the page's language.
  await page.getByTestId('nav-inbox').click()
  await expect(rows(page).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** Opens the first row of that kind and answers when its thread is on screen. */
async function openFirst(
  page: Page,
  kind: 'comment' | 'chat',
  status?: string,
): Promise<{ id: string; thread: Locator }> {
  const row = page
    .locator(`[data-testid=inbox-row][data-kind=${kind}]${status ? `[data-status=${status}]` : ''}`)
    .first()
  const id = (await row.getAttribute('data-id'))!
  await row.click()
  const thread = page.getByTestId('inbox-thread')
  await expect(thread).toBeVisible()
  return { id, thread }
}

/** The texts the account wrote in a chat, read from the service. */
async function chatTexts(
  host: AppHost,
  chatId: string,
): Promise<Array<{ type: string; text: string; url?: string }>> {
  const page = await host.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
  return page.docs.filter((m) => m.isFromMe).map((m) => ({ type: m.type, text: m.text, url: m.image?.url }))
}

async function commentReplies(host: AppHost, id: string): Promise<string[]> {
  return (await host.active().client.getComment(id)).comment.replies.map((r) => r.text)
}

for (const language of ['en', 'id'] as const) {
  test(`a chat is answered with a picture of the library and a comment with text (${language})`, async ({
    appPage,
    app,
    consoleErrors,
  }) => {
    const page = appPage
    await setLanguage(page, language)
    await openInbox(page)

    // A chat: a picture of the library and a line of text, one message.
    const chat = await openFirst(page, 'chat')
    await chat.thread.getByTestId('reply-library').click()
    const picker = page.getByRole('dialog')
    await picker.getByTestId('library-pick').first().click()
    await picker.getByTestId('library-add').click()
    await expect(picker).toBeHidden()
    await expect(chat.thread.getByTestId('reply-medium')).toHaveCount(1)
    const text = `${language === 'en' ? 'Here is the menu' : 'Ini menunya'} ${Date.now()}`
    await chat.thread.getByTestId('reply-text').fill(text)
    await chat.thread.getByTestId('reply-send').click()
    // Shown once, as the service has it: the outbox's copy goes once the chat read again holds it.
    await expect(chat.thread.getByTestId('thread-message').last()).toContainText(text)
    await expect(chat.thread.getByText(text)).toHaveCount(1)
    await expect(chat.thread.getByTestId('outbox-reply')).toHaveCount(0)
    const sent = (await chatTexts(app.host, chat.id)).filter((m) => m.text === text)
    expect(sent.map((m) => [m.type, m.text])).toEqual([['image', text]])
    expect(sent[0]!.url).toMatch(/^https?:\/\//)

    // A comment: text only (the service takes no file there), sent with Ctrl+Enter, then ignored.
    const comment = await openFirst(page, 'comment', 'pending')
    await expect(comment.thread.getByTestId('reply-library')).toHaveCount(0)
    const answer = `${language === 'en' ? 'Still in stock' : 'Masih ada kak'} ${Date.now()}`
    await comment.thread.getByTestId('reply-text').fill(answer)
    await comment.thread.getByTestId('reply-text').press('Control+Enter')
    await expect(comment.thread.getByTestId('thread-replies')).toContainText(answer)
    await expect(comment.thread.getByText(answer)).toHaveCount(1)
    await expect(comment.thread.getByTestId('outbox-reply')).toHaveCount(0)
    expect((await commentReplies(app.host, comment.id)).filter((r) => r === answer)).toHaveLength(1)
    // The service resolves a comment the account answered; the person may still set it aside.
    await expect(comment.thread.getByTestId('thread-status')).toHaveText(
      language === 'en' ? 'Resolved' : 'Selesai',
    )
    await comment.thread.getByTestId('inbox-ignore').click()
    await expect(comment.thread.getByTestId('thread-status')).toHaveText(
      language === 'en' ? 'Ignored' : 'Diabaikan',
    )
    expect((await app.host.active().client.getComment(comment.id)).status).toBe('ignored')
    expect(consoleErrors).toEqual([])
  })
}

test('a reply written while the service is stopped waits, and is sent once when it is back', async ({
  appPage,
  app,
}) => {
  test.setTimeout(90_000)
  const page = appPage
  await openInbox(page)
  const { id, thread } = await openFirst(page, 'comment', 'pending')
  const text = `Written offline ${Date.now()}`

  await app.host.sandbox.stop()
  try {
    await app.host.call('connection:check')
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'offline')
    await thread.getByTestId('reply-text').fill(text)
    await thread.getByTestId('reply-send').click()
    await expect(thread.getByTestId('outbox-reply').last()).toHaveAttribute('data-state', 'queued')
    await expect(page.locator(`[data-id="${id}"] [data-testid=row-waiting]`)).toBeVisible()
    // The copy stays on screen, saying when it was read.
    await page.getByTestId('inbox-refresh').click()
    await expect(page.getByTestId('inbox-freshness')).toContainText('Offline · as of')
    await expect(rows(page).first()).toBeVisible()
  } finally {
    await app.host.sandbox.start()
  }
  await app.host.call('connection:check')
  // Sent, it is shown once: in the comment's thread as the service has it, no longer as the outbox's.
  await expect(thread.getByTestId('thread-replies')).toContainText(text, { timeout: 30_000 })
  await expect(thread.getByText(text)).toHaveCount(1)
  await expect(thread.getByTestId('outbox-reply')).toHaveCount(0)
  await expect(page.locator(`[data-id="${id}"] [data-testid=row-waiting]`)).toHaveCount(0)
  // A refresh sends what waits first: nothing more goes.
  await page.getByTestId('inbox-refresh').click()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  expect((await commentReplies(app.host, id)).filter((r) => r === text)).toHaveLength(1)
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation in the inbox, ${colorScheme} theme`, async ({ appPage }) => {
    test.setTimeout(axeTimeout(4))
    const page = appPage
    await page.emulateMedia({ colorScheme })
    await openInbox(page)
    const findings: Finding[] = []
    findings.push(...(await audit(page, 'inbox list')))
    const chat = await openFirst(page, 'chat')
    await expect(chat.thread.getByTestId('thread-message').first()).toBeVisible()
    findings.push(...(await audit(page, 'inbox chat')))
    await chat.thread.getByTestId('reply-library').click()
    await expect(page.getByRole('dialog').getByTestId('library-pick').first()).toBeVisible()
    findings.push(...(await audit(page, 'inbox library picker')))
    await page.keyboard.press('Escape')
    await openFirst(page, 'comment')
    findings.push(...(await audit(page, 'inbox comment')))
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  })
}

const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'inbox')

test('pictures of the inbox at 1280 and 900 px, in both themes and both languages', async ({ appPage }) => {
  test.setTimeout(90_000)
  const page = appPage
  mkdirSync(shotsDir, { recursive: true })
  await openInbox(page)
  const chat = await openFirst(page, 'chat')
  await expect(chat.thread.getByTestId('thread-message').first()).toBeVisible()
  for (const language of ['en', 'id'] as const) {
    await setLanguage(page, language)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language === 'en' ? 'Inbox' : 'Kotak masuk',
    )
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(300)
        await page.screenshot({
          path: join(shotsDir, `inbox-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
})

test('a library video queued offline whose length cannot be read fails saying why in the person’s language', async ({
  appPage,
  app,
}) => {
  test.setTimeout(axeTimeout(2, 90_000))
  const page = appPage
  mkdirSync(shotsDir, { recursive: true })
  await openInbox(page)
  const { id, thread } = await openFirst(page, 'chat')
  await app.host.sandbox.stop()
  try {
    await app.host.call('connection:check')
    // A stored file on a private address: queued offline untimed, refused when its length is read.
    await app.host.call('inbox:reply', {
      id,
      text: 'Videonya',
      media: [{ url: 'http://10.20.30.40/lain.mp4', mimetype: 'video/mp4', name: 'lain.mp4' }],
    })
  } finally {
    await app.host.sandbox.start()
  }
  await app.host.call('connection:check')
  const failed = thread.locator('[data-testid=outbox-reply][data-state=failed]')
  await expect(failed).toBeVisible({ timeout: 30_000 })
  for (const language of ['en', 'id'] as const) {
    await setLanguage(page, language)
    await expect(failed.getByTestId('outbox-error')).toHaveText(
      language === 'en'
        ? /^lain\.mp4: its stored file is on a local or private address/
        : /^lain\.mp4: berkas tersimpannya ada di alamat lokal atau pribadi/,
    )
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(300)
        // The failed bubble's colours in each theme; the words change nothing of them.
        if (language === 'id' && width === 1280)
          expect(await audit(page, `failed reply, ${colorScheme} theme`)).toEqual([])
        await page.screenshot({
          path: join(shotsDir, `inbox-reply-failed-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
})
