import { defineStore } from 'pinia'
import { blobToBase64 } from '../lib/make-thumbnail'
import { mediadeck } from '../lib/mediadeck'

/**
 * Video covers: a frame taken here is sent to main as bytes and kept there as a granted file, whose path the
 * media item carries in `thumbnail` until the outbox uploads it with the post (main/core/drafts/outbox.ts).
 */
export const useCoversStore = defineStore('covers', () => {
  /** Keeps the frame in main and answers the path that stands for it. */
  async function keepFrame(frame: Blob): Promise<string> {
    const kept = await mediadeck().files.saveCover({ data: await blobToBase64(frame) })
    return kept.path
  }
  return { keepFrame }
})
