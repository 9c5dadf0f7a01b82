// Settings through the browser mode: switch the language (every area follows), add a profile for the same
// sandbox with its keys, test it, switch to it and back, and see the shell follow.
import { AppShell } from './pages/app-shell'
import { screenshotBothThemes } from './pages/screenshots'
import { SettingsPage } from './pages/settings-page'
import { expect, test } from './support/browser-mode'

test('switches the language to Bahasa Indonesia and back', async ({ appPage, consoleErrors }) => {
  const shell = new AppShell(appPage)
  const settings = new SettingsPage(appPage)
  await shell.open('Settings')
  await screenshotBothThemes(appPage, 'settings')
  await settings.language.selectOption({ label: 'Bahasa Indonesia' })
  // The shell's navigation is named by its label, which is translated too.
  const navigation = appPage.getByRole('navigation', { name: 'Utama' })
  await expect(appPage.getByRole('heading', { level: 1, name: 'Pengaturan' })).toBeVisible()
  await expect(appPage.locator('html')).toHaveAttribute('lang', 'id')
  await expect(navigation.getByRole('link', { name: 'Pustaka' })).toBeVisible()
  await expect(navigation.getByRole('link', { name: 'Otomasi' })).toBeVisible()
  await screenshotBothThemes(appPage, 'settings-id')

  // Other areas follow, numbers included.
  await navigation.getByRole('link', { name: 'Pustaka' }).click()
  await expect(appPage.getByRole('heading', { level: 1, name: 'Pustaka' })).toBeVisible()
  await expect(appPage.getByRole('button', { name: 'Tambah berkas' })).toBeVisible()
  await screenshotBothThemes(appPage, 'library-id')

  // The choice is saved: a reload keeps it.
  await appPage.reload()
  await expect(appPage.getByRole('heading', { level: 1, name: 'Pustaka' })).toBeVisible()

  // Automations in Bahasa Indonesia: the longer words must fit the rows and the detail panel.
  await navigation.getByRole('link', { name: 'Otomasi' }).click()
  await expect(appPage.getByRole('heading', { level: 1, name: 'Otomasi' })).toBeVisible()
  const rows = appPage.getByTestId('automation-row')
  await expect(rows.first()).toBeVisible()
  await rows.first().getByRole('link').click()
  await expect(
    appPage.getByTestId('automation-detail').getByRole('button', { name: 'Seperti dikirim layanan' }),
  ).toBeVisible()
  await screenshotBothThemes(appPage, 'automations-id')

  await navigation.getByRole('link', { name: 'Pengaturan' }).click()
  await settings.language.selectOption({ label: 'English' })
  await expect(appPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('the theme setting overrides the system one', async ({ appPage }) => {
  const shell = new AppShell(appPage)
  await shell.open('Settings')
  await appPage.emulateMedia({ colorScheme: 'light' })
  await appPage.getByTestId('theme-select').getByText('Dark').click()
  await expect(appPage.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(appPage.locator('body')).toHaveCSS('background-color', 'rgb(18, 20, 25)')
  await appPage.getByTestId('theme-select').getByText('System').click()
  await expect(appPage.locator('html')).not.toHaveAttribute('data-theme', /.+/)
  await expect(appPage.locator('body')).toHaveCSS('background-color', 'rgb(246, 247, 249)')
})

test('adds a profile, tests it, switches to it and back', async ({ appPage, app, consoleErrors }) => {
  const shell = new AppShell(appPage)
  const settings = new SettingsPage(appPage)
  await shell.open('Settings')
  await expect(settings.profiles).toHaveCount(1)
  await expect(shell.sandboxBadge).toBeVisible()

  const { accessKey, secretKey } = app.host.sandbox.credentials
  await settings.addProfile({ name: 'Shop keys', baseUrl: app.host.sandbox.url, accessKey, secretKey })
  await expect(settings.profiles).toHaveCount(2)

  await settings.profile('Shop keys').getByTestId('profile-test-saved').click()
  await expect(appPage.getByTestId('test-result')).toContainText('The keys work')

  await settings.profile('Shop keys').getByTestId('profile-activate').click()
  await expect(settings.profile('Shop keys')).toContainText('Active')
  await expect(appPage.getByTestId('active-profile-name')).toHaveText('Shop keys')
  await expect(appPage.getByTestId('sandbox-badge')).toHaveCount(0)
  await expect(appPage.getByTestId('connection-status')).toHaveAttribute('data-status', 'online', {
    timeout: 15_000,
  })
  await screenshotBothThemes(appPage, 'settings-service-profile')

  // The same storage answers through the new profile.
  await shell.open('Library')
  await expect(appPage.getByTestId('stat-files')).toHaveText(
    String((await app.host.call('storage:stats')).file.total),
  )

  await shell.open('Settings')
  await settings.profile('Sandbox').getByTestId('profile-activate').click()
  await expect(appPage.getByTestId('active-profile-name')).toHaveText('Sandbox')
  await expect(shell.sandboxBadge).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('keyboard only: skip link, areas by Tab, a visible focus ring, dialogs close with Escape', async ({
  appPage,
}) => {
  await appPage.getByRole('heading', { level: 1, name: 'Library' }).waitFor()
  await appPage.keyboard.press('Tab')
  const skip = appPage.getByRole('button', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()

  // Tab on to the Settings link and open it with Enter.
  const settingsLink = appPage.getByRole('link', { name: 'Settings', exact: true })
  for (
    let i = 0;
    i < 10 && !(await settingsLink.evaluate((el) => el === el.ownerDocument.activeElement));
    i++
  ) {
    await appPage.keyboard.press('Tab')
  }
  await expect(settingsLink).toBeFocused()
  await expect(settingsLink).not.toHaveCSS('outline-style', 'none')
  await appPage.keyboard.press('Enter')
  await expect(appPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  // A dialog takes focus and gives it back on Escape.
  const add = appPage.getByTestId('profile-add')
  await add.focus()
  await appPage.keyboard.press('Enter')
  await expect(appPage.getByRole('dialog').getByLabel('Name')).toBeFocused()
  await appPage.keyboard.press('Escape')
  await expect(appPage.getByRole('dialog')).toHaveCount(0)
  await expect(add).toBeFocused()
})
