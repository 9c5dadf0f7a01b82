// A stored picture in the composer is shown from the page's own origin: main's copy first, the library's
// thumbnail when that fails, and nothing (with `error`) when both do; the storage host is never asked.
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { pictureAddress, thumbnailAddress } from '../../../common/pictures'
import StoredImage from '../../../renderer/components/ui/StoredImage.vue'

const FILE = 'https://storage.repliz.com/u1/photo.jpg'

describe('StoredImage', () => {
  it("falls back from main's copy to the library thumbnail, then to nothing, and says so", async () => {
    const wrapper = mount(StoredImage, { props: { src: FILE }, attrs: { class: 'x', 'data-testid': 'pic' } })
    const img = () => wrapper.find('[data-testid="pic"]')
    expect(img().attributes('src')).toBe(pictureAddress(FILE))
    expect(img().attributes('alt')).toBe('')
    expect(img().classes()).toContain('x')
    await img().trigger('error')
    expect(img().attributes('src')).toBe(thumbnailAddress(FILE))
    expect(wrapper.emitted('error')).toBeUndefined()
    await img().trigger('error')
    expect(img().exists()).toBe(false)
    expect(wrapper.emitted('error')).toHaveLength(1)
    // A new picture starts again from main's copy.
    await wrapper.setProps({ src: `${FILE}?2` })
    expect(img().attributes('src')).toBe(pictureAddress(`${FILE}?2`))
  })

  it("shows a local file's page address as it is", () => {
    const wrapper = mount(StoredImage, { props: { src: 'local-file?path=%2Fa.png', alt: 'Cover' } })
    expect(wrapper.get('img').attributes('src')).toBe('local-file?path=%2Fa.png')
    expect(wrapper.get('img').attributes('alt')).toBe('Cover')
  })
})
