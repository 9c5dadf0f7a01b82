import { computed } from 'vue'
import { preflight } from '../../../common/preflight'
import type { Account } from '../../../common/service'
import { useMediaMetrics } from '../../composables/use-media-metrics'
import { useStorageStore } from '../../stores/storage'
import {
  CAPTION_LIMITS,
  measuredMediaOf,
  preflightPostOf,
  type ComposerFields,
} from '../../lib/planner/composer-form'

/**
 * What the accounts chosen in the composer (ComposerDialog.vue) make of the post as it is written: the caption
 * limit its count is shown against, the accounts that are disconnected, and each network's preflight. Kept
 * apart from the dialog, which saves and schedules: these only read the form.
 */
export function useComposerChecks(deps: {
  fields: ComposerFields
  accounts: () => Account[]
  /** A failed post sent again: a shape the network refused stops it too, where a new post is only warned. */
  isFix: () => boolean
}) {
  const { fields } = deps
  const storage = useStorageStore()

  const chosenAccounts = computed(() =>
    fields.accountIds.flatMap((id) => deps.accounts().filter((a) => a._id === id)),
  )
  /** The tightest limit among the accounts that post the text as written here (not their own). */
  const captionLimit = computed(() => {
    const limits = chosenAccounts.value
      .filter((a) => fields.captions[a._id] === undefined)
      .flatMap((a) => (CAPTION_LIMITS[a.type] === undefined ? [] : [CAPTION_LIMITS[a.type]!]))
    return limits.length ? Math.min(...limits) : undefined
  })

  // The service takes a post for a disconnected account and fails it at its time; it is reconnected only on
  // the service's website. Said while composing, and asked once more before the post is scheduled.
  const disconnectedNames = computed(() =>
    chosenAccounts.value.filter((a) => !a.isConnected).map((a) => a.name),
  )

  /** Each medium's shape and length, measured as it is added: what the preflight checks aspect ratios against. */
  const metricsOf = useMediaMetrics(() => measuredMediaOf(fields))
  /** Each chosen account's post checked against its network's published limits, as it is written. */
  const preflightChecks = computed(() =>
    chosenAccounts.value.map((account) => ({
      account,
      issues: preflight(preflightPostOf(fields, account._id, storage.nameOf, metricsOf), account.type),
    })),
  )
  // A failed post is sent again only once what failed it is fixed: a shape the network refused (measured
  // here) stops it too, where a new post is only warned.
  const refused = computed(() =>
    preflightChecks.value.some((c) =>
      c.issues.some((i) => i.severity === 'block' || (deps.isFix() && i.code === 'aspect-ratio')),
    ),
  )

  return { chosenAccounts, captionLimit, disconnectedNames, preflightChecks, refused }
}
