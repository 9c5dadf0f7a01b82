import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { createAppI18n, type AppLocale } from '../../../renderer/i18n'
import UiDateField from '../../../renderer/components/ui/UiDateField.vue'

enableAutoUnmount(afterEach)

function mountField(locale: AppLocale, initial = '2026-11-26') {
  const value = ref(initial)
  const Host = defineComponent({
    setup: () => () =>
      h('label', [
        'Date',
        h(UiDateField, {
          modelValue: value.value,
          'onUpdate:modelValue': (next: string) => (value.value = next),
          'data-testid': 'date',
        }),
      ]),
  })
  const i18n = createAppI18n(locale)
  const wrapper = mount(Host, { attachTo: document.body, global: { plugins: [i18n] } })
  const input = wrapper.find<HTMLInputElement>('[data-testid=date]')
  return { wrapper, input, value, i18n }
}

describe('UiDateField', () => {
  afterEach(() => document.body.replaceChildren())

  it('shows the date in English and reads one typed in English', async () => {
    const { input, value } = mountField('en')
    expect(input.element.value).toBe('Nov 26, 2026')
    expect(input.attributes('type')).toBe('text')
    await input.setValue('Dec 3, 2026')
    expect(value.value).toBe('2026-12-03')
    await input.trigger('blur')
    expect(input.element.value).toBe('Dec 3, 2026')
  })

  it('shows the date in Bahasa Indonesia and reads day-first dates', async () => {
    const { input, value } = mountField('id')
    expect(input.element.value).toBe('26 Nov 2026')
    await input.setValue('3/12/2026')
    expect(value.value).toBe('2026-12-03')
    await input.trigger('blur')
    expect(input.element.value).toBe('3 Des 2026')
  })

  it('shows the date in the new format when the language changes while it has the focus', async () => {
    const { input, i18n } = mountField('en')
    input.element.focus()
    await input.trigger('keydown', { key: 'ArrowUp' })
    expect(input.element.value).toBe('Nov 27, 2026')
    i18n.global.locale.value = 'id'
    await nextTick()
    expect(input.element.value).toBe('27 Nov 2026')
  })

  it('says when it cannot read a date, and keeps the last good one', async () => {
    const { wrapper, input, value } = mountField('en')
    await input.setValue('31 Feb')
    expect(value.value).toBe('2026-11-26')
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(wrapper.find('[data-testid=date-field-unreadable]').text()).toContain('Type it like')
    await input.setValue('')
    expect(value.value).toBe('')
  })

  it('steps by a day with the arrows and by a month with Page Up and Page Down', async () => {
    const { input, value } = mountField('en', '2026-01-31')
    await input.trigger('keydown', { key: 'ArrowUp' })
    expect(value.value).toBe('2026-02-01')
    await input.trigger('keydown', { key: 'PageDown' })
    expect(value.value).toBe('2026-01-01')
    await input.trigger('keydown', { key: 'ArrowDown' })
    expect(value.value).toBe('2025-12-31')
    await input.trigger('keydown', { key: 'PageUp' })
    expect(value.value).toBe('2026-01-31')
    expect(input.element.value).toBe('Jan 31, 2026')
  })

  it('is one Tab stop, named by its label, with the keys described', () => {
    const { wrapper, input } = mountField('en')
    const stops = wrapper.findAll('input, button').filter((el) => el.attributes('tabindex') !== '-1')
    expect(stops).toHaveLength(1)
    expect(input.element.labels?.[0]?.textContent).toContain('Date')
    const hint = document.getElementById(input.attributes('aria-describedby')!)
    expect(hint?.textContent).toContain('Page Up')
  })

  it('picks a date from a month opened with Alt+Down, arrows moving the focus, and gives the focus back', async () => {
    const { wrapper, input, value } = mountField('id')
    await input.trigger('keydown', { key: 'ArrowDown', altKey: true })
    await flushPromises()
    const picker = wrapper.find('[data-testid=date-field-picker]')
    expect(picker.text()).toContain('November 2026')
    expect(document.activeElement?.getAttribute('data-iso')).toBe('2026-11-26')
    await picker.trigger('keydown', { key: 'ArrowRight' })
    await flushPromises()
    expect(document.activeElement?.getAttribute('data-iso')).toBe('2026-11-27')
    ;(document.activeElement as HTMLElement).click()
    await flushPromises()
    expect(value.value).toBe('2026-11-27')
    expect(input.element.value).toBe('27 Nov 2026')
    expect(wrapper.find('[data-testid=date-field-picker]').exists()).toBe(false)
    expect(document.activeElement).toBe(input.element)
  })
})
