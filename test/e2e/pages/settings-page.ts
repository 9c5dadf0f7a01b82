// Page object of Settings: profiles (add, switch, test), preferences and About.
import type { Locator, Page } from '@playwright/test'

export class SettingsPage {
  readonly profiles: Locator
  readonly language: Locator
  readonly about: Locator

  constructor(readonly page: Page) {
    this.profiles = page.getByTestId('profile-card')
    this.language = page.getByTestId('language-select').getByRole('combobox')
    this.about = page.getByTestId('about-panel')
  }

  profile(name: string): Locator {
    return this.profiles.filter({ hasText: name })
  }

  async addProfile(values: {
    name: string
    baseUrl: string
    accessKey: string
    secretKey: string
  }): Promise<void> {
    await this.page.getByTestId('profile-add').click()
    const dialog = this.page.getByRole('dialog')
    await dialog.getByLabel('Name').fill(values.name)
    await dialog.getByLabel('Service address').fill(values.baseUrl)
    await dialog.getByLabel('Access key').fill(values.accessKey)
    await dialog.getByLabel('Secret key').fill(values.secretKey)
    await dialog.getByTestId('profile-test').click()
    await dialog.getByTestId('test-result').waitFor()
    await dialog.getByTestId('profile-save').click()
    await dialog.waitFor({ state: 'detached' })
  }
}
