import { describe, expect, it } from 'vitest'
import { APP_LOCALES, collectMessages, resolveLocale } from '../../../renderer/i18n'
import { formatDuration, formatRelative, formatSince } from '../../../renderer/lib/format'
import { parseAutomationsQuery, toAutomationsQuery } from '../../../renderer/lib/automations-query'
import { fileKind } from '../../../renderer/lib/file-kind'

type Tree = { [key: string]: string | Tree }

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  )
}

describe('locales', () => {
  const messages = collectMessages(
    import.meta.glob<{ default: Record<string, unknown> }>('../../../renderer/i18n/locales/*/*.ts', {
      eager: true,
    }),
  )

  it('merges one module per area', () => {
    expect(Object.keys(messages.en)).toEqual(
      expect.arrayContaining(['common', 'library', 'automations', 'settings']),
    )
  })

  it('has every English string in Bahasa Indonesia too (all areas, including ones added later)', () => {
    const en = keys(messages.en as Tree).sort()
    const id = keys(messages.id as Tree).sort()
    expect(id).toEqual(en)
  })

  it('has no empty strings and no vue-i18n link character by accident', () => {
    for (const locale of APP_LOCALES) {
      for (const key of keys(messages[locale] as Tree)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], messages[locale])
        expect(value, `${locale}:${key}`).not.toBe('')
        // {'@'} is vue-i18n's literal interpolation, the written way to show an @ (a bare one starts a link)
        expect(String(value).replaceAll("{'@'}", ''), `${locale}:${key}`).not.toMatch(/@/)
      }
    }
  })

  it('resolves the system language: Indonesian variants to id, the rest to en', () => {
    expect(resolveLocale('system', 'id-ID')).toBe('id')
    expect(resolveLocale('system', 'in')).toBe('id')
    expect(resolveLocale('system', 'en-US')).toBe('en')
    expect(resolveLocale('system', 'de')).toBe('en')
    expect(resolveLocale('id', 'en-US')).toBe('id')
  })
})

describe('formatting', () => {
  it('formats durations with the two largest units', () => {
    expect(formatDuration(42, 'en')).toBe('42 sec')
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min')
  })

  it('formats relative times', () => {
    expect(formatRelative('2026-01-01T00:00:00Z', 'en', Date.parse('2026-01-01T00:05:00Z'))).toBe(
      '5 minutes ago',
    )
    // A time ahead is said as ahead; a past stamp never is.
    expect(formatRelative('2026-01-01T00:00:02Z', 'en', Date.parse('2026-01-01T00:00:00Z'))).toBe(
      'in 2 seconds',
    )
    expect(formatSince('2026-01-01T00:00:02Z', 'en', Date.parse('2026-01-01T00:00:00Z'))).toBe('now')
    expect(formatSince('2026-01-01T00:00:00Z', 'id', Date.parse('2026-01-01T00:05:00Z'))).toBe(
      '5 menit yang lalu',
    )
  })

  it('guesses the file kind from the type, then the extension', () => {
    expect(fileKind('video/mp4')).toBe('video')
    expect(fileKind(null, 'a.JPG')).toBe('image')
    expect(fileKind('application/pdf')).toBe('document')
    expect(fileKind(null, 'archive.zip')).toBe('file')
  })
})

describe('automations URL state', () => {
  it('round-trips and leaves defaults out', () => {
    const state = { page: 3, limit: 50, accountIds: ['a', 'b'], search: 'kopi', open: 'auto-1' }
    const query = toAutomationsQuery(state)
    expect(query).toEqual({ page: '3', limit: '50', accounts: 'a,b', search: 'kopi', open: 'auto-1' })
    expect(parseAutomationsQuery(query as Record<string, string>)).toEqual(state)
    expect(toAutomationsQuery({ page: 1, limit: 20, accountIds: [], search: '', open: null })).toEqual({})
  })

  it('repairs a hand-edited URL', () => {
    expect(parseAutomationsQuery({ page: '-4', limit: '7', accounts: ['a', 'a,b'] })).toEqual({
      page: 1,
      limit: 20,
      accountIds: ['a', 'b'],
      search: '',
      open: null,
    })
  })
})
