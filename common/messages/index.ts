// One catalogue for the texts main shows (tray, menus, dialogs, notifications) in English and Bahasa
// Indonesia. The renderer merges the same objects into vue-i18n as `desktop.*`, so a text is translated once.
// t() reads the subset of vue-i18n's syntax these texts use: `{name}` parameters and "one | other" plurals
// chosen by `count` (vue-i18n's rule for two forms: 1 takes the first, anything else the second).
import en from './en'
import id from './id'

export const MESSAGE_LOCALES = ['en', 'id'] as const
export type MessageLocale = (typeof MESSAGE_LOCALES)[number]

export type Catalogue = typeof en
export const desktopMessages: Record<MessageLocale, Catalogue> = { en, id }

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
export type MessageKey = Leaves<Catalogue>
export type MessageParams = Record<string, string | number>

/** 'system' (or anything unknown) follows the OS language: any Indonesian variant is 'id', the rest 'en'. */
export function resolveMessageLocale(setting: string | undefined, systemLanguage: string): MessageLocale {
  if (setting === 'en' || setting === 'id') return setting
  const system = systemLanguage.toLowerCase()
  // "in" is the pre-1989 ISO code some systems still report for Indonesian.
  return system.startsWith('id') || system.startsWith('in') ? 'id' : 'en'
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

export function t(locale: MessageLocale, key: MessageKey, params: MessageParams = {}): string {
  const text = lookup(desktopMessages[locale], key) ?? lookup(desktopMessages.en, key) ?? key
  const forms = text.split(' | ')
  const count = params.count
  const form =
    forms.length > 1 && typeof count === 'number' ? forms[count === 1 ? 0 : 1]! : forms[forms.length - 1]!
  return form.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  )
}

/** A translator bound to a locale that may change (the language setting), for main's adapters. */
export type Translate = (key: MessageKey, params?: MessageParams) => string

/** The reasons main gives a failure, each a key of the catalogue's `errors`. */
export type ErrorReason = keyof Catalogue['errors']

/**
 * An AppError's `code` and `params` for a reason the renderer words in the person's language, e.g.
 * `new AppError({ kind: 'file', ...errorReason('file-empty'), message: `${path}: file is empty` })`.
 */
export function errorReason(
  code: ErrorReason,
  params?: MessageParams,
): { code: ErrorReason; params?: MessageParams } {
  return params ? { code, params } : { code }
}
