// Keyboard triage of the inbox against the real host in browser mode and its built-in sandbox, in a real
// Chromium, by keys alone once the inbox is open: J walks the list, E resolves and I ignores a comment, R goes to
// the reply box, Ctrl+Enter sends and Esc goes back to the list. Each reply and status is checked on the
// service. The sidebar's counts show; pictures of the list with its counts at 1280 and 900 px in both themes
// and languages.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { AppHost } from '../../main/host/app-host'
import { setLanguage } from './pages/screenshots'
import { audit } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'

const shotsDir = process.env.MEDIADECK_SHOTS_DIR ?? join('.test-results', 'screenshots', 'inbox-list')

async function openInbox(page: Page): Promise<void> {
  await page.getByTestId('nav-inbox').click()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** The conversation now open, as the list marks it. */
async function current(page: Page): Promise<{ id: string; kind: string; status: string }> {
  const row = page.locator('[data-testid=inbox-row][aria-current=true]')
  await expect(row).toHaveCount(1)
  return {
    id: (await row.getAttribute('data-id'))!,
    kind: (await row.getAttribute('data-kind'))!,
    status: (await row.getAttribute('data-status'))!,
  }
}

async function serviceState(host: AppHost, id: string, kind: string) {
  const client = host.active().client
  if (kind === 'comment') {
    const c = await client.getComment(id)
    return { status: c.status, replies: c.comment.replies.map((r) => r.text) }
  }
  const page = await client.listChatMessages(id, { page: 1, limit: 100 })
  return { status: '', replies: page.docs.filter((m) => m.isFromMe).map((m) => m.text) }
}

/** Triage of `count` conversations from the open one on, by keys alone; what each got, by id. */
async function triage(page: Page, count: number, tag: string, online: boolean) {
  const done = new Map<string, { kind: string; status?: string; reply?: string }>()
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('j')
    const open = await current(page)
    if (open.kind === 'comment' && open.status === 'pending' && online) {
      const status = i % 2 === 0 ? 'resolved' : 'ignored'
      await page.keyboard.press(status === 'resolved' ? 'e' : 'i')
      await expect(page.locator(`[data-id="${open.id}"]`)).toHaveAttribute('data-status', status)
      done.set(open.id, { kind: open.kind, status })
    } else if (open.kind === 'chat' || open.status === 'pending') {
      const reply = `Terima kasih ${tag} ${i}`
      await page.keyboard.press('r')
      await expect(page.getByTestId('reply-text')).toBeFocused()
      await page.keyboard.type(reply)
      await page.keyboard.press('Control+Enter')
      await expect(page.getByTestId('reply-text')).toHaveValue('')
      await page.keyboard.press('Escape')
      await expect(page.locator(`[data-id="${open.id}"]`)).toBeFocused()
      done.set(open.id, { kind: open.kind, reply })
    }
  }
  return done
}

test('conversations triaged by keyboard alone: each status and each reply reaches the service once', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  test.setTimeout(180_000)
  const page = appPage
  // Enough to triage: the demo's conversations and a few more.
  await app.host.sandbox.handle()!.addIncoming(app.host.sandbox.credentials.accessKey, {
    comments: Array.from({ length: 8 }, (_, i) => ({ text: `Ready stock ${i}?`, from: `Pembeli ${i}` })),
    messages: Array.from({ length: 6 }, (_, i) => ({ text: `Halo ${i}`, from: `Tamu ${i}` })),
  })
  await openInbox(page)
  await page.getByTestId('inbox-refresh').click()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.locator('body').focus()

  const online = await triage(page, 12, 'online', true)
  expect(online.size).toBeGreaterThan(0)
  for (const [id, what] of online) {
    const state = await serviceState(app.host, id, what.kind)
    if (what.status) expect(state.status, id).toBe(what.status)
    if (what.reply)
      expect(
        state.replies.filter((r) => r === what.reply),
        id,
      ).toHaveLength(1)
  }

  expect(consoleErrors).toEqual([])
})

test('the list with its counts: axe in both themes, pictures at 1280 and 900 px in both languages', async ({
  appPage,
}) => {
  test.setTimeout(axeTimeout(2) + 90_000)
  const page = appPage
  await openInbox(page)
  const counts = page.getByTestId('nav-inbox-counts')
  await expect(counts).toBeVisible()
  expect(Number(await counts.getAttribute('data-unreplied'))).toBeGreaterThan(0)
  await page.keyboard.press('j')
  await page.keyboard.press('?')
  await expect(page.getByTestId('inbox-shortcuts')).toContainText('Open the comment’s post on its network')
  const findings = [...(await audit(page, 'inbox shortcuts'))]
  await page.keyboard.press('Escape')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    findings.push(...(await audit(page, `inbox list with counts, ${colorScheme}`)))
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  mkdirSync(shotsDir, { recursive: true })
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
          path: join(shotsDir, `inbox-counts-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }
  }
})
