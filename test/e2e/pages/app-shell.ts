// Page object of the app shell: the navigation, the sandbox badge, the connection status in the sidebar, the
// storage figure and the upload queue,
// found by role and text as a user (or a screen reader) finds them.
import type { Locator, Page } from '@playwright/test'
import type { PageGlobals } from '../support/page-globals'

export const AREAS = ['Library', 'Automations', 'Activity', 'Planner', 'Inbox', 'Settings'] as const
export type Area = (typeof AREAS)[number]

export class AppShell {
  readonly navigation: Locator
  readonly sandboxBadge: Locator
  readonly connection: Locator
  readonly storage: Locator
  readonly uploads: Locator

  constructor(readonly page: Page) {
    // The navigation that holds the area links (the file list has its own pagination navigation).
    this.navigation = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'Library' }) })
    this.sandboxBadge = page
      .getByTestId('sandbox-badge')
      .or(page.getByText(/sandbox mode/i))
      .first()
    this.connection = page.getByTestId('connection-status')
    this.storage = page.getByRole('region', { name: 'Storage', exact: true })
    this.uploads = page.getByRole('region', { name: 'Uploads' }).or(page.getByTestId('upload-queue')).first()
  }

  link(area: Area): Locator {
    return this.navigation.getByRole('link', { name: area })
  }

  heading(area: Area): Locator {
    return this.page.getByRole('heading', { level: 1, name: area })
  }

  async open(area: Area): Promise<void> {
    await this.link(area).click()
  }

  /** Drops files on the window the way a user's drag and drop does (a DataTransfer of File objects). */
  async dropFiles(files: Array<{ name: string; size: number; type: string }>): Promise<void> {
    await this.page.evaluate((specs) => {
      const page = globalThis as unknown as PageGlobals
      const transfer = new page.DataTransfer()
      for (const spec of specs) {
        transfer.items.add(new File([new Uint8Array(spec.size).fill(7)], spec.name, { type: spec.type }))
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        page.dispatchEvent(
          new page.DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        )
      }
    }, files)
  }
}
