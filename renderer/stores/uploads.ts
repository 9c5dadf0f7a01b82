import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import type { PickedFile } from '../../common/app-state'
import type { EventPayloads } from '../../common/contract'
import { AppError } from '../../common/errors'
import {
  FINAL_UPLOAD_STATES,
  type UploadItem,
  type UploadProgressEvent,
  type UploadTotals,
} from '../../common/uploads'
import { mediadeck } from '../lib/mediadeck'

export const EMPTY_TOTALS: UploadTotals = {
  files: 0,
  queued: 0,
  active: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
  bytesTotal: 0,
  bytesSent: 0,
  rateBytesPerSec: 0,
  etaSeconds: null,
}

const FINAL = new Set(FINAL_UPLOAD_STATES)
const REFUSED_PREFIX = 'refused:'

export function isRefusedId(id: string): boolean {
  return id.startsWith(REFUSED_PREFIX)
}

/**
 * The upload queue. Items live in a plain Map behind a shallowRef and are replaced whole by each batched
 * progress event, then one triggerRef: with 1,000 rows that is one reactive notification per batch instead of
 * deep proxies over every item. Rows compare items by identity, so only the rows that changed re-render.
 */
export const useUploadsStore = defineStore('uploads', () => {
  const byId = shallowRef(new Map<string, UploadItem>())
  const order = shallowRef<string[]>([])
  const engineTotals = ref<UploadTotals>({ ...EMPTY_TOTALS })
  const loaded = ref(false)
  /**
   * Files the engine refused before queueing because they do not fit in the free storage. The engine refuses
   * a whole batch that does not fit; the store then queues the files that do and keeps the others here as
   * failed rows (storage full, with the bytes needed), so a person sees which file is the problem and can
   * retry it after freeing space. They exist only in this window.
   */
  const refused = shallowRef(new Map<string, PickedFile>())
  let refusedSeq = 0

  // The engine's totals plus the refused rows, which count as files that failed.
  const totals = computed<UploadTotals>(() => {
    const extra = refused.value.size
    if (extra === 0) return engineTotals.value
    return {
      ...engineTotals.value,
      files: engineTotals.value.files + extra,
      failed: engineTotals.value.failed + extra,
    }
  })

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

  function apply(event: UploadProgressEvent) {
    upsert(event.items, event.removed)
    engineTotals.value = event.totals
  }

  function replaceAll(list: UploadItem[], next: UploadTotals) {
    byId.value = new Map(list.map((item) => [item.id, item]))
    order.value = list.map((item) => item.id)
    engineTotals.value = next
    refused.value = new Map()
  }

  function addRefused(files: readonly PickedFile[], freeBytes: number) {
    const items = files.map((file): UploadItem => {
      const id = `${REFUSED_PREFIX}${++refusedSeq}`
      refused.value.set(id, file)
      return {
        id,
        path: file.path,
        name: file.name,
        size: file.size,
        mimetype: file.mimetype,
        state: 'failed',
        bytesSent: 0,
        rateBytesPerSec: 0,
        etaSeconds: null,
        attempts: 0,
        error: {
          kind: 'storage-full',
          message: 'not enough storage',
          neededBytes: file.size,
          freeBytes: Math.max(0, freeBytes),
        },
        batchId: 'refused',
        createdAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      }
    })
    refused.value = new Map(refused.value)
    upsert(items)
  }

  function dropRefused(ids: readonly string[]) {
    if (ids.length === 0) return
    const next = new Map(refused.value)
    for (const id of ids) next.delete(id)
    refused.value = next
    upsert([], ids)
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
   * Queues picked files. When the engine refuses the batch for lack of space, the files that fit (in the
   * order given) are queued and the rest become refused rows; any other refusal is the caller's to show.
   */
  async function addPicked(files: readonly PickedFile[]): Promise<UploadItem[]> {
    if (files.length === 0) return []
    try {
      return await start(files.map((file) => file.path))
    } catch (caught) {
      const error = AppError.from(caught)
      if (error.kind !== 'storage-full') throw error
      const batchBytes = files.reduce((sum, file) => sum + file.size, 0)
      // needed = this batch + what is already queued; free is what the service reports.
      const alreadyQueued = error.neededBytes !== undefined ? Math.max(0, error.neededBytes - batchBytes) : 0
      const free = (error.freeBytes ?? 0) - alreadyQueued
      let available = free
      const fitting: PickedFile[] = []
      const rest: PickedFile[] = []
      for (const file of files) {
        if (file.size <= available) {
          fitting.push(file)
          available -= file.size
        } else rest.push(file)
      }
      // Nothing fits, or by our count everything should (the engine knows better): all of them are refused.
      if (fitting.length === 0 || rest.length === 0) {
        addRefused(files, free)
        return []
      }
      let started: UploadItem[]
      try {
        started = await start(fitting.map((file) => file.path))
      } catch (again) {
        if (AppError.from(again).kind !== 'storage-full') throw again
        // The free space changed meanwhile: show every file as refused rather than guess again.
        addRefused(files, free)
        return []
      }
      addRefused(rest, available)
      return started
    }
  }

  /** Opens the native dialog; folders chosen there are expanded by main. */
  async function pick(directories = false) {
    const picked = await mediadeck().files.pick({ directories })
    return addPicked(picked)
  }

  async function addDropped(files: readonly File[]) {
    const picked = await mediadeck().files.fromDrop(files)
    return addPicked(picked)
  }

  const cancel = (id: string) => mediadeck().uploads.cancel({ id })

  /** A refused row is offered to the engine again (space may have been freed); the rest retry in the engine. */
  async function retry(id: string) {
    const file = refused.value.get(id)
    if (!file) return mediadeck().uploads.retry({ id })
    dropRefused([id])
    await addPicked([file])
  }

  async function retryFailed() {
    const files = [...refused.value.values()]
    dropRefused([...refused.value.keys()])
    await mediadeck().uploads.retryFailed()
    if (files.length > 0) await addPicked(files)
  }

  async function remove(id: string) {
    if (isRefusedId(id)) return dropRefused([id])
    await mediadeck().uploads.remove({ id })
    upsert([], [id])
  }

  async function clearFinished() {
    dropRefused([...refused.value.keys()])
    await mediadeck().uploads.clearFinished()
    const finished = items.value.filter((item) => FINAL.has(item.state)).map((item) => item.id)
    upsert([], finished)
  }

  function subscribe(onBatchFinished?: (payload: EventPayloads['uploads:batch-finished']) => void) {
    const stopProgress = mediadeck().uploads.onProgress(apply)
    const stopBatch = mediadeck().uploads.onBatchFinished((payload) => onBatchFinished?.(payload))
    return () => {
      stopProgress()
      stopBatch()
    }
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
    apply,
    load,
    start,
    pick,
    addDropped,
    cancel,
    retry,
    remove,
    retryFailed,
    clearFinished,
    subscribe,
  }
})
