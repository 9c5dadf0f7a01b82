import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppInfo, CrashReport, Settings } from '../../common/app-state'
import { DEFAULT_SETTINGS } from '../../common/app-state'
import type { CallRequest } from '../../common/contract'
import type { AppRoute } from '../../common/routes'
import { resolveLocale } from '../i18n'
import { mediadeck } from '../lib/mediadeck'

/** App info and the settings (concurrency, language, theme), with the language and theme they resolve to. */
export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const settings = ref<Settings>({ ...DEFAULT_SETTINGS })
  const loaded = ref(false)
  const systemLanguage = ref(typeof navigator === 'undefined' ? 'en' : navigator.language)
  const systemPrefersDark = ref(false)

  const locale = computed(() => resolveLocale(settings.value.language, systemLanguage.value))
  const theme = computed<'light' | 'dark'>(() =>
    settings.value.theme === 'system' ? (systemPrefersDark.value ? 'dark' : 'light') : settings.value.theme,
  )

  async function load() {
    const [appInfo, current] = await Promise.all([mediadeck().app.info(), mediadeck().settings.get()])
    info.value = appInfo
    settings.value = current
    loaded.value = true
  }

  async function updateSettings(patch: CallRequest<'settings:update'>) {
    // Optimistic, so a theme or language switch is instant; main's answer (or its event) is the truth.
    const previous = settings.value
    settings.value = { ...settings.value, ...patch }
    try {
      settings.value = await mediadeck().settings.update(patch)
    } catch (error) {
      settings.value = previous
      throw error
    }
  }

  function subscribe(): () => void {
    const stopSettings = mediadeck().settings.onChanged((next) => (settings.value = next))
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null
    systemPrefersDark.value = media?.matches ?? false
    const onMedia = (event: MediaQueryListEvent) => (systemPrefersDark.value = event.matches)
    media?.addEventListener('change', onMedia)
    const onLanguage = () => (systemLanguage.value = navigator.language)
    window.addEventListener('languagechange', onLanguage)
    return () => {
      stopSettings()
      media?.removeEventListener('change', onMedia)
      window.removeEventListener('languagechange', onLanguage)
    }
  }

  async function openExternal(url: string) {
    await mediadeck().app.openExternal({ url })
  }

  /** The crash reports main kept; none when they cannot be read (they are only shown in About). */
  const crashReports = () =>
    mediadeck()
      .app.crashReports()
      .catch((): CrashReport[] => [])
  const diagnostics = () => mediadeck().app.diagnostics()
  /** Main sends the window somewhere: a clicked notification, a mediadeck:// link. */
  const onNavigate = (go: (route: AppRoute) => void) => mediadeck().app.onNavigate(go)

  return {
    info,
    settings,
    loaded,
    locale,
    theme,
    systemLanguage,
    systemPrefersDark,
    load,
    updateSettings,
    subscribe,
    openExternal,
    crashReports,
    diagnostics,
    onNavigate,
  }
})
