// Two accounts of one name told apart wherever an account is named: the network's mark (spoken as the network)
// and the username beside the name, in the campaign editor, the list, post detail, the failed list and Activity.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import AccountLabel from '../../../renderer/components/common/AccountLabel.vue'
import { useAccountLabel } from '../../../renderer/composables/use-account-label'
import { useAccountsStore } from '../../../renderer/stores/accounts'
import { makeAccount } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

afterEach(() => document.body.replaceChildren())

const twins = [
  { ...makeAccount('a-ig', 'Roti Bu Ani Bandung', 'instagram'), username: 'rotibuani' },
  { ...makeAccount('a-fb', 'Roti Bu Ani Bandung', 'facebook'), username: 'rotibuani.bdg' },
]

async function mountLabels(locale: 'en' | 'id') {
  const context = setupTest({ locale, data: { accounts: twins } })
  useAccountsStore().accounts = twins
  let described: string[] = []
  const Host = defineComponent(() => {
    const { describe } = useAccountLabel()
    return () => {
      described = [describe('a-ig'), describe('a-fb'), describe('gone', 'Someone')]
      return h('div', [
        h(AccountLabel, { accountId: 'a-ig' }),
        h(AccountLabel, { accountId: 'a-fb' }),
        h(AccountLabel, { accountId: 'gone', fallback: 'Someone' }),
      ])
    }
  })
  await mountWith(Host, context)
  await flushPromises()
  return { described: () => described }
}

describe('AccountLabel', () => {
  it('shows the network (named for screen readers) and the username beside the name', async () => {
    await mountLabels('en')
    const labels = [...document.querySelectorAll('[data-testid=account-label]')]
    // Each part its own element (flex items, which a screen reader reads apart).
    const parts = labels.map((l) => [...l.children].map((c) => c.textContent!.trim()))
    expect(parts).toEqual([
      ['IG', 'Roti Bu Ani Bandung', '@rotibuani'],
      ['f', 'Roti Bu Ani Bandung', '@rotibuani.bdg'],
      ['Someone'],
    ])
    const marks = labels.map((l) => l.querySelector('[role=img]')?.getAttribute('aria-label'))
    expect(marks).toEqual(['Instagram', 'Facebook', undefined])
  })

  it('describes an account as one line of text for buttons and options, in Indonesian too', async () => {
    const { described } = await mountLabels('id')
    expect(described()).toEqual([
      'Roti Bu Ani Bandung (Instagram, @rotibuani)',
      'Roti Bu Ani Bandung (Facebook, @rotibuani.bdg)',
      'Someone',
    ])
  })
})
