// Browser mode: the Mediadeck host stops while its page is open. The page must say that the app itself stopped
// and how to open it again, stop showing the service's last state, and back off its reconnection attempts
// (each one is a console error the browser logs itself). The host is started here, not by the shared fixture,
// because the test stops it halfway.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'
import { AppShell } from './pages/app-shell'
import type { PageGlobals } from './support/page-globals'

let dataDir: string
let mode: BrowserMode | undefined

test.beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-e2e-stop-'))
  mode = await startBrowserMode({ dataDir })
})

test.afterEach(async () => {
  await mode?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test('says the app stopped, how to open it again, and retries rarely', async ({ page }) => {
  // Counts the bridge's connection attempts; the page's timers run on a clock the test moves.
  await page.addInitScript(() => {
    const Real = WebSocket
    const made: WebSocket[] = []
    ;(globalThis as unknown as { __sockets: WebSocket[] }).__sockets = made
    globalThis.WebSocket = class extends Real {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args)
        made.push(this)
      }
    }
  })
  await page.clock.install()
  await page.goto(mode!.url)
  const shell = new AppShell(page)
  await expect(shell.connection).toHaveAttribute('data-status', 'online')

  await mode!.close()
  await expect(shell.connection).toHaveAttribute('data-status', 'stopped')
  await expect(shell.connection).toContainText('App stopped')
  const banner = page.getByTestId('host-stopped')
  await expect(banner).toContainText('Mediadeck has stopped')
  await expect(banner).toContainText('run `npm run start:browser` and open the address it prints')

  // A call made now (a connection test) fails at once as "the app stopped", which the page words as the
  // banner does, instead of waiting for an answer that cannot come or blaming the network.
  const answer = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).mediadeck.connection.check().then(
      () => null,
      (error: unknown) => error,
    ),
  )
  expect(answer).toMatchObject({ kind: 'network', code: 'host-stopped' })

  // Ten minutes on the page's clock, each attempt left to fail before the clock moves on.
  const attempts = () =>
    page.evaluate(() => (globalThis as unknown as { __sockets: WebSocket[] }).__sockets.length)
  const before = await attempts()
  for (let second = 0; second < 600; second += 5) {
    await page.clock.fastForward(5_000)
    await page.waitForFunction(() =>
      (globalThis as unknown as { __sockets: WebSocket[] }).__sockets.every((ws) => ws.readyState === 3),
    )
  }
  const retries = (await attempts()) - before
  // 0.25 s doubling to a minute: about 17 in ten minutes (a retry every 5 s made 120).
  expect(retries).toBeGreaterThan(5)
  expect(retries).toBeLessThan(25)
  await expect(shell.connection).toHaveAttribute('data-status', 'stopped')
})
