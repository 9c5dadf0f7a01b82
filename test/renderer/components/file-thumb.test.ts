// Tiles show small thumbnails, never the originals: kept ones are named by main in one call per page and load
// from the page's own picture route, missing ones are made once here and sent to main as bytes; a file whose
// thumbnail cannot be made shows the original.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LibraryView from '../../../renderer/views/LibraryView.vue'
import { useThumbnailsStore } from '../../../renderer/stores/thumbnails'
import { thumbnailAddress } from '../../../common/pictures'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

describe('stored file thumbnails', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest()
  })
  afterEach(() => document.body.replaceChildren())

  it('asks main once for the page, makes the missing ones, and keeps them with main as bytes', async () => {
    const kept = context.fake.data.files[1]!.url
    context.fake.data.thumbnails[kept] = 'S0VQVA=='
    const maker = vi.fn(async (url: string) => new Blob([`thumb of ${url}`], { type: 'image/webp' }))
    useThumbnailsStore().useMaker(maker)
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    await vi.waitFor(() => expect(context.fake.requests('thumbnails:put').length).toBeGreaterThan(0))
    await flushPromises()

    const gets = context.fake.requests('thumbnails:get')
    expect(gets).toHaveLength(1)
    // The page's images and videos; the PDFs have no thumbnail to ask for.
    const media = context.fake.data.files.slice(0, 20).filter((f) => !f.filename.endsWith('.pdf'))
    expect(gets[0]!.keys.sort()).toEqual(media.map((f) => f.url).sort())
    expect(maker.mock.calls.map(([url]) => url)).not.toContain(kept)
    expect(maker).toHaveBeenCalledTimes(media.length - 1)
    const puts = context.fake.requests('thumbnails:put')
    expect(puts).toHaveLength(media.length - 1)
    expect(atob(puts[0]!.data)).toBe(`thumb of ${puts[0]!.key}`)

    const cards = wrapper.findAll('[data-testid="stored-file"]')
    // The kept one from the page's own origin, by its file's address; the ones just made from this page.
    expect(cards[1]!.get('img').attributes('src')).toBe(thumbnailAddress(kept))
    expect(cards[1]!.get('img').attributes('src')).toMatch(/^picture\?thumb=/)
    // No tile loads an original.
    for (const [i, img] of wrapper.findAll('[data-testid="stored-file"] img').entries())
      if (i !== 1) expect(img.attributes('src')).toMatch(/^data:image\/webp;base64,/)
    expect(wrapper.findAll('[data-testid="stored-file"] video')).toHaveLength(0)
  })

  it('shows the original when a thumbnail cannot be made', async () => {
    useThumbnailsStore().useMaker(async () => {
      throw new Error('tainted canvas')
    })
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    await vi.waitFor(() =>
      expect(wrapper.findAll('[data-testid="stored-file"] img').length).toBeGreaterThan(0),
    )
    const cards = wrapper.findAll('[data-testid="stored-file"]')
    expect(cards[1]!.get('img').attributes('src')).toBe(context.fake.data.files[1]!.url)
    expect(cards[1]!.get('img').attributes('loading')).toBe('lazy')
    expect(cards[0]!.get('video').attributes('preload')).toBe('metadata')
    expect(context.fake.requests('thumbnails:put')).toEqual([])
  })

  it('makes a kept thumbnail again when it does not load (evicted since main named it)', async () => {
    const kept = context.fake.data.files[1]!.url
    context.fake.data.thumbnails[kept] = 'S0VQVA=='
    const maker = vi.fn(async (url: string) => new Blob([`thumb of ${url}`], { type: 'image/webp' }))
    useThumbnailsStore().useMaker(maker)
    const wrapper = await mountWith(LibraryView, context, { route: '/library' })
    await vi.waitFor(() =>
      expect(wrapper.find(`[data-testid="stored-file"] img[src="${thumbnailAddress(kept)}"]`).exists()).toBe(
        true,
      ),
    )
    await wrapper.get(`img[src="${thumbnailAddress(kept)}"]`).trigger('error')
    await vi.waitFor(() => expect(maker.mock.calls.map(([url]) => url)).toContain(kept))
    await flushPromises()
    expect(wrapper.findAll('[data-testid="stored-file"]')[1]!.get('img').attributes('src')).toMatch(/^data:/)
  })
})
