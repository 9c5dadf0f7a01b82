// Page object of the Library: the upload queue, its actionable banners, the storage panel and the file grid.
import type { Locator, Page } from '@playwright/test'
import type { PageGlobals } from '../support/page-globals'

export class LibraryPage {
  readonly addFiles: Locator
  readonly queue: Locator
  readonly rows: Locator
  readonly storagePanel: Locator
  readonly storedFiles: Locator
  readonly storageFullIssue: Locator

  constructor(readonly page: Page) {
    this.addFiles = page.getByRole('button', { name: 'Add files' })
    this.queue = page.getByTestId('upload-queue')
    this.rows = page.getByTestId('upload-row')
    this.storagePanel = page.getByRole('region', { name: 'Storage', exact: true })
    this.storedFiles = page.getByTestId('stored-files')
    this.storageFullIssue = page.getByTestId('issue-storage-full')
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name })
  }

  storedFile(name: string): Locator {
    return this.storedFiles.getByTestId('stored-file').filter({ hasText: name })
  }

  /** Starts dragging files over the window without dropping them (the overlay shows), or ends the drag. */
  async dragOver(active: boolean): Promise<void> {
    await this.page.evaluate((start) => {
      const page = globalThis as unknown as PageGlobals
      const transfer = new page.DataTransfer()
      transfer.items.add(new File([new Uint8Array(1)], 'preview.png', { type: 'image/png' }))
      page.dispatchEvent(
        new page.DragEvent(start ? 'dragenter' : 'dragleave', {
          dataTransfer: transfer,
          bubbles: true,
          cancelable: true,
        }),
      )
    }, active)
  }

  async cancel(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Cancel ${name}` })
      .click()
  }
}
