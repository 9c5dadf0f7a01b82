// Page object of Automations: filters (accounts, search), the list, pagination and the detail panel.
import type { Locator, Page } from '@playwright/test'

export class AutomationsPage {
  readonly rows: Locator
  readonly titles: Locator
  readonly accountFilter: Locator
  readonly search: Locator
  readonly range: Locator
  readonly next: Locator
  readonly previous: Locator
  readonly detail: Locator

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('automation-row')
    this.titles = page.getByTestId('automation-title')
    this.accountFilter = page.getByTestId('account-filter')
    this.search = page.getByRole('searchbox', { name: 'Search automations' })
    this.range = page.getByTestId('page-range')
    this.next = page.getByRole('button', { name: 'Next page' })
    this.previous = page.getByRole('button', { name: 'Previous page' })
    this.detail = page.getByTestId('automation-detail')
  }

  async chooseAccount(name: string): Promise<void> {
    await this.accountFilter.getByRole('button').first().click()
    await this.accountFilter.getByRole('checkbox', { name }).check()
    await this.page.keyboard.press('Escape')
  }

  rule(name: string): Locator {
    return this.detail.locator(`section[data-rule="${name}"]`)
  }
}
