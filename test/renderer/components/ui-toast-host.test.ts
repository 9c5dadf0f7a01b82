import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createMemoryHistory } from 'vue-router'
import UiToastHost from '../../../renderer/components/ui/UiToastHost.vue'
import { createAppI18n } from '../../../renderer/i18n'
import { createAppRouter } from '../../../renderer/router'
import { UNDO_TIMEOUT_MS, useToastsStore } from '../../../renderer/stores/toasts'

enableAutoUnmount(afterEach)

describe('UiToastHost', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    setActivePinia(createPinia())
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  function mountHost() {
    const Host = defineComponent({
      setup: () => () => [
        h('main', { tabindex: -1 }, [h('button', { id: 'action' }, 'Delete')]),
        h(UiToastHost),
      ],
    })
    return mount(Host, {
      attachTo: document.body,
      global: { plugins: [createAppI18n('en'), createAppRouter(createMemoryHistory())] },
    })
  }

  it('holds an action until the toast closes, and sends it then', async () => {
    const wrapper = mountHost()
    const commit = vi.fn()
    useToastsStore().hold({ tone: 'info', title: 'Deleted', undoLabel: 'Undo' }, { commit, undo: vi.fn() })
    await flushPromises()
    expect(wrapper.find('[data-testid=toast-undo]').text()).toBe('Undo')
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS - 1)
    expect(commit).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    await flushPromises()
    expect(commit).toHaveBeenCalledOnce()
    expect(wrapper.find('[data-testid=toast]').exists()).toBe(false)
  })

  it('pauses while hovered or focused, and Undo never sends; the focus goes back, not to the body', async () => {
    const wrapper = mountHost()
    const commit = vi.fn()
    const undo = vi.fn()
    useToastsStore().hold({ tone: 'info', title: 'Moved', undoLabel: 'Undo' }, { commit, undo })
    await flushPromises()
    const toast = wrapper.find('[data-testid=toast]')
    await toast.trigger('mouseenter')
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS * 3)
    expect(toast.exists()).toBe(true)
    await toast.trigger('mouseleave')

    const action = document.getElementById('action')!
    action.focus()
    const undoButton = wrapper.find<HTMLButtonElement>('[data-testid=toast-undo]')
    undoButton.element.dispatchEvent(new FocusEvent('focusin', { bubbles: true, relatedTarget: action }))
    undoButton.element.focus()
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS * 3)
    expect(wrapper.find('[data-testid=toast]').exists()).toBe(true)

    await undoButton.trigger('click')
    await flushPromises()
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS * 3)
    await flushPromises()
    expect(undo).toHaveBeenCalledOnce()
    expect(commit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(action)
  })

  it('keeps waiting when the pointer leaves a toast the focus is still in', async () => {
    const wrapper = mountHost()
    const commit = vi.fn()
    useToastsStore().hold({ tone: 'info', title: 'Retrying', undoLabel: 'Undo' }, { commit, undo: vi.fn() })
    await flushPromises()
    const toast = wrapper.find('[data-testid=toast]')
    await toast.trigger('mouseenter')
    const undoButton = wrapper.find<HTMLButtonElement>('[data-testid=toast-undo]')
    undoButton.element.focus()
    await undoButton.trigger('focusin')
    // The page is resized under the resting pointer: the toast moves from under it.
    await toast.trigger('mouseleave')
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS * 3)
    await flushPromises()
    expect(commit).not.toHaveBeenCalled()
    expect(wrapper.find('[data-testid=toast]').exists()).toBe(true)
    // The focus goes elsewhere: the toast goes on and closes in its time.
    document.getElementById('action')!.focus()
    await undoButton.trigger('focusout', { relatedTarget: document.getElementById('action') })
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS)
    await flushPromises()
    expect(commit).toHaveBeenCalledOnce()
  })

  it('sends what it holds when the page goes away', async () => {
    mountHost()
    const commit = vi.fn()
    useToastsStore().hold({ tone: 'info', title: 'Retrying', undoLabel: 'Undo' }, { commit, undo: vi.fn() })
    window.dispatchEvent(new Event('pagehide'))
    await flushPromises()
    expect(commit).toHaveBeenCalledOnce()
  })
})
