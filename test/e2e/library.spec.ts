// The Library through the browser mode on the sandbox: files dropped on the window upload, one that does not
// fit the plan fails with the storage message (and the banner says what is missing), an upload can be
// cancelled, and the storage figures follow.
import { embeddedSandboxConfig } from '../../main/host/embedded-sandbox'
import { AppShell } from './pages/app-shell'
import { LibraryPage } from './pages/library-page'
import { screenshotBothThemes } from './pages/screenshots'
import { expect, test } from './support/browser-mode'

// A 2 MiB plan: a 3 MiB file cannot fit, while two small ones do. (The default 5 GiB plan would need a file
// over 5 GiB, which the browser stand-in would have to stream through the page first.)
const PLAN_BYTES = 2 * 1024 * 1024
const demo = embeddedSandboxConfig()
test.use({
  browserModeOptions: {
    hostOptions: {
      sandbox: { config: { ...demo, users: [{ ...demo.users[0]!, storageLimit: PLAN_BYTES }] } },
    },
  },
})

interface Box {
  x: number
  y: number
  width: number
  height: number
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('three dropped files: two finish, the one too big for the plan fails with the storage message', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  const library = new LibraryPage(appPage)
  const before = await app.host.call('storage:stats')
  await expect(library.storagePanel.getByTestId('stat-files')).toHaveText(String(before.file.total))

  await shell.dropFiles([
    { name: 'fits-one.png', size: 300_000, type: 'image/png' },
    { name: 'too-big.mp4', size: 3 * 1024 * 1024, type: 'video/mp4' },
    { name: 'fits-two.jpg', size: 250_000, type: 'image/jpeg' },
  ])

  await expect(library.row('fits-one.png')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await expect(library.row('fits-two.jpg')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await expect(library.row('too-big.mp4')).toHaveAttribute('data-state', 'failed', { timeout: 20_000 })
  await expect(library.row('too-big.mp4').getByTestId('upload-error')).toContainText('Storage is full')

  // The batch's toast sits below the content, not over it: scrolled to its end, the file list's pagination is
  // clear of the toast (a floating stack once covered it).
  const toast = appPage.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first()
  await expect(toast).toBeVisible()
  const pager = library.storedFiles.getByRole('navigation', { name: 'Pagination' })
  await pager.scrollIntoViewIfNeeded()
  const [toastBox, pagerBox] = await Promise.all([toast.boundingBox(), pager.boundingBox()])
  expect(toastBox && pagerBox && overlaps(toastBox, pagerBox)).toBe(false)
  await appPage.getByRole('main').evaluate((main) => main.scrollTo(0, 0))

  // The banner says what is missing and where to go about it.
  await expect(library.storageFullIssue).toContainText('A file did not fit')
  await expect(library.storageFullIssue).toContainText('3 MB')
  await expect(
    library.storageFullIssue.getByRole('link', { name: 'Storage plan and settings' }),
  ).toBeVisible()

  // The statistic refreshed by itself after the completed uploads, and the files are listed.
  await expect(library.storagePanel.getByTestId('stat-files')).toHaveText(String(before.file.total + 2))
  await expect(library.storedFile('fits-one.png')).toBeVisible()
  await expect(library.storedFile('fits-two.jpg')).toBeVisible()
  await expect(library.queue.getByTestId('queue-summary')).toContainText('2 uploaded · 1 failed')

  await screenshotBothThemes(appPage, 'library-after-drop')

  // Clearing the finished rows empties the queue.
  await library.queue.getByRole('button', { name: 'Clear finished' }).click()
  await expect(library.rows).toHaveCount(0)
  await expect(library.queue).toContainText('No uploads yet')
  await screenshotBothThemes(appPage, 'library')

  // By keyboard alone: Tab from the file search reaches a card's checkbox and each of its actions, every one
  // with a visible focus ring; Enter on delete asks first, and Escape gives focus back to the button.
  await library.storedFiles.getByRole('searchbox').focus()
  const card = library.storedFile('fits-one.png')
  const controls = [
    card.getByRole('checkbox'),
    card.getByTestId('file-copy'),
    card.getByTestId('file-open'),
    card.getByTestId('file-delete'),
  ]
  for (const control of controls) {
    for (let i = 0; i < 20 && !(await control.evaluate((el) => el === el.ownerDocument.activeElement)); i++) {
      await appPage.keyboard.press('Tab')
    }
    await expect(control).toBeFocused()
    await expect(control).not.toHaveCSS('outline-style', 'none')
  }
  await appPage.keyboard.press('Enter')
  await expect(appPage.getByRole('dialog')).toContainText('fits-one.png')
  await appPage.keyboard.press('Escape')
  await expect(appPage.getByRole('dialog')).toHaveCount(0)
  await expect(controls[3]!).toBeFocused()

  // Dragging files over the window shows the drop overlay; leaving takes it away.
  await library.dragOver(true)
  await expect(appPage.getByTestId('drop-overlay')).toBeVisible()
  await screenshotBothThemes(appPage, 'library-drop-overlay')
  await library.dragOver(false)
  await expect(appPage.getByTestId('drop-overlay')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('an upload can be cancelled while it waits for the service', async ({ appPage, app }) => {
  const shell = new AppShell(appPage)
  const library = new LibraryPage(appPage)
  await expect(shell.heading('Library')).toBeVisible()
  // Every answer takes 5 s, so the upload is still preparing when the user cancels it.
  app.host.sandbox.setFaults({ latencyMs: 5000 })
  await shell.dropFiles([{ name: 'slow.png', size: 100_000, type: 'image/png' }])
  const row = library.row('slow.png')
  await expect(row).toHaveAttribute('data-state', /queued|preparing|uploading/, { timeout: 10_000 })
  await library.cancel('slow.png')
  await expect(row).toHaveAttribute('data-state', 'cancelled', { timeout: 10_000 })
  await expect(row.getByRole('button', { name: 'Retry slow.png' })).toBeVisible()
  app.host.sandbox.setFaults({})
})
