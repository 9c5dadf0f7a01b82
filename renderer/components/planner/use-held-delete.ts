import { useI18n } from 'vue-i18n'
import { AppError } from '../../../common/errors'
import { useErrorText } from '../../composables/use-error-text'
import { usePlannerStore } from '../../stores/planner'
import { useToastsStore } from '../../stores/toasts'

/**
 * Deletes a calendar entry (`post:<id>` or `draft:<id>`) with Undo: the service cannot undo a delete, so the
 * entry is hidden at once and `send` runs only when the toast closes (or the window does). A failed send
 * brings the entry back and says why.
 */
export function useHeldDelete() {
  const { t } = useI18n()
  const planner = usePlannerStore()
  const toasts = useToastsStore()
  const { short } = useErrorText()

  /**
   * `options.message` says what the toast says instead of "Deleted <title>" (an account taken out of a
   * campaign); `options.onUndo` runs when Undo is pressed, after the entry is shown again.
   */
  return function holdDelete(
    key: string,
    send: () => Promise<unknown>,
    options: { message?: string; onUndo?: () => void } = {},
  ) {
    const title = planner.entries.find((entry) => entry.key === key)?.title || t('planner.entry.untitled')
    planner.hide([key], true)
    toasts.hold(
      {
        tone: 'info',
        title: options.message ?? t('planner.undo.deleted', { title }),
        undoLabel: t('planner.undo.button'),
      },
      {
        commit: async () => {
          try {
            await send()
          } catch (error) {
            toasts.push({
              tone: 'danger',
              title: t('planner.undo.deleteFailed', { title }),
              message: short(AppError.from(error).toJSON()),
            })
          } finally {
            planner.hide([key], false)
          }
        },
        undo: () => {
          planner.hide([key], false)
          options.onUndo?.()
        },
      },
    )
  }
}
