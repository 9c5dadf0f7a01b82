import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import type { CopyProgress, PickedFile } from '../../common/app-state'
import type { EventPayloads } from '../../common/contract'
import {
  computeUploadTotals,
  FINAL_UPLOAD_STATES,
  type UploadItem,
  type UploadTotals,
} from '../../common/uploads'
import { followNumbers, whenRelinked } from '../lib/list-mirror'
import { mediadeck } from '../lib/mediadeck'

export const EMPTY_TOTALS: UploadTotals = computeUploadTotals([])

const FINAL = new Set(FINAL_UPLOAD_STATES)

/**
 * The upload queue. Items live in a plain Map behind a shallowRef and are replaced whole by each batched
 * progress event, then one triggerRef: with 1,000 rows that is one reactive notification per batch instead of
 * deep proxies over every item. Rows compare items by identity, so only the rows that changed re-render.
 */
export const useUploadsStore = defineStore('uploads', () => {
  const byId = shallowRef(new Map<string, UploadItem>())
  const order = shallowRef<string[]>([])
  const totals = ref<UploadTotals>({ ...EMPTY_TOTALS })
  const loaded = ref(false)
  const items = computed(() => {
    const map = byId.value
    const list: UploadItem[] = []
    for (const id of order.value) {
      const item = map.get(id)
      if (item) list.push(item)
    }
    return list
  })
  const hasFailed = computed(() => totals.value.failed > 0)
  const hasFinished = computed(() => totals.value.done + totals.value.failed + totals.value.cancelled > 0)
  const isBusy = computed(() => totals.value.active + totals.value.queued > 0)
  /** Browser mode: dropped or picked files still being copied to the host, before they can be queued. */
  const copying = ref<CopyProgress | null>(null)

  function upsert(list: readonly UploadItem[], removed: readonly string[] = []) {
    const map = byId.value
    let added: string[] | null = null
    for (const item of list) {
      if (!map.has(item.id)) (added ??= []).push(item.id)
      map.set(item.id, item)
    }
    let nextOrder = order.value
    if (removed.length > 0) {
      const gone = new Set(removed)
      for (const id of removed) map.delete(id)
      nextOrder = nextOrder.filter((id) => !gone.has(id))
    }
    if (added) nextOrder = [...nextOrder, ...added]
    if (nextOrder !== order.value) order.value = nextOrder
    triggerRef(byId)
  }

  /** The progress events' numbers: one missed leaves a row at a state it left (40 %, an upload long done). */
  const numbers = followNumbers()

  function apply(event: EventPayloads['uploads:progress']) {
    upsert(event.items, event.removed)
    totals.value = event.totals
    if (numbers.missed(event.seq) && loaded.value) void load().catch(() => undefined)
  }

  function replaceAll(list: UploadItem[], next: UploadTotals) {
    byId.value = new Map(list.map((item) => [item.id, item]))
    order.value = list.map((item) => item.id)
    totals.value = next
  }

  async function load() {
    const { items: list, totals: next } = await mediadeck().uploads.list()
    replaceAll(list, next)
    loaded.value = true
  }

  async function start(paths: string[]) {
    if (paths.length === 0) return []
    const started = await mediadeck().uploads.start({ paths })
    upsert(started)
    return started
  }

  /**
   * Queues picked files. A file that does not fit in the free storage comes back as a failed item with the
   * storage-full error (the app adds with `whenFull: 'fail-excess'`), so no refusal needs handling here.
   */
  async function addPicked(files: readonly PickedFile[]): Promise<UploadItem[]> {
    return start(files.map((file) => file.path))
  }

  /**
   * Files the person chooses in the native dialog (folders expanded by main), or drops, granted but not
   * uploaded: a post's local media go up through the engine only when the outbox sends the post.
   */
  const choose = (directories = false) => mediadeck().files.pick({ directories })
  const resolveDropped = (files: readonly File[]) => mediadeck().files.fromDrop(files)

  /** Opens the native dialog and uploads what is chosen. */
  async function pick(directories = false) {
    return addPicked(await choose(directories))
  }

  /** A drop on the window: granted and queued by main in one call (a drop there always uploads). */
  async function addDropped(files: readonly File[]) {
    if (files.length === 0) return []
    const started = await mediadeck().uploads.startDropped(files)
    upsert(started)
    return started
  }

  const cancel = (id: string) => mediadeck().uploads.cancel({ id })

  const retry = (id: string) => mediadeck().uploads.retry({ id })

  const retryFailed = () => mediadeck().uploads.retryFailed()

  /** Uploads one granted file through the queue now and answers its stored address (a fixed picture). */
  /** Uploads one file through the queue and answers its address; `name`, what the service calls it. */
  async function uploadOne(path: string, name?: string): Promise<string> {
    return (await mediadeck().uploads.one({ path, ...(name ? { name } : {}) })).url
  }

  async function remove(id: string) {
    await mediadeck().uploads.remove({ id })
    upsert([], [id])
  }

  async function clearFinished() {
    await mediadeck().uploads.clearFinished()
    const finished = items.value.filter((item) => FINAL.has(item.state)).map((item) => item.id)
    upsert([], finished)
  }

  function subscribe(onBatchFinished?: (payload: EventPayloads['uploads:batch-finished']) => void) {
    numbers.reset()
    const stops = [
      mediadeck().uploads.onProgress(apply),
      mediadeck().uploads.onBatchFinished((payload) => onBatchFinished?.(payload)),
      mediadeck().files.onCopying((progress) => {
        copying.value = progress.finished ? null : progress
      }),
      // Browser mode: the progress sent while the page's socket was down is lost, and a row would stay at the
      // state it had (uploading at 40 %, an upload long done): the queue is read again when it comes back.
      whenRelinked(() => {
        if (loaded.value) void load().catch(() => undefined)
      }),
    ]
    return () => stops.forEach((stop) => stop())
  }

  return {
    byId,
    order,
    items,
    totals,
    loaded,
    hasFailed,
    hasFinished,
    isBusy,
    copying,
    apply,
    load,
    start,
    choose,
    resolveDropped,
    pick,
    addDropped,
    /** Dropped files granted to main, not uploaded: another part (a reply) has them uploaded when it needs. */
    grantDropped: resolveDropped,
    cancel,
    retry,
    remove,
    retryFailed,
    uploadOne,
    clearFinished,
    subscribe,
  }
})
