import { useI18n } from 'vue-i18n'
import { scheduleIdOf } from '../../../common/service-vocabulary'
import { AppError } from '../../../common/errors'
import { useErrorText } from '../../composables/use-error-text'
import { useDraftsStore } from '../../stores/drafts'
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
  const drafts = useDraftsStore()
  const toasts = useToastsStore()
  const { short } = useErrorText()

  /**
   * What the toast calls the post: the title the person sees in the dialog, else the draft's or post's own.
   * The calendar's entries alone missed a draft with no time, and one shown inside a campaign's card.
   */
  function titleOf(key: string, given?: string): string {
    const [source, ...rest] = key.split(':')
    const id = rest.join(':')
    const draft = source === 'draft' ? drafts.byId.get(id)?.post : undefined
    const post = source === 'post' ? planner.posts.find((p) => scheduleIdOf(p) === id) : undefined
    const entry = planner.entries.find((e) => e.key === key)
    return (
      given?.trim() ||
      draft?.title ||
      draft?.description ||
      post?.title ||
      post?.description ||
      entry?.title ||
      t('planner.entry.untitled')
    )
  }

  /**
   * `options.message` says what the toast says instead of "Deleted <title>" (an account taken out of a
   * campaign); `options.onUndo` runs when Undo is pressed, after the entry is shown again; `options.title`
   * names the post as the person last saw it (the composer's title, typed after the last save).
   */
  return function holdDelete(
    key: string,
    send: () => Promise<unknown>,
    options: { message?: string; onUndo?: () => void; title?: string } = {},
  ) {
    const title = titleOf(key, options.title)
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
