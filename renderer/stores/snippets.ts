import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import { applyChanges } from '../../common/list-changes'
import type { Snippet, SnippetKind } from '../../common/snippets'
import { createListMirror, reloadOnRelink } from '../lib/list-mirror'
import { mediadeck } from '../lib/mediadeck'

/**
 * The composer's reusable text (common/snippets.ts), mirrored from main: read whole once (`snippets:snapshot`),
 * then main's `snippets:changed` changes applied to it, which also carry what another process (the CLI)
 * saved (renderer/lib/list-mirror.ts). Not per profile: a switch keeps them.
 */
export const useSnippetsStore = defineStore('snippets', () => {
  const all = shallowRef<Snippet[]>([])
  /** Deleted on screen, the delete held back until its Undo toast closes. */
  const hidden = ref<ReadonlySet<string>>(new Set())
  const loaded = ref(false)
  const error = ref<AppErrorData | null>(null)
  let subscribers = 0
  let unsubscribe: (() => void) | undefined

  // By name, as main lists them, also while a snippet just saved here waits for main's list.
  const snippets = computed(() =>
    all.value
      .filter((s) => !hidden.value.has(s.id))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
  )
  const ofKind = (kind: SnippetKind) => snippets.value.filter((s) => s.kind === kind)
  const captions = computed(() => ofKind('caption'))
  const hashtags = computed(() => ofKind('hashtags'))
  const replies = computed(() => ofKind('reply'))

  const mirror = createListMirror<Snippet>({
    hold: (items) => (all.value = items),
    apply: (changed, removed) => (all.value = applyChanges(all.value, { seq: 0, changed, removed })),
    reload: () => void load(),
  })

  async function load() {
    try {
      await mirror.load(() => mediadeck().snippets.snapshot())
      error.value = null
      loaded.value = true
    } catch (caught) {
      error.value = AppError.from(caught).toJSON()
    }
  }

  /** Ref-counted: the Settings section and an open composer may both listen. Loads on the first. */
  function subscribe(): () => void {
    if (subscribers++ === 0) {
      const stops = [mediadeck().snippets.onChanged(mirror.take), reloadOnRelink(mirror)]
      unsubscribe = () => stops.forEach((stop) => stop())
      void load()
    }
    return () => {
      if (--subscribers === 0) unsubscribe?.()
    }
  }

  function replace(snippet: Snippet) {
    all.value = applyChanges(all.value, { seq: 0, changed: [snippet], removed: [] })
    return snippet
  }
  async function create(input: { kind: SnippetKind; name: string; body: string }) {
    return replace(await mediadeck().snippets.create(input))
  }
  async function update(input: { id: string; name?: string; body?: string; revision?: number }) {
    return replace(await mediadeck().snippets.update(input))
  }
  async function remove(id: string) {
    await mediadeck().snippets.delete({ id })
    all.value = applyChanges(all.value, { seq: 0, changed: [], removed: [id] })
  }
  function hide(id: string, hide: boolean) {
    const next = new Set(hidden.value)
    if (hide) next.add(id)
    else next.delete(id)
    hidden.value = next
  }

  return {
    snippets,
    captions,
    hashtags,
    replies,
    ofKind,
    loaded,
    error,
    load,
    subscribe,
    create,
    update,
    remove,
    hide,
  }
})
