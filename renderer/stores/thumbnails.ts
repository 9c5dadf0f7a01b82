import { defineStore } from 'pinia'
import { ref } from 'vue'
import { mediadeck } from '../lib/mediadeck'
import { blobToBase64, makeThumbnail, type ThumbnailMaker } from '../lib/make-thumbnail'

type ThumbState = 'loading' | 'ready' | 'failed'

/** Thumbnails made at once; decoding a large image or seeking a video is heavy, and tiles come in pages. */
const CONCURRENCY = 2
const GET_BATCH = 100

/**
 * The tiles' small pictures by the file's address: first asked of main's cache (one call for the tiles of a
 * page, answered with addresses of the page's own picture route, so a kept one shows offline and its bytes
 * never cross IPC), and those it lacks made here, shown, and sent to main to keep. A file whose thumbnail
 * cannot be made is marked failed and its tile shows the original, as before thumbnails existed.
 */
export const useThumbnailsStore = defineStore('thumbnails', () => {
  const urls = ref<Record<string, string>>({})
  const states = ref<Record<string, ThumbState>>({})
  let maker: ThumbnailMaker = makeThumbnail
  let asking: Array<{ key: string; kind: 'image' | 'video' }> = []
  let askTimer: ReturnType<typeof setTimeout> | undefined
  const toMake: Array<{ key: string; kind: 'image' | 'video' }> = []
  let making = 0
  const kinds = new Map<string, 'image' | 'video'>()

  /** Tests replace the decoder (jsdom has no canvas). */
  function useMaker(next: ThumbnailMaker) {
    maker = next
  }

  function want(key: string, kind: 'image' | 'video') {
    if (states.value[key]) return
    states.value = { ...states.value, [key]: 'loading' }
    kinds.set(key, kind)
    asking.push({ key, kind })
    askTimer ??= setTimeout(() => void ask(), 0)
  }

  async function ask() {
    askTimer = undefined
    const batch = asking
    asking = []
    for (let i = 0; i < batch.length; i += GET_BATCH) {
      const part = batch.slice(i, i + GET_BATCH)
      let found: Record<string, string> = {}
      try {
        found = await mediadeck().thumbnails.get({ keys: part.map((p) => p.key) })
      } catch {
        // The cache could not answer: make them here all the same.
      }
      for (const item of part) {
        if (found[item.key]) set(item.key, found[item.key]!)
        else toMake.push(item)
      }
    }
    pump()
  }

  /**
   * The kept thumbnail main named did not load (evicted since it answered): made again, once. One made here
   * that does not show either is failed.
   */
  function lost(key: string) {
    const url = urls.value[key]
    if (!url || url.startsWith('data:')) {
      states.value = { ...states.value, [key]: 'failed' }
      return
    }
    const { [key]: _gone, ...rest } = urls.value
    urls.value = rest
    toMake.push({ key, kind: kinds.get(key) ?? 'image' })
    pump()
  }

  function set(key: string, url: string) {
    urls.value = { ...urls.value, [key]: url }
    states.value = { ...states.value, [key]: 'ready' }
  }

  function pump() {
    while (making < CONCURRENCY && toMake.length > 0) {
      const item = toMake.shift()!
      making++
      void make(item).finally(() => {
        making--
        pump()
      })
    }
  }

  async function make({ key, kind }: { key: string; kind: 'image' | 'video' }) {
    let data: string
    try {
      const blob = await maker(key, kind)
      data = await blobToBase64(blob)
      set(key, `data:${blob.type};base64,${data}`)
    } catch {
      states.value = { ...states.value, [key]: 'failed' }
      return
    }
    // Keeping it is a saving for the next time, not a condition of showing it.
    await mediadeck()
      .thumbnails.put({ key, data })
      .catch(() => undefined)
  }

  return { urls, states, want, lost, useMaker }
})
