import { watchEffect } from 'vue'
import { useI18n } from 'vue-i18n'
import { useAppStore } from '../stores/app'

/**
 * Applies the language and theme settings to the document. Theme "system" leaves <html> without data-theme so
 * the CSS follows prefers-color-scheme by itself; light/dark set it and win over the OS.
 */
export function usePreferences() {
  const app = useAppStore()
  const { locale } = useI18n({ useScope: 'global' })

  watchEffect(() => {
    locale.value = app.locale
    document.documentElement.lang = app.locale
  })

  watchEffect(() => {
    const root = document.documentElement
    if (app.settings.theme === 'system') delete root.dataset.theme
    else root.dataset.theme = app.settings.theme
  })
}
