// main's texts come from one catalogue in both languages; the lookup fills parameters and picks plurals as
// vue-i18n does, so the renderer can show the same keys.
import { describe, expect, it } from 'vitest'
import { desktopMessages, resolveMessageLocale, t } from '../../../common/messages/index'
import { UPLOAD_ERROR_CODES } from '../../../common/uploads'

type Tree = { [key: string]: string | Tree }
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  )

describe('message catalogue', () => {
  it('has every key in both languages', () => {
    expect(keys(desktopMessages.id as unknown as Tree).sort()).toEqual(
      keys(desktopMessages.en as unknown as Tree).sort(),
    )
  })

  it('words every code the upload engine gives its failures', () => {
    for (const code of UPLOAD_ERROR_CODES) expect(desktopMessages.id.errors).toHaveProperty([code])
  })

  it('fills parameters and picks the plural form by count', () => {
    expect(t('en', 'tray.uploading', { count: 1 })).toBe('Uploading 1 file')
    expect(t('en', 'tray.uploading', { count: 3 })).toBe('Uploading 3 files')
    expect(t('id', 'tray.uploading', { count: 3 })).toBe('Mengunggah 3 berkas')
    expect(t('en', 'update.readyDetail', { version: '1.2.0' })).toContain('Mediadeck 1.2.0')
    // A missing parameter stays visible rather than becoming "undefined".
    expect(t('en', 'notify.postFailedBody')).toContain('{account}')
  })

  it('follows the language setting, or the OS language for "system"', () => {
    expect(resolveMessageLocale('id', 'en-US')).toBe('id')
    expect(resolveMessageLocale('en', 'id-ID')).toBe('en')
    expect(resolveMessageLocale('system', 'id-ID')).toBe('id')
    expect(resolveMessageLocale('system', 'in')).toBe('id')
    expect(resolveMessageLocale('system', 'fr-FR')).toBe('en')
    expect(resolveMessageLocale(undefined, 'id')).toBe('id')
  })
})
