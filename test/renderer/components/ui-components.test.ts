import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { createAppI18n } from '../../../renderer/i18n'
import UiAvatar from '../../../renderer/components/ui/UiAvatar.vue'
import UiDialog from '../../../renderer/components/ui/UiDialog.vue'
import UiMultiSelect from '../../../renderer/components/ui/UiMultiSelect.vue'
import UiPagination from '../../../renderer/components/ui/UiPagination.vue'
import UiProgressBar from '../../../renderer/components/ui/UiProgressBar.vue'
import UiSearchInput from '../../../renderer/components/ui/UiSearchInput.vue'

enableAutoUnmount(afterEach)
const global = { plugins: [createAppI18n('en')] }

describe('UiDialog', () => {
  afterEach(() => document.body.replaceChildren())

  function mountDialog() {
    const open = ref(false)
    const Host = defineComponent({
      setup: () => () => [
        h('button', { id: 'opener', onClick: () => (open.value = true) }, 'open'),
        h(
          UiDialog,
          { open: open.value, 'onUpdate:open': (value: boolean) => (open.value = value), title: 'Title' },
          { default: () => [h('input', { id: 'first' }), h('button', { id: 'last' }, 'last')] },
        ),
      ],
    })
    const wrapper = mount(Host, { attachTo: document.body, global })
    return { wrapper, open }
  }

  it('moves focus in, traps Tab, closes on Escape and returns focus', async () => {
    const { wrapper, open } = mountDialog()
    const opener = wrapper.get('#opener').element as HTMLButtonElement
    opener.focus()
    await wrapper.get('#opener').trigger('click')
    await flushPromises()
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement?.id).toBe('first')

    document.getElementById('last')!.focus()
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }))
    // Wrapped to the first focusable: the close button in the header.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close')

    dialog.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }),
    )
    expect(document.activeElement?.id).toBe('last')

    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(open.value).toBe(false)
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})

describe('UiSearchInput', () => {
  it('emits after the typing pauses, once', async () => {
    vi.useFakeTimers()
    const values: string[] = []
    const wrapper = mount(UiSearchInput, {
      props: {
        modelValue: '',
        label: 'Search',
        'onUpdate:modelValue': (value: string) => values.push(value),
      },
      global,
    })
    const input = wrapper.get('input')
    await input.setValue('a')
    await input.setValue('ab')
    vi.advanceTimersByTime(299)
    expect(values).toEqual([])
    vi.advanceTimersByTime(1)
    expect(values).toEqual(['ab'])
    vi.useRealTimers()
  })

  it('emits at once on Enter and clears with the clear button', async () => {
    const values: string[] = []
    const wrapper = mount(UiSearchInput, {
      props: {
        modelValue: '',
        label: 'Search',
        'onUpdate:modelValue': (value: string) => values.push(value),
      },
      global,
    })
    await wrapper.get('input').setValue('kopi')
    await wrapper.get('input').trigger('keydown', { key: 'Enter' })
    expect(values).toEqual(['kopi'])
    await wrapper.setProps({ modelValue: 'kopi' })
    await wrapper.get('button[aria-label="Clear search"]').trigger('click')
    expect(values).toEqual(['kopi', ''])
  })
})

describe('UiPagination', () => {
  it('shows x–y of N from pagingCounter and totalDocs and disables the ends', () => {
    const wrapper = mount(UiPagination, {
      props: {
        result: { page: 3, totalPages: 3, totalDocs: 45, pagingCounter: 41, docs: Array(5).fill({}) },
      },
      global,
    })
    expect(wrapper.get('[data-testid="page-range"]').text()).toBe('41–45 of 45')
    expect(wrapper.get('[data-testid="page-next"]').attributes('disabled')).toBeDefined()
    expect(wrapper.get('[data-testid="page-prev"]').attributes('disabled')).toBeUndefined()
  })

  it('formats numbers in the current language', () => {
    const wrapper = mount(UiPagination, {
      props: {
        result: { page: 1, totalPages: 200, totalDocs: 12345, pagingCounter: 1, docs: Array(100).fill({}) },
      },
      global: { plugins: [createAppI18n('id')] },
    })
    expect(wrapper.get('[data-testid="page-range"]').text()).toBe('1–100 dari 12.345')
  })
})

describe('UiMultiSelect', () => {
  it('toggles options with checkboxes and summarises the choice', async () => {
    const model = ref<string[]>([])
    const wrapper = mount(UiMultiSelect, {
      props: {
        label: 'Accounts',
        options: [
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'Beta' },
        ],
        modelValue: model.value,
        'onUpdate:modelValue': (value: string[]) => {
          model.value = value
          void wrapper.setProps({ modelValue: value })
        },
      },
      global,
      attachTo: document.body,
    })
    const trigger = wrapper.get('button[aria-expanded]')
    expect(trigger.text()).toContain('All')
    await trigger.trigger('click')
    expect(trigger.attributes('aria-expanded')).toBe('true')
    const boxes = wrapper.findAll('input[type="checkbox"]')
    expect(document.activeElement).toBe(boxes[0]!.element)
    await boxes[0]!.setValue(true)
    await boxes[1]!.setValue(true)
    expect(model.value).toEqual(['a', 'b'])
    expect(trigger.text()).toContain('2 selected')
    await wrapper.get('[role="group"]').trigger('keydown', { key: 'Escape' })
    expect(wrapper.find('[role="group"]').exists()).toBe(false)
    expect(document.activeElement).toBe(trigger.element)
  })
})

describe('UiAvatar and UiProgressBar', () => {
  it('falls back to initials when the picture fails', async () => {
    const wrapper = mount(UiAvatar, { props: { src: 'https://x/p.png', name: 'Kopi Senja' } })
    await wrapper.get('img').trigger('error')
    expect(wrapper.text()).toBe('KS')
  })

  it("asks main for the picture (the page's own origin), never the picture's host", () => {
    const wrapper = mount(UiAvatar, {
      props: { src: 'https://cdn.example/p.png?sig=1', name: 'Kopi Senja', pictureKey: 'account:a1' },
    })
    const src = wrapper.get('img').attributes('src')!
    expect(src).toBe('picture?src=https%3A%2F%2Fcdn.example%2Fp.png%3Fsig%3D1&key=account%3Aa1')
    // No picture at all: initials, nothing asked.
    expect(
      mount(UiAvatar, { props: { src: '', name: 'Ana' } })
        .find('img')
        .exists(),
    ).toBe(false)
  })

  it('exposes its value to assistive technology', () => {
    const wrapper = mount(UiProgressBar, { props: { value: 0.426, label: 'Upload' } })
    const bar = wrapper.get('[role="progressbar"]')
    expect(bar.attributes('aria-valuenow')).toBe('43')
    expect(bar.attributes('aria-label')).toBe('Upload')
  })
})
