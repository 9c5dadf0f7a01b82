import { nextTick, ref, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { useFieldText } from './use-field-text'
import { useFormat } from '../../composables/use-format'
import { fieldErrorsOf } from '../../stores/drafts'
import { usePlannerStore } from '../../stores/planner'
import { useToastsStore } from '../../stores/toasts'

/**
 * Moving a post in the planner's calendar (PlannerView.vue), by a drag and drop or by the keyboard (Alt+arrow
 * on a focused post): the move sent to the planner store, what it tells the person, and for the keyboard,
 * the focus that follows the post. `calendar` is the element that holds the posts' chips.
 */
export function usePlannerMoves(calendar: Readonly<Ref<HTMLElement | null>>) {
  const { t } = useI18n()
  const format = useFormat()
  const planner = usePlannerStore()
  const toasts = useToastsStore()
  const fieldText = useFieldText()

  /** A move that could not be made, said with the first reason the refusal gives. */
  function sayRefused(error: unknown) {
    const [first] = fieldErrorsOf(error)
    toasts.push({ tone: 'danger', title: t('planner.moveFailed'), message: first && fieldText(first) })
  }

  async function move(
    key: string,
    day: string,
    hour?: number,
    options: { keepMinutes?: boolean } = {},
  ): Promise<string | null> {
    try {
      const result = await planner.move(key, day, hour, options)
      if (result.shiftedTo) {
        toasts.push({ tone: 'warning', title: t('planner.movedDst', { time: result.shiftedTo.time }) })
      }
      return result.iso
    } catch (error) {
      sayRefused(error)
      return null
    }
  }

  // A drag and drop is held with Undo: the entry shows at its new time at once, and the move is sent when the
  // toast closes (the service cannot take a move back). A move that cannot be made is refused at once.
  function moveByDrag(key: string, day: string, hour?: number) {
    let next: string
    try {
      next = planner.previewMove(key, day, hour).iso
    } catch (error) {
      sayRefused(error)
      return
    }
    const title = planner.entries.find((e) => e.key === key)?.title || t('planner.entry.untitled')
    planner.holdMove(key, next)
    toasts.hold(
      {
        tone: 'info',
        title: t('planner.undo.moved', { title, when: format.dateTime(next, planner.timeZone) }),
        undoLabel: t('planner.undo.button'),
      },
      {
        commit: async () => {
          await move(key, day, hour)
          planner.holdMove(key, null)
        },
        undo: () => planner.holdMove(key, null),
      },
    )
  }

  // The keyboard's drag: a drop gives the eye its feedback, a key press needs words for a screen reader
  // (`announcement`, for a live region), and the focus must follow the post to its new cell so the next press
  // moves it on.
  const announcement = ref('')
  async function moveByKeyboard(key: string, day: string, hour?: number) {
    const entry = planner.entries.find((e) => e.key === key)
    const title = entry?.title || t('planner.entry.untitled')
    const iso = await move(key, day, hour, { keepMinutes: true })
    announcement.value = iso
      ? t('planner.keyboard.moved', { title, when: format.longDateTime(iso, planner.timeZone) })
      : t('planner.moveFailed')
    await nextTick()
    const chips = calendar.value?.querySelectorAll<HTMLElement>('[data-key]') ?? []
    // Compared, not put into a selector: an imported draft's id is any text.
    Array.from(chips)
      .find((chip) => chip.dataset.key === key)
      ?.focus()
  }

  return { moveByDrag, moveByKeyboard, announcement }
}
