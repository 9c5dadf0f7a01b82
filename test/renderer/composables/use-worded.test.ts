// A message kept as how to word it follows the language: said in English, it reads in Bahasa Indonesia once
// the person switches, without being said again; cleared, it is the "nothing" value in either.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { useI18n } from 'vue-i18n'
import { useWorded } from '../../../renderer/composables/use-worded'
import { mountWith, setupTest } from '../support/mount'

function probe() {
  let api!: ReturnType<typeof useWorded<string | null>> & { t: ReturnType<typeof useI18n>['t'] }
  const component = defineComponent({
    setup() {
      const { t } = useI18n()
      const worded = useWorded<string | null>(null)
      api = { ...worded, t }
      return () => h('p', { 'data-testid': 'said' }, worded.shown.value ?? 'nothing')
    },
  })
  return { component, api: () => api }
}

describe('useWorded', () => {
  afterEach(() => document.body.replaceChildren())

  it('rewords what it shows when the language changes, and clears to nothing', async () => {
    const context = setupTest()
    const { component, api } = probe()
    const wrapper = await mountWith(component, context)
    const said = () => wrapper.get('[data-testid=said]').text()
    expect(said()).toBe('nothing')

    api().say(() => api().t('planner.preflight.blocked'))
    await flushPromises()
    expect(said()).toBe('A network refuses this post as it is: fix the lines marked Refused, then schedule.')

    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect(said()).toBe(
      'Sebuah jaringan menolak postingan ini: perbaiki baris bertanda Ditolak, lalu jadwalkan.',
    )

    api().clear()
    await flushPromises()
    expect(said()).toBe('nothing')
  })
})
