// vue-i18n in composition mode. Messages are split per locale and per area (locales/<locale>/<area>.ts, each
// exporting its messages as default) and merged here by file name, so a new area is one new file per locale:
// `locales/en/planner.ts` becomes the `planner.*` keys.
import { createI18n } from 'vue-i18n'
import type { LanguageSetting } from '../../common/app-state'
import { desktopMessages } from '../../common/messages/index'

export const APP_LOCALES = ['en', 'id'] as const
export type AppLocale = (typeof APP_LOCALES)[number]
export const FALLBACK_LOCALE: AppLocale = 'en'

type Messages = Record<string, unknown>

const modules = import.meta.glob<{ default: Messages }>('./locales/*/*.ts', { eager: true })

export function collectMessages(files: Record<string, { default: Messages }>): Record<AppLocale, Messages> {
  // main's texts (tray, dialogs, notifications) live in common/ so both processes share them: `desktop.*`.
  const messages: Record<AppLocale, Messages> = {
    en: { desktop: desktopMessages.en },
    id: { desktop: desktopMessages.id },
  }
  for (const [path, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.ts$/.exec(path)
    if (!match) continue
    const [, locale, area] = match as unknown as [string, string, string]
    if (!(APP_LOCALES as readonly string[]).includes(locale)) continue
    messages[locale as AppLocale][area] = module.default
  }
  return messages
}

/** 'system' follows the OS/browser language: any Indonesian variant gets Bahasa Indonesia, the rest English. */
export function resolveLocale(
  setting: LanguageSetting,
  systemLanguage: string = navigator.language,
): AppLocale {
  if (setting === 'en' || setting === 'id') return setting
  return systemLanguage.toLowerCase().startsWith('id') || systemLanguage.toLowerCase().startsWith('in')
    ? 'id'
    : 'en'
}

export function createAppI18n(locale: AppLocale = resolveLocale('system')) {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: FALLBACK_LOCALE,
    // Nested objects of strings; vue-i18n's own message type cannot express "any area file", hence the cast.
    messages: collectMessages(modules) as Record<AppLocale, Record<string, string>>,
    // A missing Indonesian key falls back to English silently; the locale tests catch missing keys instead.
    fallbackWarn: false,
    missingWarn: import.meta.env.DEV,
  })
}

export type AppI18n = ReturnType<typeof createAppI18n>
