import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import type { DraftValidationError } from '../../common/contract'
import type {
  Draft,
  DraftFieldError,
  DraftPost,
  DraftTarget,
  ConflictChoice,
  ImportPreview,
  ImportReadOptions,
  ImportResult,
  LocalMedia,
  OutboxState,
} from '../../common/drafts'
import { AppError, type AppErrorData } from '../../common/errors'
import { applyChanges } from '../../common/list-changes'
import { keepUnchanged } from '../lib/keep-unchanged'
import { createListMirror, reloadOnRelink } from '../lib/list-mirror'
import { mediadeck } from '../lib/mediadeck'

export type ResolveAction = 'send-now' | 'reschedule' | 'keep-draft'
/** The actions the planner takes on a selection of drafts at once. */
export type BulkAction = 'schedule' | 'unschedule' | 'move' | 'delete'

/** A draft a change touched, and what it was before (none: it is new). A removed one is its last state. */
export interface DraftTransition {
  draft: Draft
  previous?: Draft
  removed?: true
}

/** The field errors of a `drafts:schedule`/`drafts:save` refusal, or one pseudo-field for any other failure. */
export function fieldErrorsOf(error: unknown): DraftFieldError[] {
  const data = error as Partial<DraftValidationError> | undefined
  if (data && Array.isArray(data.fields)) return data.fields
  const app = AppError.from(error)
  return [
    {
      field: app.field ?? 'form',
      message: app.message,
      ...(typeof app.code === 'string' ? { code: app.code } : {}),
      ...(app.params ? { params: app.params } : {}),
    },
  ]
}

/** Whether a save was refused because the draft changed elsewhere since it was opened. */
export function isChangedElsewhere(error: unknown): boolean {
  return AppError.from(error).code === 'draft-changed-elsewhere'
}

/**
 * Local drafts and the outbox (main/core/drafts), mirrored from main: the list is read whole once
 * (`drafts:snapshot`), then main's `drafts:changed` changes are applied to it (common/list-changes.ts); a
 * missed change, or main saying so, reads it whole again.
 */
export const useDraftsStore = defineStore('drafts', () => {
  const drafts = shallowRef<Draft[]>([])
  /** The same drafts by id, kept as changes arrive (one Map, triggered, never rebuilt from the list). */
  const byId = shallowRef(new Map<string, Draft>())
  /**
   * The drafts the last change touched, with what each was before: what a view reacts to (a post the outbox
   * sent), never the whole list, so a change costs the same at 10 or 10,000 drafts.
   */
  const lastChanges = shallowRef<DraftTransition[]>([])
  const outbox = ref<OutboxState | null>(null)
  const loaded = ref(false)
  const error = ref<AppErrorData | null>(null)
  let subscribers = 0
  let unsubscribe: Array<() => void> = []

  // Each answers the list it answered before while its drafts are the same ones (keep-unchanged.ts).
  const only = (test: (d: Draft) => boolean) =>
    computed<Draft[]>((previous) => keepUnchanged(previous, drafts.value.filter(test)))
  const waiting = only((d) => d.status === 'queued')
  const sending = only((d) => d.status === 'sending')
  const attention = only((d) => d.status === 'needs-attention' || d.status === 'failed')
  const unscheduled = only((d) => d.status === 'draft' && !d.post.scheduleAt)

  function hold(list: Draft[]) {
    const before = byId.value
    drafts.value = list
    byId.value = new Map(list.map((d) => [d.id, d]))
    // A list read whole again (changes were missed): the drafts that differ from the ones held are its changes.
    if (before.size === 0) return
    const differs = (d: Draft, was: Draft | undefined) =>
      !was || was.revision !== d.revision || was.updatedAt !== d.updatedAt || was.status !== d.status
    const present = new Set(list.map((d) => d.id))
    lastChanges.value = [
      ...list.flatMap((draft) => {
        const previous = before.get(draft.id)
        return differs(draft, previous) ? [{ draft, ...(previous ? { previous } : {}) }] : []
      }),
      ...[...before.values()]
        .filter((d) => !present.has(d.id))
        .map((d): DraftTransition => ({ draft: d, previous: d, removed: true })),
    ]
  }

  /** Changed drafts replace theirs in place (new ones go last), removed ones go. */
  function apply(changed: readonly Draft[], removed: readonly string[]) {
    if (changed.length === 0 && removed.length === 0) return
    const map = byId.value
    const transitions: DraftTransition[] = changed.map((draft) => {
      const previous = map.get(draft.id)
      return previous ? { draft, previous } : { draft }
    })
    for (const id of removed) {
      const previous = map.get(id)
      if (previous) transitions.push({ draft: previous, previous, removed: true })
    }
    drafts.value = applyChanges(drafts.value, { seq: 0, changed: [...changed], removed: [...removed] })
    for (const id of removed) map.delete(id)
    for (const draft of changed) map.set(draft.id, draft)
    triggerRef(byId)
    lastChanges.value = transitions
  }

  // The numbers of main's changes: which to apply, and when to read the list whole again.
  const mirror = createListMirror<Draft>({ hold, apply, reload: () => void load() })

  async function load() {
    try {
      const [, state] = await Promise.all([
        mirror.load(() => mediadeck().drafts.snapshot()),
        mediadeck().outbox.status(),
      ])
      outbox.value = state
      error.value = null
      loaded.value = true
    } catch (caught) {
      error.value = AppError.from(caught).toJSON()
    }
  }

  /** Another profile is active: its drafts come with the next load or main's next `drafts:changed`. */
  function reset() {
    hold([])
    mirror.forget()
    outbox.value = null
    loaded.value = false
    error.value = null
  }

  /** Ref-counted: the planner and the sidebar badge may both listen. */
  function subscribe(): () => void {
    if (subscribers++ === 0) {
      unsubscribe = [
        mediadeck().drafts.onChanged(mirror.take),
        mediadeck().outbox.onChanged((state) => (outbox.value = state)),
        reloadOnRelink(mirror),
      ]
    }
    return () => {
      if (--subscribers === 0) for (const stop of unsubscribe.splice(0)) stop()
    }
  }

  /** A call's answer: held unless main's changes already brought a later revision of it. */
  function replace(draft: Draft) {
    const held = byId.value.get(draft.id)
    if (!held || (held.revision ?? 0) <= (draft.revision ?? 0)) apply([draft], [])
    return draft
  }

  /** The draft as stored now (after a save was refused as based on an older revision). */
  async function fetch(id: string): Promise<Draft> {
    return replace(await mediadeck().drafts.get({ id }))
  }
  async function save(input: {
    id?: string
    revision?: number
    post: DraftPost
    localMedia: LocalMedia[]
    targets?: DraftTarget[]
    /** Queues it too, in the same call and transaction (the composer's "Schedule"). */
    queue?: true
  }): Promise<Draft> {
    return replace(await mediadeck().drafts.save(input))
  }
  /**
   * One action on many drafts, one call (common/draft-calls.ts): each is sent with the revision held here, so
   * one changed elsewhere since is refused by main (answered in `refused`), never acted on unseen.
   */
  async function bulk(action: BulkAction, ids: readonly string[], times?: ReadonlyMap<string, string>) {
    const held = ids.map((id) => {
      const revision = byId.value.get(id)?.revision
      return { id, ...(revision !== undefined ? { revision } : {}) }
    })
    const api = mediadeck().drafts
    const result =
      action === 'move'
        ? await api.moveMany({ drafts: held.map((d) => ({ ...d, scheduleAt: times?.get(d.id) ?? '' })) })
        : await api[`${action}Many`]({ drafts: held })
    for (const draft of result.changed) replace(draft)
    // A refused draft is shown as it is now, beside the refusal that names it; one gone is gone here too.
    for (const { id, current, error } of result.refused) {
      if (current) replace(current)
      else if (error.code === 'draft-not-found') apply([], [id])
    }
    apply([], result.removed)
    return result
  }
  async function unschedule(id: string): Promise<Draft> {
    return replace(await mediadeck().drafts.unschedule({ id }))
  }
  async function resolve(id: string, action: ResolveAction, scheduleAt?: string): Promise<Draft> {
    return replace(await mediadeck().drafts.resolve({ id, action, ...(scheduleAt ? { scheduleAt } : {}) }))
  }
  async function remove(id: string): Promise<void> {
    await mediadeck().drafts.delete({ id })
    apply([], [id])
  }
  async function sendNow(): Promise<void> {
    outbox.value = await mediadeck().outbox.sendNow()
  }
  /** What importing the file would do (main plans it); nothing changes until importFile. */
  async function previewFile(
    format: 'csv' | 'json',
    content: string,
    reading: ImportReadOptions = {},
  ): Promise<ImportPreview> {
    return mediadeck().drafts.importPreview({ format, content, ...reading })
  }
  /** Imports the file: matched posts change in place, conflicts follow `choices` (by row), the rest is new. */
  async function importFile(
    format: 'csv' | 'json',
    content: string,
    choices: Record<string, ConflictChoice> = {},
    reading: ImportReadOptions = {},
  ): Promise<ImportResult> {
    const result = await mediadeck().drafts.import({ format, content, choices, ...reading })
    // Main's drafts:changed may have brought them already: by id, so none is listed twice.
    apply([...result.changed, ...result.imported], [])
    return result
  }
  /** The service's posts in the range and every local draft, times in the planner's zone. */
  async function exportFile(
    format: 'csv' | 'json',
    options: { from?: string; to?: string; timeZone?: string; template?: true } = {},
  ): Promise<{ filename: string; content: string }> {
    return mediadeck().drafts.export({ format, ...options })
  }

  return {
    reset,
    drafts,
    lastChanges,
    outbox,
    loaded,
    error,
    byId,
    waiting,
    sending,
    attention,
    unscheduled,
    load,
    subscribe,
    save,
    bulk,
    fetch,
    unschedule,
    resolve,
    remove,
    sendNow,
    previewFile,
    importFile,
    exportFile,
  }
})
