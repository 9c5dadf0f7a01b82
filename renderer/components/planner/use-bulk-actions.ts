import { useI18n } from 'vue-i18n'
import { AppError } from '../../../common/errors'
import { useErrorText } from '../../composables/use-error-text'
import { fieldErrorsOf, type BulkAction } from '../../stores/drafts'
import { usePlannerBulk, type BulkOutcome } from '../../stores/planner-bulk'
import { usePlannerStore } from '../../stores/planner'
import { useToastsStore } from '../../stores/toasts'
import { useFieldText } from './use-field-text'

/**
 * The planner's actions on a selection of drafts (the list view, "Schedule all" after an import), each one
 * call and one toast: "3 posts scheduled for 3 accounts", and every draft main refused listed with its reason
 * (changed elsewhere, sent meanwhile, incomplete), never dropped silently. A delete is held with Undo, as a
 * single one is (use-held-delete.ts): the drafts are hidden at once and deleted when the toast closes.
 */
export function useBulkActions() {
  const { t } = useI18n()
  const bulk = usePlannerBulk()
  const planner = usePlannerStore()
  const toasts = useToastsStore()
  const fieldText = useFieldText()
  const { short } = useErrorText()

  function say(outcome: BulkOutcome) {
    const posts = t('planner.bulk.posts', { count: outcome.posts }, outcome.posts)
    const accounts = t('planner.bulk.accounts', { count: outcome.accounts }, outcome.accounts)
    if (outcome.posts > 0)
      toasts.push({ tone: 'success', title: t(`planner.bulk.done.${outcome.action}`, { posts, accounts }) })
    if (outcome.refused.length === 0) return
    const count = outcome.refused.length
    toasts.push({
      tone: 'warning',
      title: t(`planner.bulk.refused.${outcome.action}`, { count }, count),
      details: outcome.refused.map((refusal) => {
        const [first] = fieldErrorsOf(refusal.error)
        return {
          label: refusal.title || t('planner.entry.untitled'),
          text: first ? fieldText(first) : short(refusal.error),
        }
      }),
    })
  }

  async function run(action: BulkAction, ids: readonly string[], day?: string): Promise<boolean> {
    try {
      say(await bulk.act(action, ids, day))
      return true
    } catch (error) {
      toasts.push({
        tone: 'danger',
        title: t(`planner.bulk.failed.${action}`),
        message: short(AppError.from(error).toJSON()),
      })
      return false
    }
  }

  /** Deletes with Undo: hidden now, sent when the toast closes; Undo shows them again and sends nothing. */
  function remove(ids: readonly string[]) {
    const keys = ids.map((id) => `draft:${id}`)
    planner.hide(keys, true)
    toasts.hold(
      {
        tone: 'info',
        title: t('planner.bulk.deleting', { count: ids.length }, ids.length),
        undoLabel: t('planner.undo.button'),
      },
      {
        commit: async () => {
          await run('delete', ids)
          planner.hide(keys, false)
        },
        undo: () => planner.hide(keys, false),
      },
    )
  }

  return { run, remove }
}
