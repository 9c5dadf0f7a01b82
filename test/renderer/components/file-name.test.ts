// A file's name is cut in its middle where it is shown, keeping its end and extension, and read whole.
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import FileName from '../../../renderer/components/common/FileName.vue'

describe('FileName', () => {
  it('keeps the end and the extension of a long name visible, and the whole name for screen readers', () => {
    const name = 'IMG_wedding_pelaminan_panorama_0003.jpg'
    const wrapper = mount(FileName, { props: { name } })
    const shown = wrapper.get('[aria-hidden="true"]').text()
    expect(shown.length).toBeLessThanOrEqual(26)
    expect(shown).toMatch(/^IMG_wedding.*….*0003\.jpg$/)
    expect(wrapper.get('.visually-hidden').text()).toBe(name)
    expect(wrapper.attributes('title')).toBe(name)
  })

  it('shows a short name once, as it is', () => {
    const wrapper = mount(FileName, { props: { name: 'menu.png' } })
    expect(wrapper.text()).toBe('menu.png')
    expect(wrapper.find('.visually-hidden').exists()).toBe(false)
  })
})
