import { useI18n } from 'vue-i18n'
import { HOST_STOPPED_CODE } from '../../common/app-state'
import type { AppErrorData } from '../../common/errors'
import { NO_COPY_CODE } from '../../common/freshness'
import { useFormat } from './use-format'

/**
 * Turns an AppErrorData into words a person can act on. A `code` main words in common/messages (`errors.*`)
 * is said in the person's language; otherwise the service's own message is shown only for kinds where it adds
 * something (validation, internal, file), and for the rest the kind decides the text.
 */
export function useErrorText() {
  const { t, te } = useI18n()
  const { bytes, dateTime } = useFormat()

  /** The catalogue's words for the error's reason, when main gave one the catalogue knows. */
  function reason(error: AppErrorData): string | undefined {
    if (error.kind === 'rate-limited' && error.retryAt)
      return t('desktop.errors.rate-limited-until', { time: dateTime(error.retryAt) })
    if (typeof error.code !== 'string') return undefined
    const key = `desktop.errors.${error.code}`
    return te(key) ? t(key, error.params ?? {}) : undefined
  }

  function describe(error: AppErrorData): { title: string; detail: string } {
    // Browser mode: the app serving the page stopped. The network and the service are not to blame.
    if (error.code === HOST_STOPPED_CODE)
      return { title: t('common.hostStopped.title'), detail: t('common.hostStopped.detail') }
    // Out of reach with nothing kept yet: not a failure of the person's network to fix, a read still to come.
    if (error.code === NO_COPY_CODE)
      return { title: t('common.noCopy.title'), detail: t('common.noCopy.detail') }
    const title = t(`common.errors.${error.kind}.title`)
    // Storage-full says what is needed and free, in the person's units, whatever the code.
    const known = error.kind === 'storage-full' ? undefined : reason(error)
    if (known) return { title, detail: known }
    switch (error.kind) {
      case 'storage-full':
        return {
          title,
          detail:
            error.neededBytes !== undefined && error.freeBytes !== undefined
              ? t('common.errors.storage-full.detailBytes', {
                  needed: bytes(error.neededBytes),
                  free: bytes(error.freeBytes),
                })
              : t('common.errors.storage-full.detail'),
        }
      case 'rate-limited':
        return {
          title,
          detail:
            error.retryAfterMs !== undefined
              ? t('common.errors.rate-limited.detailWait', { seconds: Math.ceil(error.retryAfterMs / 1000) })
              : t('common.errors.rate-limited.detail'),
        }
      case 'validation':
      case 'internal':
      case 'file':
        return { title, detail: error.message || t(`common.errors.${error.kind}.detail`) }
      default:
        return { title, detail: t(`common.errors.${error.kind}.detail`) }
    }
  }

  /** One line: for rows and toasts. */
  function short(error: AppErrorData): string {
    const { title, detail } = describe(error)
    return `${title}: ${detail}`
  }

  /**
   * What a stored failure says (a queued reply's): its reason of the catalogue in the person's language, else the
   * English main kept (a failure stored before reasons were, or one the catalogue does not know).
   */
  function stored(english: string | null, why?: Pick<AppErrorData, 'code' | 'params'>): string | null {
    return (why && reason({ kind: 'validation', message: english ?? '', ...why })) ?? english
  }

  return { describe, short, reason, stored }
}
