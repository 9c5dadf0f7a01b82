// The start-up checks of the data layer: the real binding loads here and nothing is shown; a binding that
// fails (as node:sqlite's did in Electron 37.2.0) is said in a dialog, in the person's language, and the app
// exits; what the host set aside is told in a dialog each.
import { describe, expect, it } from 'vitest'
import { t } from '../../../common/messages/index'
import { requireSqliteBinding, showDataNotices } from '../../../main/app/database-check'

const quiet = { error: () => undefined }

describe('start-up data checks', () => {
  it('goes on when the real binding loads', () => {
    const shown: string[] = []
    const exits: number[] = []
    const ok = requireSqliteBinding({
      dialog: { showErrorBox: (title) => void shown.push(title) },
      tr: (key, params) => t('en', key, params),
      exit: (code) => void exits.push(code),
      log: quiet,
    })
    expect(ok).toBe(true)
    expect(shown).toEqual([])
    expect(exits).toEqual([])
  })

  it.each(['en', 'id'] as const)('says a binding that cannot load (%s) and exits with 1', (locale) => {
    const shown: Array<[string, string]> = []
    const exits: number[] = []
    const ok = requireSqliteBinding({
      dialog: { showErrorBox: (title, body) => void shown.push([title, body]) },
      tr: (key, params) => t(locale, key, params),
      exit: (code) => void exits.push(code),
      log: quiet,
      check: () => ({ ok: false, problem: 'No such binding: sqlite' }),
    })
    expect(ok).toBe(false)
    expect(exits).toEqual([1])
    expect(shown).toEqual([
      [t(locale, 'data.bindingTitle'), expect.stringContaining('No such binding: sqlite')],
    ])
  })

  it('tells each notice of the host in a dialog', async () => {
    const boxes: Array<{ message?: string; detail?: string }> = []
    await showDataNotices(['The local database was damaged…', 'The settings file could not be read…'], {
      dialog: {
        showMessageBox: async (options: { message?: string; detail?: string }) => boxes.push(options),
      },
      tr: (key) => t('id', key),
    })
    expect(boxes.map((box) => box.detail)).toEqual([
      'The local database was damaged…',
      'The settings file could not be read…',
    ])
    expect(boxes[0]!.message).toBe('Data lokal Anda perlu diperhatikan')
  })

  it.each(['en', 'id'] as const)(
    'says the data folder made private in the person’s language (%s)',
    async (locale) => {
      const boxes: Array<{ detail?: string }> = []
      const made = {
        message: 'Other users of this computer could read Mediadeck’s data folder /home/dian/.mediadeck (…)',
        key: 'data.madePrivate' as const,
        params: { folder: '/home/dian/.mediadeck' },
      }
      await showDataNotices([made], {
        dialog: { showMessageBox: async (options: { detail?: string }) => boxes.push(options) },
        tr: (key, params) => t(locale, key, params),
      })
      expect(boxes.map((box) => box.detail)).toEqual([t(locale, 'data.madePrivate', made.params)])
      expect(boxes[0]!.detail).toContain('/home/dian/.mediadeck')
      if (locale === 'id') expect(boxes[0]!.detail).toContain('sekarang hanya Anda yang dapat membacanya')
    },
  )
})
