// Files into the real app the two ways a person brings them, and up to the sandbox: picked in the native
// dialog, and dropped from the desktop. The dialog cannot be driven by a test, so main's dialog.showOpenDialog
// is replaced with one that answers as a person choosing the file would; everything after it is the app's
// own (files:pick, the grant, the upload engine). A drop is where Electron differs from the browser mode: the
// preload reads each File's path on disk with webUtils.getPathForFile, which a File made in memory has not.
// It needs the Electron binary: where that cannot be downloaded it skips and says why.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { LibraryPage } from './pages/library-page'
import { launchElectronApp, type LaunchedApp } from './support/electron-app'
import { ELECTRON_SKIP_REASON, electronBinary } from './support/electron-binary'
import type { PageFileInput, PageGlobals } from './support/page-globals'

const binary = electronBinary()
// A 1×1 PNG, so the file is what its name says.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const INPUT_ID = 'e2e-desktop-files'

test.describe('Electron app: files from the desktop', () => {
  test.skip(binary === undefined, ELECTRON_SKIP_REASON)

  let launched: LaunchedApp
  let filesDir: string
  test.beforeEach(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'mediadeck-electron-files-'))
    launched = await launchElectronApp(binary!, 'mediadeck-electron-files-data-')
  })
  test.afterEach(async () => {
    await launched.quit()
    launched.removeData()
    rmSync(filesDir, { recursive: true, force: true })
  })

  test('a file picked in the native dialog (stubbed in main) uploads to the sandbox', async () => {
    const file = join(filesDir, 'picked-in-electron.png')
    writeFileSync(file, PNG)
    await launched.app.evaluate(({ dialog }, path) => {
      dialog.showOpenDialog = (async () => ({
        canceled: false,
        filePaths: [path],
      })) as unknown as typeof dialog.showOpenDialog
    }, file)
    const page = await launched.app.firstWindow()
    const library = new LibraryPage(page)
    await expect(new AppShell(page).heading('Library')).toBeVisible()
    await library.addFiles.click()
    await expect(library.row('picked-in-electron.png')).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    })
    const stored = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).mediadeck.storage.files({
        page: 1,
        limit: 20,
        search: 'picked-in-electron',
      }),
    )
    expect(stored.docs.map((f) => f.filename)).toEqual(['picked-in-electron.png'])
  })

  test('a file dropped from the desktop is read at its path on disk and uploads', async () => {
    const file = join(filesDir, 'dropped-in-electron.png')
    writeFileSync(file, PNG)
    const page = await launched.app.firstWindow()
    const library = new LibraryPage(page)
    await expect(new AppShell(page).heading('Library')).toBeVisible()
    // A file input holds Files backed by the disk, as a drag from the desktop does.
    await page.evaluate((id) => {
      const g = globalThis as unknown as PageGlobals
      const input = g.document.createElement('input')
      input.type = 'file'
      input.id = id
      input.hidden = true
      g.document.body.append(input)
    }, INPUT_ID)
    await page.locator(`#${INPUT_ID}`).setInputFiles(file)

    // The preload's webUtils.getPathForFile gives main the file's own path; a File made in memory has none,
    // and nothing is granted for it.
    const { fromDisk, fromMemory } = await page.evaluate(async (id) => {
      const g = globalThis as unknown as PageGlobals
      const input = g.document.getElementById(id) as PageFileInput
      return {
        fromDisk: await g.mediadeck.files.fromDrop(Array.from(input.files ?? [])),
        fromMemory: await g.mediadeck.files.fromDrop([new File([new Uint8Array(4)], 'memory.png')]),
      }
    }, INPUT_ID)
    expect(fromDisk).toHaveLength(1)
    expect(fromDisk[0]).toMatchObject({ name: 'dropped-in-electron.png', size: PNG.length })
    // As written, or resolved (macOS's /var is /private/var; Windows' temp folder may be an 8.3 short name).
    expect([file, realpathSync(file), realpathSync.native(file)]).toContain(fromDisk[0]!.path)
    expect(fromMemory).toEqual([])

    // The same Files dropped on the window: the app's own drop handling uploads them.
    await page.evaluate((id) => {
      const g = globalThis as unknown as PageGlobals
      const input = g.document.getElementById(id) as PageFileInput
      const transfer = new g.DataTransfer()
      for (const picked of Array.from(input.files ?? [])) transfer.items.add(picked)
      for (const type of ['dragenter', 'dragover', 'drop'])
        g.dispatchEvent(new g.DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
    }, INPUT_ID)
    await expect(library.row('dropped-in-electron.png')).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    })
  })
})
