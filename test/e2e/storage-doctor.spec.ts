// The Storage doctor through the browser mode on the sandbox: a refused upload opens it by itself, it lists the
// file nothing uses (not the demo files scheduled posts use), "Free X" selects it, one confirmation deletes it.
import { embeddedSandboxConfig } from '../../main/host/embedded-sandbox'
import { AppShell } from './pages/app-shell'
import { LibraryPage } from './pages/library-page'
import { screenshotBothThemes } from './pages/screenshots'
import { expect, test } from './support/browser-mode'

// A 2 MiB plan, as in library.spec.ts: a 3 MiB file is refused.
const demo = embeddedSandboxConfig()
test.use({
  browserModeOptions: {
    hostOptions: {
      sandbox: { config: { ...demo, users: [{ ...demo.users[0]!, storageLimit: 2 * 1024 * 1024 }] } },
    },
  },
})

test('a storage-full refusal opens the doctor, which frees space with the unused file only', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  const library = new LibraryPage(appPage)
  const doctor = appPage.getByTestId('storage-doctor')
  await expect(shell.heading('Library')).toBeVisible()

  await shell.dropFiles([{ name: 'left-over.png', size: 1_200_000, type: 'image/png' }])
  await expect(library.row('left-over.png')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await shell.dropFiles([{ name: 'too-big.mp4', size: 3 * 1024 * 1024, type: 'video/mp4' }])
  await expect(library.row('too-big.mp4')).toHaveAttribute('data-state', 'failed', { timeout: 20_000 })

  await expect(doctor.getByTestId('doctor-reason')).toContainText('storage is full')
  await expect(doctor.getByTestId('doctor-file')).toHaveCount(1, { timeout: 20_000 })
  await expect(doctor.getByTestId('doctor-file')).toContainText('left-over.png')
  await expect(doctor.getByTestId('doctor-blind-spot')).toBeVisible()
  // The default amount is what the refused upload misses; the one unused file cannot free that much.
  await expect(doctor.getByTestId('doctor-amount')).toHaveValue('3')
  await doctor.getByTestId('doctor-pick').click()
  await expect(doctor.getByTestId('doctor-not-enough')).toContainText('1.1 MB')
  await doctor.getByTestId('doctor-amount').fill('1')
  await doctor.getByTestId('doctor-pick').click()
  await expect(doctor.getByRole('checkbox', { name: 'Select left-over.png' })).toBeChecked()
  await screenshotBothThemes(appPage, 'storage-doctor')

  const before = await app.host.call('storage:stats')
  await doctor.getByTestId('doctor-delete').click()
  await appPage.getByRole('dialog').getByTestId('confirm').click()
  await expect(doctor.getByTestId('doctor-empty')).toBeVisible()
  const after = await app.host.call('storage:stats')
  expect(after.file.total).toBe(before.file.total - 1)
  expect(consoleErrors).toEqual([])
})
