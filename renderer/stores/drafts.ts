import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
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
import { applyChanges, changeStep, type ListChanges } from '../../common/list-changes'
import { mediadeck } from '../lib/mediadeck'

export type ResolveAction = 'send-now' | 'reschedule' | 'keep-draft'

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
  const outbox = ref<OutboxState | null>(null)
  const loaded = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** The number of the last change the list holds; null while it holds no list from main. */
  let seq: number | null = null
  /** Whole reads under way, and the changes that arrived meanwhile: applied after, told old or new by number. */
  let loading = 0
  const early: Array<ListChanges<Draft>> = []
  let subscribers = 0
  let unsubscribe: Array<() => void> = []

  const byId = computed(() => new Map(drafts.value.map((d) => [d.id, d])))
  const waiting = computed(() => drafts.value.filter((d) => d.status === 'queued'))
  const sending = computed(() => drafts.value.filter((d) => d.status === 'sending'))
  const attention = computed(() =>
    drafts.value.filter((d) => d.status === 'needs-attention' || d.status === 'failed'),
  )
  const unscheduled = computed(() => drafts.value.filter((d) => d.status === 'draft' && !d.post.scheduleAt))

  async function load() {
    loading += 1
    try {
      const [snapshot, state] = await Promise.all([
        mediadeck().drafts.snapshot(),
        mediadeck().outbox.status(),
      ])
      drafts.value = snapshot.items
      seq = snapshot.seq
      outbox.value = state
      error.value = null
      loaded.value = true
    } catch (caught) {
      error.value = AppError.from(caught).toJSON()
    } finally {
      if (--loading === 0) for (const change of early.splice(0)) take(change)
    }
  }

  /** Another profile is active: its drafts come with the next load or main's next `drafts:changed`. */
  function reset() {
    drafts.value = []
    seq = null
    outbox.value = null
    loaded.value = false
    error.value = null
  }

  /** Ref-counted: the planner and the sidebar badge may both listen. */
  function subscribe(): () => void {
    if (subscribers++ === 0) {
      unsubscribe = [
        mediadeck().drafts.onChanged(take),
        mediadeck().outbox.onChanged((state) => (outbox.value = state)),
      ]
    }
    return () => {
      if (--subscribers === 0) for (const stop of unsubscribe.splice(0)) stop()
    }
  }

  function take(change: ListChanges<Draft>) {
    if (loading > 0) return void early.push(change)
    // No list held (none read yet, another profile): whoever shows drafts loads them, changes included.
    if (seq === null) return
    const step = changeStep(seq, change)
    if (step === 'apply') {
      drafts.value = applyChanges(drafts.value, change)
      seq = change.seq
    } else if (step === 'reload') void load()
  }

  function replace(draft: Draft) {
    const list = drafts.value.filter((d) => d.id !== draft.id)
    drafts.value = [...list, draft]
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
  }): Promise<Draft> {
    return replace(await mediadeck().drafts.save(input))
  }
  async function schedule(id: string): Promise<Draft> {
    return replace(await mediadeck().drafts.schedule({ id }))
  }
  async function unschedule(id: string): Promise<Draft> {
    return replace(await mediadeck().drafts.unschedule({ id }))
  }
  async function resolve(id: string, action: ResolveAction, scheduleAt?: string): Promise<Draft> {
    return replace(await mediadeck().drafts.resolve({ id, action, ...(scheduleAt ? { scheduleAt } : {}) }))
  }
  async function remove(id: string): Promise<void> {
    await mediadeck().drafts.delete({ id })
    drafts.value = drafts.value.filter((d) => d.id !== id)
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
    if (result.imported.length > 0 || result.changed.length > 0) {
      const changed = new Map(result.changed.map((d) => [d.id, d]))
      const imported = new Set(result.imported.map((d) => d.id))
      drafts.value = [
        ...drafts.value.filter((d) => !imported.has(d.id)).map((d) => changed.get(d.id) ?? d),
        ...result.imported,
      ]
    }
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
    fetch,
    schedule,
    unschedule,
    resolve,
    remove,
    sendNow,
    previewFile,
    importFile,
    exportFile,
  }
})
