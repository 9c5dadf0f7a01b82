// A cold start with no network, as a person on a plane has it: the app is used online against a sandbox run as
// its own process (`npm run sandbox`), the sandbox stops, and the app (the browser-mode host) starts again on
// the same data folder. The calendar of the month seen, the accounts, the library with its storage figures and
// the automations are shown from the replica with the offline notice, and a post composed then is queued; when
// the sandbox is back on the same port and data folder, the outbox creates that post on it exactly once
// (counted over HTTP on the sandbox itself).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { DEFAULT_RENDERER_DIR, startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'
import { AutomationsPage } from './pages/automations-page'
import { LibraryPage } from './pages/library-page'
import { PlannerPage, localInstant } from './pages/planner-page'
import { SettingsPage } from './pages/settings-page'
import { startExternalSandbox, type ExternalSandbox } from './support/external-sandbox'

const KEYS = { accessKey: 'demo', secretKey: 'demo-secret' }

let appDir: string
let sandboxDir: string
let sandbox: ExternalSandbox | undefined
let mode: BrowserMode | undefined

/** The browser mode on the app's data folder; the connection monitor retries soon, as tests step it. */
function startApp(): Promise<BrowserMode> {
  return startBrowserMode({
    dataDir: appDir,
    rendererDir: DEFAULT_RENDERER_DIR,
    hostOptions: { connection: { minBackoffMs: 200, maxBackoffMs: 1_000 } },
  })
}

/** The posts on the sandbox whose text is `text`, read over HTTP with the profile's keys. */
async function postsOnSandbox(base: string, text: string): Promise<number> {
  const auth = `Basic ${Buffer.from(`${KEYS.accessKey}:${KEYS.secretKey}`).toString('base64')}`
  let count = 0
  for (let page = 1; ; page++) {
    const response = await fetch(`${base}/public/schedule?page=${page}&limit=100`, {
      headers: { authorization: auth },
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { docs: { description: string }[]; hasNextPage: boolean }
    count += body.docs.filter((post) => post.description === text).length
    if (!body.hasNextPage) return count
  }
}

async function openApp(page: Page, app: BrowserMode): Promise<void> {
  await page.goto(app.url)
  await page.waitForFunction(() => 'mediadeck' in globalThis)
}

test.beforeEach(() => {
  appDir = mkdtempSync(join(tmpdir(), 'mediadeck-e2e-offline-app-'))
  sandboxDir = mkdtempSync(join(tmpdir(), 'mediadeck-e2e-offline-sandbox-'))
})

test.afterEach(async () => {
  await mode?.close()
  await sandbox?.stop()
  rmSync(appDir, { recursive: true, force: true })
  rmSync(sandboxDir, { recursive: true, force: true })
})

test('a cold start offline shows the last state, queues a post, and sends it once when the service is back', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  sandbox = await startExternalSandbox({ port: 0, dataDir: sandboxDir })
  const { port, url: serviceUrl } = sandbox

  // Online: a profile on the external sandbox, then the planner, the library and the automations.
  mode = await startApp()
  await openApp(page, mode)
  const settings = new SettingsPage(page)
  await page.getByTestId('nav-settings').click()
  await settings.addProfile({ name: 'Plane', baseUrl: serviceUrl, ...KEYS })
  await settings.profile('Plane').getByTestId('profile-activate').click()
  await expect(page.getByTestId('active-profile-name')).toHaveText('Plane')

  const planner = new PlannerPage(page)
  await planner.open()
  const seenPost = planner.page.getByTestId('planner-entry').first()
  await expect(seenPost).toBeVisible()
  const seenKey = (await seenPost.getAttribute('data-key'))!
  await expect(planner.failed.getByTestId('failed-post').first()).toBeVisible()
  const failedSeen = await planner.failed.getByTestId('failed-post').count()
  const library = new LibraryPage(page)
  await page.getByTestId('nav-library').click()
  await expect(library.storedFiles.getByTestId('stored-file').first()).toBeVisible()
  const fileName = (await library.storedFiles.getByTestId('stored-file').first().innerText()).trim()
  const used = await library.storagePanel.getByTestId('stat-used').innerText()
  const automations = new AutomationsPage(page)
  await page.getByTestId('nav-automations').click()
  await expect(automations.rows.first()).toBeVisible()
  const automationTitle = await automations.titles.first().innerText()
  // A Facebook account takes a text post as it is (Instagram wants a picture, WhatsApp a channel the service lists).
  const accountName = (await mode.host.call('accounts:list', {})).value.find(
    (account) => account.isConnected && account.type === 'facebook',
  )!.name

  // The plane: the service goes, the app starts again on the same data folder.
  await sandbox.stop()
  sandbox = undefined
  await mode.close()
  mode = await startApp()
  await openApp(page, mode)
  await expect(page.getByTestId('active-profile-name')).toHaveText('Plane')
  // The sidebar's storage figure is the last one seen, not "Storage not loaded".
  await expect(page.getByTestId('storage-meter')).toContainText(used)

  await planner.open()
  await expect(page.locator(`[data-testid=planner-entry][data-key="${seenKey}"]`)).toBeVisible()
  await expect(page.getByTestId('stale-notice').first()).toContainText('Offline · as of')
  // The failed posts seen online are there too, from the replica, with their own notice.
  await expect(planner.failed.getByTestId('failed-post')).toHaveCount(failedSeen)
  await expect(planner.failed.getByTestId('stale-notice')).toContainText('Offline · as of')

  await page.getByTestId('nav-library').click()
  await expect(library.storedFiles.getByTestId('stored-file').first()).toContainText(fileName.split('\n')[0]!)
  await expect(library.storagePanel.getByTestId('stat-used')).toHaveText(used)
  await expect(library.storagePanel.getByTestId('stale-notice')).toContainText('Offline · as of')
  await expect(library.storedFiles.getByTestId('stale-notice')).toContainText('Offline · as of')

  await page.getByTestId('nav-automations').click()
  await expect(automations.titles.first()).toHaveText(automationTitle)
  await expect(page.getByTestId('stale-notice')).toContainText('Offline · as of')

  // A post for a known account, composed and queued while offline.
  await planner.open()
  await planner.newPost()
  await planner.chooseAccount(accountName)
  const text = `Written on the plane ${Date.now()}`
  await page.getByTestId('composer-description').fill(text)
  // Two days ahead at 10:30 on the browser's clock, written as the date field takes it.
  const at = new Date(await localInstant(page, 2, 10, 30))
  const localDay = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`
  await planner.setTime(localDay, '10:30')
  await page.getByTestId('composer-schedule').click()
  await expect(planner.composer).toBeHidden()
  await expect(planner.outbox.getByTestId('outbox-waiting')).toContainText(text)

  // The service is back on the same port and data folder: the outbox sends the post, once.
  sandbox = await startExternalSandbox({ port, dataDir: sandboxDir })
  await expect(planner.outbox).toContainText('Nothing waits to be sent.', { timeout: 30_000 })
  await expect
    .poll(
      async () =>
        (await mode!.host.call('drafts:list', undefined)).find((d) => d.post.description === text)?.status,
    )
    .toBe('scheduled')
  expect(await postsOnSandbox(sandbox.url, text)).toBe(1)
})
