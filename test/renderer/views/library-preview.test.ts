// The stored file preview: opened from a tile, moved through with the arrow keys, closed with Esc; its actions
// copy the address, start a new post with the file, and delete after confirmation.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pictureAddress } from '../../../common/pictures'
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
    // main's copy of the picture, on the page's own origin.
    expect(preview()!.querySelector('img')!.getAttribute('src')).toBe(
      pictureAddress(context.fake.data.files[1]!.url),
    )
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

describe('stored file list: order, kind and several files in a new post', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest()
  })
  afterEach(() => document.body.replaceChildren())

  const names = (wrapper: Awaited<ReturnType<typeof mountWith>>) =>
    wrapper
      .findAll('[data-testid="stored-file"] [data-testid="file-name"]')
      .map((n) => (n.find('.visually-hidden').exists() ? n.get('.visually-hidden') : n).text())

  it('sorts the page by size or name and filters it by kind', async () => {
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    expect(names(wrapper).slice(0, 2)).toEqual(['asset-0.mp4', 'asset-1.jpg'])
    await wrapper.get('[data-testid="files-sort"] select').setValue('Largest first')
    expect(names(wrapper).slice(0, 2)).toEqual(['asset-19.jpg', 'asset-18.mp4'])
    await wrapper.get('[data-testid="files-sort"] select').setValue('By name')
    // Numbers in names sort as numbers: asset-2 before asset-10.
    expect(names(wrapper).slice(0, 3)).toEqual(['asset-0.mp4', 'asset-1.jpg', 'asset-2.pdf'])
    await wrapper.get('[data-testid="files-kind"] select').setValue('Videos')
    expect(names(wrapper).every((name) => name.endsWith('.mp4'))).toBe(true)
    expect(names(wrapper)).toHaveLength(7)
  })

  it('starts a new post with the selected images and videos', async () => {
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    const boxes = wrapper.findAll('[data-testid="stored-file"] input[type="checkbox"]')
    for (const i of [0, 1, 2]) await boxes[i]!.setValue(true)
    const button = wrapper.get('[data-testid="bulk-compose"]')
    expect(button.text()).toBe('Use 2 in a new post')
    await button.trigger('click')
    const files = context.fake.data.files
    expect(useComposeRequestStore().take()).toEqual([
      { type: 'video', url: files[0]!.url, alt: '', thumbnail: '' },
      { type: 'image', url: files[1]!.url, alt: '', thumbnail: '' },
    ])
  })

  it('cuts a long name in its middle, the full name in its title and accessible name', async () => {
    context.fake.data.files[0]!.filename = 'video-besar-50mb-kampanye-final.mp4'
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    const name = wrapper.findAll('[data-testid="file-name"]')[0]!
    expect(name.attributes('title')).toBe('video-besar-50mb-kampanye-final.mp4')
    expect(name.get('[aria-hidden="true"]').text()).toMatch(/^video-besar-.*….*final\.mp4$/)
    expect(name.get('.visually-hidden').text()).toBe('video-besar-50mb-kampanye-final.mp4')
  })
})
