import { useI18n } from 'vue-i18n'
import { recogniseFailure } from '../lib/failure-reasons'

/** Words the service sends (a post's failure reason, a content type) in the person's language where known. */
/** A shape the service wrote as "4:5", "1.91:1" or "0.8", as a number to one, two decimals at most. */
function toOne(shape: string): string {
  const [width, height = '1'] = shape.split(':')
  const value = Number(width) / Number(height)
  return Number.isFinite(value) && value > 0 ? String(Math.round(value * 100) / 100) : shape
}

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
    // The network by its name in the app ("Instagram"), as the composer says it.
    if (params.network && te(`planner.networks.${params.network}`))
      params.network = t(`planner.networks.${params.network}`)
    // Shapes as the composer says them, width to one: "4:5" is 0.8:1, "1.91:1" is 1.91:1.
    for (const key of ['ratio', 'min', 'max'] as const)
      if (known.key.startsWith('aspectRatio') && params[key]) params[key] = toOne(params[key])
    return t(`service.failures.${known.key}`, params)
  }

  return { contentType, failureReason }
}
