import { useI18n } from 'vue-i18n'
import { recogniseFailure } from '../lib/failure-reasons'

/** Words the service sends (a post's failure reason, a content type) in the person's language where known. */
export function useServiceText() {
  const { t, te } = useI18n()

  /** A content or post type ('image', 'reel'…) by its name in the app; an unknown one as the service spells it. */
  function contentType(type: string | undefined): string {
    if (!type) return '–'
    return te(`planner.types.${type}`) ? t(`planner.types.${type}`) : type
  }

  /** A failed post's reason; `undefined` when the service gave none. */
  function failureReason(reason: string | undefined): string | undefined {
    if (!reason) return undefined
    const known = recogniseFailure(reason)
    if (!known) return reason
    const params: Record<string, string> = { ...known.params }
    if (params.type) params.type = contentType(params.type).toLowerCase()
    return t(`service.failures.${known.key}`, params)
  }

  return { contentType, failureReason }
}
