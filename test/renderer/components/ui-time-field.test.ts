import { enableAutoUnmount, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { createAppI18n, type AppLocale } from '../../../renderer/i18n'
import UiTimeField from '../../../renderer/components/ui/UiTimeField.vue'

enableAutoUnmount(afterEach)

function mountField(locale: AppLocale, initial = '23:02') {
  const value = ref(initial)
  const Host = defineComponent({
    setup: () => () =>
      h('label', [
        'Time',
        h(UiTimeField, {
          modelValue: value.value,
          'onUpdate:modelValue': (next: string) => (value.value = next),
          'data-testid': 'time',
        }),
      ]),
  })
  const i18n = createAppI18n(locale)
  const wrapper = mount(Host, { attachTo: document.body, global: { plugins: [i18n] } })
  const input = wrapper.find<HTMLInputElement>('[data-testid=time]')
  return { wrapper, input, value, i18n }
}

describe('UiTimeField', () => {
  afterEach(() => document.body.replaceChildren())

  it('shows the time on the 24-hour clock in English and reads one typed in it', async () => {
    const { input, value } = mountField('en')
    expect(input.element.value).toBe('23:02')
    expect(input.attributes('type')).toBe('text')
    await input.setValue('9.05')
    expect(value.value).toBe('09:05')
    await input.trigger('blur')
    expect(input.element.value).toBe('09:05')
  })

  it('shows the time in Bahasa Indonesia with a dot and reads either separator', async () => {
    const { input, value } = mountField('id')
    expect(input.element.value).toBe('23.02')
    expect(input.attributes('placeholder')).toBe('14.30')
    await input.setValue('7:45')
    expect(value.value).toBe('07:45')
    await input.trigger('blur')
    expect(input.element.value).toBe('07.45')
    await input.setValue('1830')
    expect(value.value).toBe('18:30')
  })

  it('shows the time in the new format when the language changes while it has the focus', async () => {
    const { input, i18n } = mountField('en')
    input.element.focus()
    await input.trigger('keydown', { key: 'ArrowUp' })
    expect(input.element.value).toBe('23:03')
    i18n.global.locale.value = 'id'
    await nextTick()
    expect(input.element.value).toBe('23.03')
  })

  it('says when it cannot read a time, and keeps the last good one', async () => {
    const { wrapper, input, value } = mountField('en')
    for (const bad of ['24:00', '9:75', '11 pm', 'noon']) {
      await input.setValue(bad)
      expect(value.value).toBe('23:02')
      expect(input.attributes('aria-invalid')).toBe('true')
      expect(wrapper.find('[data-testid=time-field-unreadable]').text()).toContain('14:30')
    }
    await input.trigger('blur')
    expect(input.element.value).toBe('noon')
    await input.setValue('')
    expect(value.value).toBe('')
    expect(input.attributes('aria-invalid')).toBe('false')
  })

  it('steps a minute with the arrows and an hour with Page Up and Page Down, around midnight', async () => {
    const { input, value } = mountField('id', '23:59')
    await input.trigger('keydown', { key: 'ArrowUp' })
    expect(value.value).toBe('00:00')
    await input.trigger('keydown', { key: 'ArrowDown' })
    expect(value.value).toBe('23:59')
    await input.trigger('keydown', { key: 'PageUp' })
    expect(value.value).toBe('00:59')
    await input.trigger('keydown', { key: 'PageDown' })
    await input.trigger('keydown', { key: 'PageDown' })
    expect(value.value).toBe('22:59')
    expect(input.element.value).toBe('22.59')
  })

  it('is one Tab stop, named by its label, with the keys described', () => {
    const { wrapper, input } = mountField('id')
    const stops = wrapper.findAll('input, button').filter((el) => el.attributes('tabindex') !== '-1')
    expect(stops).toHaveLength(1)
    expect(input.element.labels?.[0]?.textContent).toContain('Time')
    const hint = document.getElementById(input.attributes('aria-describedby')!)
    expect(hint?.textContent).toContain('24 jam')
  })
})
