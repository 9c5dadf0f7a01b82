// Changing an automation from the reader, and the Activity view, against the fake window.mediadeck: a switch
// sends the rule set with that one rule changed, a delete waits behind Undo (sent when the toast closes),
// offline the controls are disabled, and failed reports are explained and retried.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Report, Template } from '../../../common/service'
import UiToastHost from '../../../renderer/components/ui/UiToastHost.vue'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { UNDO_TIMEOUT_MS, useToastsStore } from '../../../renderer/stores/toasts'
import ActivityView from '../../../renderer/views/ActivityView.vue'
import AutomationsView from '../../../renderer/views/AutomationsView.vue'
import { ACCOUNT_FIXTURES, NOW, summaryOf } from '../support/fixtures'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

function report(id: string, status: 'error' | 'success', errorMessage?: string): Report {
  const account = ACCOUNT_FIXTURES[0]!
  return {
    _id: id,
    id,
    type: 'reply',
    status,
    value: { text: `Comment ${id}`, owner: { id: 'p', name: 'Sari', picture: '' } },
    accountId: account.id,
    createdAt: NOW,
    account: summaryOf(account),
    ...(errorMessage ? { errorMessage } : {}),
  } as Report
}

describe('changing an automation', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  async function openFirst() {
    const first = context.fake.data.automations[0]!
    const wrapper = await mountWith(AutomationsView, context, { route: `/automations?open=${first.id}` })
    useConnectionStore().subscribe()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'online' })
    await flushPromises()
    return { wrapper, first }
  }

  it("a rule's switch sends the rule set with only that rule changed", async () => {
    const { wrapper, first } = await openFirst()
    // The fake changes its record in place: keep what it was.
    const before = structuredClone(JSON.parse(JSON.stringify(first.config))) as typeof first.config
    const like = wrapper.get('section[data-rule="like"] [data-testid="rule-switch"]')
    expect(like.attributes('aria-checked')).toBe(String(before.like.isActive))
    await like.trigger('click')
    await flushPromises()
    const [sent] = context.fake.requests('automations:update')
    expect(sent!.id).toBe(first.id)
    expect((sent!.config.like as { isActive: boolean }).isActive).toBe(!before.like.isActive)
    expect(sent!.config.reply).toEqual(before.reply)
    expect(like.attributes('aria-checked')).toBe(String(!before.like.isActive))
    // Said once the service has it.
    expect(useToastsStore().items.map((toast) => toast.title)).toEqual([
      before.like.isActive ? 'Like is off: saved on the service.' : 'Like is on: saved on the service.',
    ])
  })

  it('two switches flipped while the first save is under way: the second waits and keeps the first', async () => {
    const { wrapper, first } = await openFirst()
    const before = JSON.parse(JSON.stringify(first.config)) as typeof first.config
    const release = context.fake.hold('automations:update')
    await wrapper.get('section[data-rule="reply"] [data-testid="rule-switch"]').trigger('click')
    await flushPromises()
    await wrapper.get('section[data-rule="like"] [data-testid="rule-switch"]').trigger('click')
    await flushPromises()
    // The second waits for the first: one request in flight.
    expect(context.fake.requests('automations:update')).toHaveLength(1)
    release()
    await flushPromises()
    await flushPromises()
    const sent = context.fake.requests('automations:update')
    expect(sent).toHaveLength(2)
    const [reply, like] = sent.map((r) => r.config as typeof before)
    expect(reply!.reply.isActive).toBe(!before.reply.isActive)
    // Before, the second carried the reply switch as it was before the first change, reverting it.
    expect(like!.reply.isActive).toBe(!before.reply.isActive)
    expect(like!.like.isActive).toBe(!before.like.isActive)
    expect(first.config.reply.isActive).toBe(!before.reply.isActive)
    expect(first.config.like.isActive).toBe(!before.like.isActive)
  })

  it('a template applied fills the fields shown, and what is typed after it is what is saved', async () => {
    const first = context.fake.data.automations[0]!
    const config = JSON.parse(JSON.stringify(first.config)) as typeof first.config
    config.story = { ...config.story, isActive: true, type: 'text', text: 'From the template' }
    context.fake.data.templates = [{ id: 't1', _id: 't1', name: 'Promo week', config } as Template]
    const { wrapper } = await openFirst()
    await wrapper.get('[data-testid="automation-edit"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="template-select"]').setValue('t1')
    await wrapper.get('[data-testid="template-apply"]').trigger('click')
    await flushPromises()
    const story = wrapper.get('fieldset[data-rule="story"] [data-testid="edit-text"]')
    // Before, the fields kept showing (and editing) the rules the template replaced.
    expect((story.element as HTMLTextAreaElement).value).toBe('From the template')
    await story.setValue('Typed after the template')
    await wrapper.get('[data-testid="editor-save"]').trigger('click')
    await flushPromises()
    const [sent] = context.fake.requests('automations:update')
    expect((sent!.config.story as { text: string }).text).toBe('Typed after the template')
  })

  it('offline, the switches and buttons are disabled and say why; nothing is sent', async () => {
    const { wrapper } = await openFirst()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'offline' })
    await flushPromises()
    expect(wrapper.get('[data-testid="changes-offline"]').text()).toContain('Nothing is kept to send later')
    for (const toggle of wrapper.findAll('[data-testid="rule-switch"]')) {
      expect(toggle.attributes('disabled')).toBeDefined()
    }
    expect(wrapper.get('[data-testid="automation-delete"]').attributes('disabled')).toBeDefined()
    expect(context.fake.requests('automations:update')).toEqual([])
  })

  it('a delete asks, hides the automation, and is sent only when the Undo toast closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { wrapper, first } = await openFirst()
    await mountWith(UiToastHost, context, { route: `/automations?open=${first.id}` })
    await wrapper.get('[data-testid="automation-delete"]').trigger('click')
    await flushPromises()
    const confirm = [...document.querySelectorAll('button')].find(
      (b) =>
        b.textContent?.trim() === 'Delete automation' && b.closest('[role="dialog"], [role="alertdialog"]'),
    )!
    confirm.click()
    await flushPromises()
    expect(wrapper.findAll('[data-testid="automation-row"]').map((r) => r.text())).not.toContain(
      first.detail.title,
    )
    expect(context.fake.requests('automations:delete')).toEqual([])
    vi.advanceTimersByTime(UNDO_TIMEOUT_MS - 100)
    await flushPromises()
    expect(context.fake.requests('automations:delete')).toEqual([])
    vi.advanceTimersByTime(200)
    await flushPromises()
    expect(context.fake.requests('automations:delete')).toEqual([{ id: first.id }])
  })
})

describe('ActivityView', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest({
      data: {
        reports: [
          report('r1', 'success'),
          report('r2', 'error', 'the comment was deleted before the reply was sent'),
          report('r3', 'error', 'something new the app has never seen'),
        ],
      },
    })
  })
  afterEach(() => document.body.replaceChildren())

  it('explains failures in plain words, keeps an unknown reason as the service said it, and retries', async () => {
    const wrapper = await mountWith(ActivityView, context, { route: '/activity' })
    useConnectionStore().subscribe()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'online' })
    await flushPromises()
    const why = wrapper.findAll('[data-testid="report-why"]').map((w) => w.text())
    expect(why).toEqual([
      'The comment was gone before the answer could be sent.',
      'something new the app has never seen',
    ])
    await wrapper.get('[data-testid="select-all-failed"]').setValue(true)
    await wrapper.get('[data-testid="retry-selected"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('reports:retry')).toEqual([{ ids: ['r2', 'r3'] }])
  })

  it('flags a failure on a disconnected account before it is retried, in both languages', async () => {
    for (const [locale, words] of [
      ['en', 'Account disconnected: a retry fails again until it is reconnected on repliz.com.'],
      ['id', 'Akun terputus: mencoba lagi akan gagal lagi sampai akun disambungkan ulang di repliz.com.'],
    ] as const) {
      const accounts = ACCOUNT_FIXTURES.map((account, i) => ({ ...account, isConnected: i !== 0 }))
      context = setupTest({
        locale,
        data: {
          accounts,
          reports: [
            report('r1', 'success'),
            report('r2', 'error', 'the comment was deleted before the reply was sent'),
            report(
              'r3',
              'error',
              'account Warung Kopi Senja (facebook) is disconnected; reconnect it and retry',
            ),
          ],
        },
      })
      const wrapper = await mountWith(ActivityView, context, { route: '/activity' })
      await flushPromises()
      const rows = wrapper.findAll('[data-testid="report-row"]')
      // The failure for another reason only: a success needs nothing, and a failure whose own reason is the
      // disconnection says so already.
      const flagged = rows.map((row) => row.find('[data-testid="report-disconnected"]').exists())
      expect(flagged).toEqual([false, true, false])
      expect(rows[1]!.get('[data-testid="report-disconnected"]').text()).toBe(words)
      expect(rows[2]!.get('[data-testid="report-why"]').text()).toMatch(/disconnected|terputus/)
      wrapper.unmount()
    }
  })

  it('filters by outcome through the service', async () => {
    const wrapper = await mountWith(ActivityView, context, { route: '/activity' })
    await flushPromises()
    await wrapper.get('[data-testid="filter-status"] select').setValue('Failed')
    await flushPromises()
    expect(context.fake.requests('reports:list').at(-1)).toMatchObject({ status: 'error' })
    expect(wrapper.findAll('[data-testid="report-row"]')).toHaveLength(2)
  })
})
