// Texts main produces reach the page in the app's language: in browser mode, with Bahasa Indonesia chosen in
// Settings, a file main refuses is named with main's reason from the shared catalogue (common/messages
// `errors.*`), and a post the service failed shows the service's reason in Indonesian, not English.
import { AppShell } from './pages/app-shell'
import { LibraryPage } from './pages/library-page'
import { SettingsPage } from './pages/settings-page'
import { expect, test } from './support/browser-mode'

test('main refuses an empty file in Bahasa Indonesia, after the language is switched', async ({
  appPage,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  await shell.open('Settings')
  await new SettingsPage(appPage).language.selectOption({ label: 'Bahasa Indonesia' })
  await expect(appPage.getByRole('heading', { level: 1, name: 'Pengaturan' })).toBeVisible()

  await appPage.getByRole('link', { name: 'Pustaka' }).click()
  await shell.dropFiles([
    { name: 'kosong.png', size: 0, type: 'image/png' },
    { name: 'foto.png', size: 2048, type: 'image/png' },
  ])
  // The file went through main (the browser mode's intake, then the engine's probe), which refused it.
  const details = appPage.getByTestId('toast-details')
  await expect(details).toContainText('kosong.png')
  await expect(details).toContainText('Berkasnya kosong.')
  await expect(details).not.toContainText('file is empty')
  await expect(new LibraryPage(appPage).row('foto.png')).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('a failed post shows the service’s reason in Bahasa Indonesia', async ({ appPage, app }) => {
  await app.host.call('settings:update', { language: 'id' })
  await appPage.reload()
  await appPage.getByRole('link', { name: 'Perencana' }).click()
  const failed = appPage.getByTestId('planner-failed')
  await expect(failed).toContainText('Akun Batik Lestari (Threads) terputus: hubungkan lagi, lalu coba lagi.')
  await expect(failed).not.toContainText('is disconnected')
})
