// A smoke test of the data layer in the real app: Electron's main process loads node:sqlite (it regressed once,
// "No such binding: sqlite" in Electron 37.2.0, electron/electron#47671), opens the data folder's database,
// and a draft saved through the window is a row of it after the app quit. It needs the Electron binary: where
// that cannot be downloaded it skips and says why.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, test } from '@playwright/test'
import type { PageGlobals } from './support/page-globals'
import { launchElectronApp } from './support/electron-app'
import { ELECTRON_SKIP_REASON, electronBinary } from './support/electron-binary'

const binary = electronBinary()

test.describe('Electron app and its database', () => {
  test.skip(binary === undefined, ELECTRON_SKIP_REASON)

  test('main loads node:sqlite, opens the database, and a saved draft is a row of it', async () => {
    const launched = await launchElectronApp(binary!, 'mediadeck-electron-db-')
    const { app, dataDir } = launched
    try {
      // In Electron's main process, with Electron's own Node.
      const version = await app.evaluate(async () => {
        const { DatabaseSync: Database } = await import('node:sqlite')
        const db = new Database(':memory:')
        const row = db.prepare('SELECT sqlite_version() AS v').get() as { v: string }
        db.close()
        return row.v
      })
      expect(version).toMatch(/^3\./)
      const page = await app.firstWindow()
      const saved = await page.evaluate(() =>
        (globalThis as unknown as PageGlobals).mediadeck.drafts.save({
          post: {
            title: 'smoke',
            description: 'saved through the window',
            type: 'text',
            medias: [],
            meta: { title: '', description: '', url: '' },
            additionalInfo: {
              isAiGenerated: false,
              isDraft: false,
              isAutoAddMusic: false,
              collaborators: [],
              music: { id: '', artist: '', name: '', thumbnail: '', volume: { video: 100, music: 100 } },
              products: [],
              tags: [],
              mentions: [],
              link: '',
              targetCountries: [],
            },
            replies: [],
            topic: '',
            accountId: '',
            scheduleAt: '',
          },
          localMedia: [],
        }),
      )
      expect(saved.revision).toBe(1)
    } finally {
      await launched.quit()
    }
    const db = new DatabaseSync(join(dataDir, 'mediadeck.db'))
    expect(
      db.prepare("SELECT count(*) AS n FROM drafts WHERE body LIKE '%saved through the window%'").get(),
    ).toEqual({
      n: 1,
    })
    db.close()
    launched.removeData()
  })
})
