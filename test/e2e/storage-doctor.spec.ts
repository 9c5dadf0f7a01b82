// The Storage doctor through the browser mode on the sandbox: a refused upload opens it by itself, it lists the
// file nothing uses (not the demo files scheduled posts use), "Make X free" leaves it out as uploaded in the last
// 7 days until included, then chooses it and lists it in the page's flow, and one confirmation deletes it. Also
// its axe audit in both themes and its screenshots (1280 and 900 px, both themes and languages).
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { embeddedSandboxConfig } from '../../main/host/embedded-sandbox'
import { AppShell } from './pages/app-shell'
import { LibraryPage } from './pages/library-page'
import { auditInBothThemes } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import { screenshotsInEveryLook } from './support/screenshots'

// A 2 MiB plan, as in library.spec.ts: a 3 MiB file is refused.
const demo = embeddedSandboxConfig()
test.use({
  browserModeOptions: {
    hostOptions: {
      sandbox: { config: { ...demo, users: [{ ...demo.users[0]!, storageLimit: 2 * 1024 * 1024 }] } },
    },
  },
})

/** A file stored and left unused, then one refused for lack of room: the doctor opens by itself. */
async function refusedUpload(appPage: Page) {
  const shell = new AppShell(appPage)
  const library = new LibraryPage(appPage)
  await expect(shell.heading('Library')).toBeVisible()
  await shell.dropFiles([{ name: 'left-over.png', size: 1_200_000, type: 'image/png' }])
  await expect(library.row('left-over.png')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await shell.dropFiles([{ name: 'too-big.mp4', size: 3 * 1024 * 1024, type: 'video/mp4' }])
  await expect(library.row('too-big.mp4')).toHaveAttribute('data-state', 'failed', { timeout: 20_000 })
  const doctor = appPage.getByTestId('storage-doctor')
  await expect(doctor.getByTestId('doctor-file')).toHaveCount(1, { timeout: 20_000 })
  return doctor
}

/** "Make 1 MB free", the last days' uploads included: the one unused file, uploaded just now, is chosen. */
async function chooseTheRecentFile(doctor: Locator) {
  await doctor.getByTestId('doctor-include-recent').check()
  await doctor.getByTestId('doctor-amount').fill('1')
  await doctor.getByTestId('doctor-pick').click()
  await expect(doctor.getByTestId('doctor-chosen-file')).toHaveCount(1)
}

test('a storage-full refusal opens the doctor, which frees space with the unused file only', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const doctor = await refusedUpload(appPage)
  await expect(doctor.getByTestId('doctor-reason')).toContainText('storage is full')
  await expect(doctor.getByTestId('doctor-file')).toContainText('left-over.png')
  await expect(doctor.getByTestId('doctor-blind-spot')).toBeVisible()
  // The default amount is what must be free for the refused upload (3 MiB), as `storage free 3M` would be asked.
  await expect(doctor.getByTestId('doctor-amount')).toHaveValue('3')
  // The one unused file was uploaded a moment ago: left out unless included.
  await doctor.getByTestId('doctor-pick').click()
  await expect(doctor.getByTestId('doctor-not-enough')).toContainText('uploaded in the last 7 days')
  await expect(doctor.getByTestId('doctor-chosen')).toHaveCount(0)
  await doctor.getByTestId('doctor-include-recent').check()
  await doctor.getByTestId('doctor-pick').click()
  await expect(doctor.getByTestId('doctor-not-enough')).toContainText('1.1 MB')
  await chooseTheRecentFile(doctor)
  await expect(doctor.getByRole('checkbox', { name: 'Select left-over.png' })).toBeChecked()
  // What goes is read in the page's flow, not in the scrolled list.
  await expect(doctor.getByTestId('doctor-chosen')).toContainText('left-over.png')
  await expect(doctor.getByTestId('doctor-chosen')).toBeInViewport()

  const before = await app.host.call('storage:stats')
  await doctor.getByTestId('doctor-delete').click()
  await appPage.getByRole('dialog').getByTestId('confirm').click()
  await expect(doctor.getByTestId('doctor-empty')).toBeVisible()
  const after = await app.host.call('storage:stats')
  expect(after.file.total).toBe(before.file.total - 1)
  expect(consoleErrors).toEqual([])
})

test('axe: no serious or critical finding in the doctor with its chosen files, both themes', async ({
  appPage,
}) => {
  test.setTimeout(axeTimeout(2))
  const doctor = await refusedUpload(appPage)
  await chooseTheRecentFile(doctor)
  const findings = await auditInBothThemes(appPage, 'storage doctor, files chosen')
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

// Pictures for a person to look at, compared with nothing: `npm run screenshots`, not `npm test`.
test(
  'screenshots of the doctor with its chosen files at 1280 and 900 px, light and dark, English and Indonesian',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(120_000)
    const doctor = await refusedUpload(appPage)
    await chooseTheRecentFile(doctor)
    await doctor.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await screenshotsInEveryLook(appPage, app, join('.test-results', 'screenshots'), 'storage-doctor-chosen')
  },
)
