// The stored file preview: opened from a tile, moved through with the arrow keys, closed with Esc; its actions
// copy the address, start a new post with the file, and delete after confirmation.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LibraryView from '../../../renderer/views/LibraryView.vue'
import { useComposeRequestStore } from '../../../renderer/stores/compose-request'
import { stubClipboard, stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const preview = () => document.querySelector<HTMLElement>('[data-testid="file-preview"]')
const shownName = () => preview()?.querySelector('[data-testid="preview-name"]')?.textContent
async function press(key: string, target: EventTarget = document.activeElement ?? document.body) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
  await flushPromises()
}
const click = async (testid: string) => {
  document.querySelector<HTMLElement>(`[data-testid="${testid}"]`)!.click()
  await flushPromises()
}

describe('stored file preview', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest()
  })
  afterEach(() => document.body.replaceChildren())

  async function openPreview(index: number) {
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    await wrapper.findAll('[data-testid="file-preview-open"]')[index]!.trigger('click')
    await flushPromises()
    return wrapper
  }

  it('shows an image, a video with controls and another type by its details, moving with the arrows', async () => {
    await openPreview(1)
    expect(shownName()).toBe('asset-1.jpg')
    expect(preview()!.querySelector('img')!.getAttribute('src')).toBe(context.fake.data.files[1]!.url)
    await press('ArrowRight')
    expect(shownName()).toBe('asset-2.pdf')
    expect(preview()!.dataset.kind).toBe('document')
    expect(preview()!.textContent).toContain('No preview for this type of file.')
    await press('ArrowLeft')
    await press('ArrowLeft')
    expect(shownName()).toBe('asset-0.mp4')
    expect(preview()!.querySelector('video')!.hasAttribute('controls')).toBe(true)
    // From the first file, left goes round to the last one of the page.
    await press('ArrowLeft')
    expect(shownName()).toBe('asset-19.jpg')
    await press('Escape')
    expect(preview()).toBeNull()
  })

  it('leaves the arrows to a focused video player', async () => {
    await openPreview(0)
    await press('ArrowRight', preview()!.querySelector('video')!)
    expect(shownName()).toBe('asset-0.mp4')
  })

  it('copies the address and starts a new post with the file', async () => {
    const writeText = stubClipboard()
    await openPreview(1)
    await click('preview-copy')
    expect(writeText).toHaveBeenCalledWith(context.fake.data.files[1]!.url)
    await click('preview-compose')
    // The Planner view is loaded on demand: the navigation ends once its chunk is in.
    await vi.waitFor(() => expect(context.router.currentRoute.value.path).toBe('/planner'), {
      timeout: 20_000,
    })
    expect(useComposeRequestStore().take()).toEqual([
      { type: 'image', url: context.fake.data.files[1]!.url, alt: '', thumbnail: '' },
    ])
    expect(preview()).toBeNull()
  }, 30_000)

  it('offers no new post for a file that cannot be a post’s media', async () => {
    await openPreview(2)
    expect(document.querySelector<HTMLButtonElement>('[data-testid="preview-compose"]')!.disabled).toBe(true)
  })

  it('deletes the shown file after confirmation, the arrows idle meanwhile', async () => {
    await openPreview(1)
    await click('preview-delete')
    expect(context.fake.requests('storage:delete')).toEqual([])
    await press('ArrowRight', document.body)
    expect(shownName()).toBe('asset-1.jpg')
    await click('confirm')
    expect(context.fake.requests('storage:delete')).toEqual([{ ids: ['file-001'] }])
    expect(preview()).toBeNull()
  })
})
