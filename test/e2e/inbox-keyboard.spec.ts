// Keyboard triage of the inbox against the real host in browser mode and its built-in sandbox, in a real
// Chromium, by keys alone once the inbox is open: J walks the list, E resolves and I ignores a comment, R goes to
// the reply box, Ctrl+Enter sends and Esc goes back to the list. Twenty conversations online, then twenty with
// the service stopped (the statuses and replies wait in their queues), each status and reply then checked on
// the service exactly once. The sidebar's counts show; pictures of the list with its counts at 1280 and 900 px in both themes
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

/** What the keyboard did to one conversation. */
interface Triaged {
  kind: string
  status?: string
  reply?: string
}

/**
 * Triage by keys alone, from the open conversation on, until `count` were handled: J to the next, then a
 * pending comment resolved (E) or ignored (I), or every third one answered; a chat answered (R, the text,
 * Ctrl+Enter, Esc back to its row). A conversation met twice fails: the list keeps its order while they change.
 */
async function triage(page: Page, count: number, tag: string): Promise<Map<string, Triaged>> {
  const done = new Map<string, Triaged>()
  const met = new Set<string>()
  let before = ''
  for (let i = 0; done.size < count; i++) {
    expect(i, `${done.size} of ${count} handled after ${i} rows`).toBeLessThan(count * 3)
    await page.keyboard.press('j')
    await expect.poll(async () => (await current(page)).id).not.toBe(before)
    const open = await current(page)
    before = open.id
    expect(met.has(open.id), `${open.id} met again`).toBe(false)
    met.add(open.id)
    if (open.kind === 'comment' && open.status === 'pending' && done.size % 3 !== 2) {
      const status = done.size % 2 === 0 ? 'resolved' : 'ignored'
      await page.keyboard.press(status === 'resolved' ? 'e' : 'i')
      await expect(page.locator(`[data-id="${open.id}"]`)).toHaveAttribute('data-status', status, {
        timeout: 20_000,
      })
      done.set(open.id, { kind: open.kind, status })
    } else if (open.kind === 'chat' || open.status === 'pending') {
      const reply = `Terima kasih ${tag} ${i}`
      await page.keyboard.press('r')
      await expect(page.getByTestId('reply-text')).toBeFocused()
      await page.keyboard.type(reply)
      await page.keyboard.press('Control+Enter')
      // Sent (or queued) and read again: on a loaded machine, this takes its time.
      await expect(page.getByTestId('reply-text')).toHaveValue('', { timeout: 20_000 })
      await page.keyboard.press('Escape')
      await expect(page.locator(`[data-id="${open.id}"]`)).toBeFocused()
      done.set(open.id, { kind: open.kind, reply })
    }
  }
  return done
}

/** Each status as set and each reply exactly once, on the service. */
async function expectOnService(host: AppHost, triaged: Map<string, Triaged>): Promise<void> {
  for (const [id, what] of triaged) {
    const state = await serviceState(host, id, what.kind)
    if (what.status) expect(state.status, id).toBe(what.status)
    if (what.reply)
      expect(
        state.replies.filter((r) => r === what.reply),
        id,
      ).toHaveLength(1)
  }
}

test('20 conversations triaged by keyboard alone online, then 20 offline: each status and reply reaches the service once', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  // Forty conversations, each read and written through the real host: minutes on a loaded machine.
  test.setTimeout(600_000)
  const page = appPage
  // The page's clock is the test's: "as of" and the times shown do not move under it.
  await page.clock.install({ time: new Date('2026-11-28T09:00:00Z') })
  await page.reload()
  await page.waitForFunction(() => 'mediadeck' in globalThis)
  // Enough to triage twice: the demo's conversations and more.
  await app.host.sandbox.handle()!.addIncoming(app.host.sandbox.credentials.accessKey, {
    comments: Array.from({ length: 30 }, (_, i) => ({ text: `Ready stock ${i}?`, from: `Pembeli ${i}` })),
    messages: Array.from({ length: 16 }, (_, i) => ({ text: `Halo ${i}`, from: `Tamu ${i}` })),
  })
  await openInbox(page)
  await page.getByTestId('inbox-refresh').click()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.locator('body').focus()

  const online = await triage(page, 20, 'online')
  await expectOnService(app.host, online)
  expect((await app.host.call('inbox:list')).statusChanges).toEqual([])

  await app.host.sandbox.stop()
  let offline: Map<string, Triaged>
  try {
    await app.host.call('connection:check')
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'offline')
    offline = await triage(page, 20, 'offline')
    // Waiting, each on its row: the statuses in their queue, the replies in the outbox.
    for (const [id, what] of offline) {
      await expect(
        page.locator(`[data-id="${id}"] [data-testid=${what.status ? 'row-status-change' : 'row-waiting'}]`),
      ).toBeVisible()
    }
  } finally {
    await app.host.sandbox.start()
  }
  await app.host.call('connection:check')
  await expect
    .poll(
      async () => {
        const list = await app.host.call('inbox:list')
        return list.statusChanges.length + list.replies.filter((r) => r.state !== 'sent').length
      },
      { timeout: 60_000 },
    )
    .toBe(0)
  await expectOnService(app.host, offline)
  for (const id of offline.keys()) expect(online.has(id), id).toBe(false)
  // A refresh sends nothing again.
  await page.getByTestId('inbox-refresh').click()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectOnService(app.host, offline)
  await expect(page.getByTestId('row-waiting')).toHaveCount(0)
  await expect(page.getByTestId('row-status-change')).toHaveCount(0)
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
