import { ref, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Draft } from '../../../common/drafts'
import { useDraftsStore } from '../../stores/drafts'
import { useToastsStore } from '../../stores/toasts'
import { hasContent, type ComposerFields, type ComposerTarget } from '../../lib/planner/composer-form'
import type { useAutosave } from './use-autosave'

/**
 * How the composer closes (ComposerDialog.vue): "Save draft", and Esc, the backdrop or the close button, which
 * keep what is autosaved, ask before a written new post is kept, and ask before unsaved changes to a post that
 * is not autosaved (queued, or the service's) are thrown away.
 */
export function useComposerClose(deps: {
  target: () => ComposerTarget
  fields: ComposerFields
  draftId: Ref<string | undefined>
  edited: Ref<boolean>
  editable: Readonly<Ref<boolean>>
  autosaves: Readonly<Ref<boolean>>
  autosave: Pick<ReturnType<typeof useAutosave>, 'cancel' | 'flush' | 'saveNow'> & {
    saveNow(): Promise<Draft | null>
  }
  close: () => void
}) {
  const { t } = useI18n()
  const drafts = useDraftsStore()
  const toasts = useToastsStore()
  const { target, fields, draftId, edited, editable, autosaves, autosave, close } = deps
  const confirmKeep = ref(false)
  const confirmDiscard = ref(false)

  async function saveAndClose() {
    autosave.cancel()
    if (!draftId.value && !hasContent(fields.post, fields.localMedia)) {
      close()
      return
    }
    if (await autosave.saveNow()) {
      toasts.push({ tone: 'success', title: t('planner.composer.draftSaved') })
      close()
    }
  }

  // Esc, the backdrop and the close button. An autosaved draft loses nothing (its last keystrokes are saved
  // now), and a new post kept that way is said to be kept; a post that is not autosaved (queued, or the
  // service's) asks before its changes are thrown away.
  async function requestClose() {
    if (!autosaves.value && edited.value && editable.value) {
      confirmDiscard.value = true
      return
    }
    // A new post the person never saved is not kept behind their back: an empty one goes, a written one is asked
    // about (its autosaved copy stays only if they say so).
    if (target().kind === 'new') {
      if (!hasContent(fields.post, fields.localMedia)) await discardNew()
      else confirmKeep.value = true
      return
    }
    await autosave.flush()
    close()
  }
  async function keepNew() {
    confirmKeep.value = false
    if (!(draftId.value ? (await autosave.flush(), true) : await autosave.saveNow())) return
    const kept = fields.post.title || fields.post.description || t('planner.entry.untitled')
    toasts.push({ tone: 'info', title: t('planner.composer.keptAsDraft', { title: kept }) })
    close()
  }
  async function discardNew() {
    confirmKeep.value = false
    autosave.cancel()
    const id = draftId.value
    close()
    if (id) await drafts.remove(id).catch(() => undefined)
  }
  function discard() {
    confirmDiscard.value = false
    autosave.cancel()
    close()
  }

  return { confirmKeep, confirmDiscard, saveAndClose, requestClose, keepNew, discardNew, discard }
}
