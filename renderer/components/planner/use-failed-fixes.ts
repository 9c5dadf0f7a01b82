// Which failed posts share a cause a network rule names (common/preflight.ts), and the fix each would get: a
// picture outside its network's shapes is cropped to the nearest one, a text over its network's length is cut.
// The pictures are measured as the composer measures them (use-media-metrics.ts); one not measured yet is not
// offered a crop, and `measured` waits for the pictures of given posts (a retry asked for before they were).
import { computed } from 'vue'
import { preflight } from '../../../common/preflight'
import { limitsOf } from '../../../common/publishing-limits'
import type { Schedule } from '../../../common/service'
import { scheduleIdOf } from '../../../common/service-vocabulary'
import { useMediaMetrics } from '../../composables/use-media-metrics'
import { nearestAllowedCrop, shortenText, type CropRect } from '../../lib/fix-media'

export interface CropFix {
  index: number
  url: string
  width: number
  height: number
  rect: CropRect
  range: { min: number; max: number }
}

export interface FailedFix {
  post: Schedule
  accountType: string
  crops: CropFix[]
  text?: { max: number; kept: string; cut: string }
}

export function useFailedFixes(posts: () => readonly Schedule[], accountTypeOf: (post: Schedule) => string) {
  const picturesOf = (list: readonly Schedule[]) =>
    list.flatMap((p) =>
      p.medias.filter((m) => m.type === 'image').map((m) => ({ address: m.url, kind: 'image' })),
    )
  const metricsOf = useMediaMetrics(() => picturesOf(posts()))

  const fixes = computed<FailedFix[]>(() =>
    posts().map((post) => {
      const accountType = accountTypeOf(post)
      const limits = limitsOf(accountType)
      const issues = preflight(
        {
          type: post.type,
          text: post.description,
          media: post.medias.map((m) => ({ kind: m.type, name: m.url, ...metricsOf(m.url) })),
        },
        accountType,
      )
      const range = limits?.image?.aspectRatio?.value
      const crops: CropFix[] = []
      if (range && issues.some((i) => i.code === 'aspect-ratio')) {
        post.medias.forEach((m, index) => {
          const size = m.type === 'image' ? metricsOf(m.url) : undefined
          const rect = size && nearestAllowedCrop(size.width, size.height, range)
          if (size && rect)
            crops.push({ index, url: m.url, width: size.width, height: size.height, rect, range })
        })
      }
      const max = limits?.captionLength?.value
      const text =
        max !== undefined && issues.some((i) => i.code === 'caption-too-long')
          ? { max, ...shortenText(post.description, max) }
          : undefined
      return { post, accountType, crops, ...(text ? { text } : {}) }
    }),
  )

  return {
    fixes,
    aspect: computed(() => fixes.value.filter((f) => f.crops.length > 0)),
    text: computed(() => fixes.value.filter((f) => f.text)),
    /** Resolves once the pictures of the posts named by `ids` are measured (or found unreadable). */
    measured: (ids: readonly string[]) =>
      metricsOf.settle(picturesOf(posts().filter((p) => ids.includes(scheduleIdOf(p))))),
  }
}
