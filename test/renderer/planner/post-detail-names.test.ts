// Post detail names a post's media by the names the person gave them, not by their storage keys, also for a
// file far past the newest hundred of the library: those are asked of main by address (storage:names), never
// by reading the whole library. The names are cut in the middle, the extension kept.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import PostDetailDialog from '../../../renderer/components/planner/PostDetailDialog.vue'
import { makeSchedule, makeStoredFile } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)
afterEach(() => document.body.replaceChildren())

describe('post detail file names', () => {
  for (const locale of ['en', 'id'] as const) {
    it(`shows the library's names, beyond the newest hundred too (${locale})`, async () => {
      const files = Array.from({ length: 150 }, (_, i) =>
        makeStoredFile(i, i === 140 ? { filename: 'pelaminan panorama 3x1 resepsi malam.jpg' } : {}),
      )
      const context = setupTest({ locale, data: { files } })
      const image = (url: string) => ({ alt: '', type: 'image' as const, url, thumbnail: '' })
      const post = makeSchedule(1, { type: 'album', medias: [image(files[4]!.url), image(files[140]!.url)] })
      await mountWith(PostDetailDialog, context, {
        route: '/planner',
        props: { post, timeZone: 'Asia/Jakarta', open: true },
      })
      await flushPromises()
      const names = [...document.querySelectorAll('[data-testid=detail-media] li')].map((item) => [
        item.getAttribute('title'),
        // What the eye sees: the name cut in its middle, its end and extension kept.
        (item.querySelector('.detail__name [aria-hidden]') ?? item.querySelector('.detail__name'))!
          .textContent,
      ])
      expect(names).toEqual([
        ['asset-4.jpg', 'asset-4.jpg'],
        ['pelaminan panorama 3x1 resepsi malam.jpg', 'pelaminan pano…i malam.jpg'],
      ])
      // Only the file the newest page did not hold is asked for by its address.
      expect(context.fake.requests('storage:names')).toEqual([{ urls: [files[140]!.url] }])
      expect(context.fake.requests('storage:files').every((r) => r.limit <= 100)).toBe(true)
    })
  }
})
