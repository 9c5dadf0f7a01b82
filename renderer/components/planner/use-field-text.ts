import { useI18n } from 'vue-i18n'
import type { DraftFieldError } from '../../../common/drafts'

const TYPE_PARAMS = ['type', 'actual', 'declared'] as const

/**
 * A field error of the drafts core in the person's language: its `code` picks the message, its `params` fill
 * it (post and media types translated too); an error without a known code keeps the core's own words.
 */
export function useFieldText() {
  const { t, te } = useI18n()
  return (error: DraftFieldError): string => {
    // The composer's own rules, then the reasons main words for every view (common/messages `errors.*`).
    const key = [`planner.validation.${error.code}`, `desktop.errors.${error.code}`].find((k) => te(k))
    if (!error.code || !key) return error.message
    const params: Record<string, string | number> = { ...error.params }
    for (const name of TYPE_PARAMS) {
      const value = params[name]
      if (typeof value === 'string' && te(`planner.types.${value}`)) {
        params[name] = t(`planner.types.${value}`).toLowerCase()
      }
    }
    const count =
      typeof params.min === 'number' ? params.min : typeof params.max === 'number' ? params.max : 1
    return t(key, params, count)
  }
}
