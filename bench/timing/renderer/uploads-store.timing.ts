// The renderer's uploads store on the wall clock: one progress event of 1,000 items is applied within 200 ms
// in jsdom. test/renderer/stores/uploads.test.ts pins what the event does to the store.
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { useUploadsStore } from '../../../renderer/stores/uploads'
import {
  createFakeMediadeck,
  installFakeMediadeck,
  uploadTotalsOf,
} from '../../../test/renderer/support/fake-mediadeck'
import { makeUploadItem } from '../../../test/renderer/support/fixtures'

describe('uploads store on the wall clock', () => {
  it('applies 1,000 items in one event within 200 ms', async () => {
    const fake = installFakeMediadeck(
      createFakeMediadeck({ uploads: [makeUploadItem(1), makeUploadItem(2)] }),
    )
    setActivePinia(createPinia())
    const store = useUploadsStore()
    store.subscribe()
    await store.load()
    const items = Array.from({ length: 1000 }, (_, i) => makeUploadItem(i + 10))
    const started = performance.now()
    fake.emit('uploads:progress', { items, removed: [], totals: uploadTotalsOf(items) })
    const took = performance.now() - started
    console.log(`1,000 items applied in ${took.toFixed(1)} ms`)
    expect(store.items).toHaveLength(1002)
    expect(took).toBeLessThan(200)
  })
})
