// The app shell in Debian's Chromium through the browser mode: it loads on the embedded sandbox with no
// console errors, says it is in sandbox mode, moves between its areas, and calls and events round-trip
// through the bridge (the storage statistic shows; an upload started through the API reports progress), and
// the sidebar follows the service going offline and coming back.
import type { UploadItem, UploadProgressEvent } from '../../common/uploads'
import { AREAS, AppShell } from './pages/app-shell'
import type { PageGlobals } from './support/page-globals'
import { expect, test } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

/** Screenshots go to the test's own output folder (.test-results/e2e/<test>/), next to its trace. */
const shots = (name: string) => test.info().outputPath(`${name}.png`)

test('loads on the sandbox with no console errors and says it is in sandbox mode', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  await expect(shell.navigation).toBeVisible()
  await expect(shell.sandboxBadge).toBeVisible()
  await expect(shell.sandboxBadge).toContainText('Sandbox')
  await expect(shell.heading('Library')).toBeVisible()
  expect(app.host.connection.current().mode).toBe('sandbox')
  await appPage.screenshot({ path: shots('shell-library'), fullPage: true })
  expect(consoleErrors).toEqual([])
})

test('navigates between its areas', async ({ appPage, consoleErrors }) => {
  const shell = new AppShell(appPage)
  for (const area of [...AREAS.slice(1), AREAS[0]]) {
    await shell.open(area)
    await expect(shell.heading(area)).toBeVisible()
    await expect(shell.link(area)).toHaveAttribute('aria-current', 'page')
    await appPage.screenshot({ path: shots(`shell-${area.toLowerCase()}`) })
  }
  expect(consoleErrors).toEqual([])
})

test('shows the storage statistic it got through the bridge', async ({ appPage, app }) => {
  const stats = await app.host.call('storage:stats')
  const shell = new AppShell(appPage)
  await expect(shell.storage).toBeVisible()
  await expect(shell.storage).toContainText('5 GB')
  await expect(
    shell.storage
      .getByTestId('stat-files')
      .or(shell.storage.getByText(String(stats.file.total)))
      .first(),
  ).toBeVisible()
  // The same figure answered to the page's own call.
  const fromPage = await appPage.evaluate(() =>
    (globalThis as unknown as PageGlobals).mediadeck.storage.stats(),
  )
  expect(fromPage).toEqual(stats)
})

test('an upload started through the API reports progress to the page', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const result = await appPage.evaluate(async () => {
    const { mediadeck } = globalThis as unknown as PageGlobals
    const file = new File([new Uint8Array(512 * 1024).fill(1)], 'e2e-api-upload.png', { type: 'image/png' })
    const [picked] = await mediadeck.files.fromDrop([file])
    const seen: UploadProgressEvent[] = []
    let done!: () => void
    const finished = new Promise<void>((resolve) => (done = resolve))
    const off = mediadeck.uploads.onProgress((event: UploadProgressEvent) => {
      seen.push(event)
      if (event.items.some((i) => i.name === 'e2e-api-upload.png' && i.state === 'done')) done()
    })
    const [item] = await mediadeck.uploads.start({ paths: [picked!.path] })
    await Promise.race([finished, new Promise((r) => setTimeout(r, 20_000))])
    off()
    return {
      picked: picked!,
      item: item!,
      states: seen.flatMap((e) => e.items.map((i: UploadItem) => i.state)),
    }
  })
  expect(result.picked).toMatchObject({ name: 'e2e-api-upload.png', size: 512 * 1024 })
  expect(result.item.name).toBe('e2e-api-upload.png')
  expect(result.states).toContain('done')
  // The page's own queue shows it, and the service has the file.
  const shell = new AppShell(appPage)
  await expect(shell.uploads.getByText('e2e-api-upload.png')).toBeVisible()
  const files = await app.host.call('storage:files', { page: 1, limit: 20, search: 'e2e-api-upload' })
  expect(files.docs.map((f) => f.filename)).toContain('e2e-api-upload.png')
  // storage:changed reached the page too: the storage figure counts the new file.
  const stats = await app.host.call('storage:stats')
  await expect(shell.storage.getByTestId('stat-files')).toHaveText(String(stats.file.total))
  await appPage.screenshot({ path: shots('shell-upload-api') })
  expect(consoleErrors).toEqual([])
})

test('files dropped into the page upload as in the app', async ({ appPage, app }) => {
  const shell = new AppShell(appPage)
  await expect(shell.heading('Library')).toBeVisible()
  await shell.dropFiles([
    { name: 'dropped-one.png', size: 200_000, type: 'image/png' },
    { name: 'dropped-two.jpg', size: 150_000, type: 'image/jpeg' },
  ])
  const rows = appPage.getByTestId('upload-row')
  await expect(rows.filter({ hasText: 'dropped-one.png' })).toHaveAttribute('data-state', 'done', {
    timeout: 20_000,
  })
  await expect(rows.filter({ hasText: 'dropped-two.jpg' })).toHaveAttribute('data-state', 'done', {
    timeout: 20_000,
  })
  const files = await app.host.call('storage:files', { page: 1, limit: 20, search: 'dropped-' })
  expect(files.docs.map((f) => f.filename).sort()).toEqual(['dropped-one.png', 'dropped-two.jpg'])
  await appPage.screenshot({ path: shots('shell-drop') })
})

test('a drop shows its copy to the app file by file, before its files are queued', async ({
  appPage,
  app,
}) => {
  const shell = new AppShell(appPage)
  await expect(shell.heading('Library')).toBeVisible()
  // The second file's copy is held until the page has shown the first one copied: no timing involved.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await appPage.route(/\/files\?name=copy-two\.png$/, async (route) => {
    await held
    await route.continue()
  })
  await shell.dropFiles([
    { name: 'copy-one.png', size: 3_000_000, type: 'image/png' },
    { name: 'copy-two.png', size: 3_000_000, type: 'image/png' },
  ])
  const copying = appPage.getByTestId('queue-copying')
  await expect(copying.getByTestId('queue-copying-files')).toHaveText('Copying 1 of 2 files to Mediadeck')
  await expect(copying.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
  await expect(appPage.getByText('No uploads yet')).toHaveCount(0)
  await screenshotsInEveryLook(appPage, app, test.info().outputPath('looks'), 'drop-copying')
  release()
  await expect(copying).toBeHidden()
  const rows = appPage.getByTestId('upload-row')
  for (const name of ['copy-one.png', 'copy-two.png']) {
    await expect(rows.filter({ hasText: name })).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  }
})

test('files picked with Add files upload through the browser stand-in of the dialog', async ({
  appPage,
  app,
}) => {
  const chooser = appPage.waitForEvent('filechooser')
  await appPage.getByRole('button', { name: 'Add files' }).click()
  await (
    await chooser
  ).setFiles([{ name: 'picked-file.png', mimeType: 'image/png', buffer: Buffer.alloc(120_000, 3) }])
  const row = appPage.getByTestId('upload-row').filter({ hasText: 'picked-file.png' })
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  const files = await app.host.call('storage:files', { page: 1, limit: 20, search: 'picked-file' })
  expect(files.docs.map((f) => f.filename)).toEqual(['picked-file.png'])
})

test('the sidebar says Offline when the sandbox goes away and Online when it is back', async ({
  appPage,
  app,
}) => {
  const shell = new AppShell(appPage)
  await expect(shell.connection).toHaveAttribute('data-status', 'online')
  await expect(shell.connection).toContainText('Online')
  await app.host.sandbox.stop()
  try {
    // Any call that cannot reach the service marks the connection offline: here, the automations the area
    // loads. Nothing waits for the minute check.
    await shell.open('Automations')
    await expect(shell.connection).toHaveAttribute('data-status', 'offline')
    await expect(shell.connection).toContainText('Offline')
    await appPage.screenshot({ path: shots('shell-offline'), fullPage: true })
  } finally {
    await app.host.sandbox.start()
  }
  // Nobody clicks "check now": the re-check (2 s, then backing off) finds the sandbox back by itself.
  await expect(shell.connection).toHaveAttribute('data-status', 'online', { timeout: 20_000 })
  await expect(shell.connection).toContainText('Online')
})

test('external links open only from the allow-list', async ({ appPage }) => {
  const refused = await appPage.evaluate(() =>
    (globalThis as unknown as PageGlobals).mediadeck.app
      .openExternal({ url: 'https://evil.example/' })
      .then(() => 'opened')
      .catch((error: { kind: string }) => error.kind),
  )
  expect(refused).toBe('validation')
  const popup = appPage.waitForEvent('popup')
  await appPage.evaluate(() =>
    (globalThis as unknown as PageGlobals).mediadeck.app.openExternal({ url: 'https://repliz.com/' }),
  )
  // A new tab opened (with noopener it starts blank; this machine has no route to repliz.com anyway).
  await (await popup).close()
})
