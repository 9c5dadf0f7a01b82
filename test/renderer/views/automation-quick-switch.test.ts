// The automations list's quick on/off, against the fake window.mediadeck: a switch per row, named after the
// automation in both languages; off turns every rule off and on turns back the ones that were on, moving at once
// and going back with the reason when the service refuses; with nothing to turn back on, the row opens the
// automation to pick its rules; offline, the switch is disabled.
import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Automation } from '../../../common/service'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { useToastsStore } from '../../../renderer/stores/toasts'
import AutomationsView from '../../../renderer/views/AutomationsView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const RULES = ['delete', 'reply', 'like', 'message', 'story'] as const
const activeOf = (automation: Automation) => RULES.filter((rule) => automation.config[rule].isActive)

describe('the automations list’s quick on/off', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    localStorage.clear()
  })
  afterEach(() => document.body.replaceChildren())

  async function mountList(locale: 'en' | 'id' = 'en') {
    context = setupTest({ locale })
    const wrapper = await mountWith(AutomationsView, context, { route: '/automations' })
    useConnectionStore().subscribe()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'online' })
    await flushPromises()
    return wrapper
  }
  const rowOf = (wrapper: VueWrapper, automation: Automation) =>
    wrapper
      .findAll('[data-testid="automation-row"]')
      .find((row) => row.get('[data-testid="automation-title"]').text() === automation.detail.title)!

  it('gives each row a switch named after its automation and account, on when any rule is on', async () => {
    const wrapper = await mountList()
    const shown = context.fake.data.automations.slice(0, 20)
    const switches = wrapper.findAll('[role="switch"][data-testid="automation-switch"]')
    // Every row with a rule on has a switch (the ones with none on and none kept offer to open instead).
    expect(switches).toHaveLength(shown.filter((a) => activeOf(a).length > 0).length)
    const first = shown[0]!
    const toggle = rowOf(wrapper, first).get('[data-testid="automation-switch"]')
    expect(toggle.element.tagName).toBe('BUTTON')
    expect(toggle.attributes('aria-checked')).toBe('true')
    // The network and the username tell apart two accounts of one name.
    expect(toggle.attributes('aria-label')).toBe(
      `Automation “${first.detail.title}” of ${first.account!.name} (Facebook, @${first.account!.username.replace(/^@/, '')})`,
    )
    expect(first.account!.type).toBe('facebook')
  })

  it('speaks Bahasa Indonesia', async () => {
    const wrapper = await mountList('id')
    const first = context.fake.data.automations[0]!
    const toggle = rowOf(wrapper, first).get('[data-testid="automation-switch"]')
    expect(toggle.attributes('aria-label')).toMatch(
      new RegExp(`^Otomasi “${first.detail.title}” milik ${first.account!.name} \\(`),
    )
    const none = context.fake.data.automations.slice(0, 20).find((a) => activeOf(a).length === 0)!
    expect(rowOf(wrapper, none).get('[data-testid="automation-choose"]').text()).toBe('Aktifkan…')
  })

  it('off turns every rule off at once, on turns back only the ones that were on', async () => {
    const wrapper = await mountList()
    const automation = context.fake.data.automations.find((a) => activeOf(a).length >= 2)!
    const wereOn = activeOf(automation)
    const before = JSON.parse(JSON.stringify(automation.config)) as Automation['config']
    const release = context.fake.hold('automations:update')
    await rowOf(wrapper, automation).get('[data-testid="automation-switch"]').trigger('click')
    await flushPromises()
    // Moved before the service answered.
    const toggle = () => rowOf(wrapper, automation).get('[data-testid="automation-switch"]')
    expect(toggle().attributes('aria-checked')).toBe('false')
    expect(toggle().attributes('aria-busy')).toBe('true')
    release()
    await flushPromises()
    const [off] = context.fake.requests('automations:update')
    expect(off!.id).toBe(automation.id)
    for (const rule of RULES) expect((off!.config[rule] as { isActive: boolean }).isActive).toBe(false)
    // Nothing else of the rules changes.
    expect({ ...(off!.config.reply as object), isActive: before.reply.isActive }).toEqual(before.reply)
    expect(toggle().attributes('aria-checked')).toBe('false')
    expect(toggle().attributes('aria-busy')).toBeUndefined()
    expect(useToastsStore().items.at(-1)?.title).toMatch(/^Automation “.*” of .* is off: every rule paused/)

    await toggle().trigger('click')
    await flushPromises()
    const on = context.fake.requests('automations:update')[1]!
    expect(RULES.filter((rule) => (on.config[rule] as { isActive: boolean }).isActive)).toEqual(wereOn)
    expect(toggle().attributes('aria-checked')).toBe('true')
    expect(activeOf(automation)).toEqual(wereOn)
  })

  it('a refusal puts the switch back and says why', async () => {
    const wrapper = await mountList()
    const automation = context.fake.data.automations[0]!
    context.fake.fail('automations:update', { kind: 'plan', message: 'invalid plan' })
    const toggle = () => rowOf(wrapper, automation).get('[data-testid="automation-switch"]')
    await toggle().trigger('click')
    await flushPromises()
    expect(toggle().attributes('aria-checked')).toBe('true')
    const toast = useToastsStore().items.at(-1)!
    expect(toast.tone).toBe('danger')
    expect(toast.title).toMatch(/^Automation “.*” of .* was not turned off$/)
    expect(toast.message).toBeTruthy()
    expect(activeOf(automation).length).toBeGreaterThan(0)
  })

  it('a service that answers with the rules still on is not taken at its 2xx', async () => {
    const wrapper = await mountList()
    const automation = context.fake.data.automations[0]!
    const before = JSON.parse(JSON.stringify(automation)) as Automation
    // Answers success but keeps the rules as they were.
    context.fake.api.automations.update = async () => before
    const toggle = () => rowOf(wrapper, automation).get('[data-testid="automation-switch"]')
    await toggle().trigger('click')
    await flushPromises()
    expect(toggle().attributes('aria-checked')).toBe('true')
    const toast = useToastsStore().items.at(-1)!
    expect(toast.tone).toBe('danger')
    expect(toast.message).toBe('The service answered with some of its rules still on.')
  })

  it('with every rule off and none to turn back on, the row opens the automation to pick them', async () => {
    const wrapper = await mountList()
    const none = context.fake.data.automations.slice(0, 20).find((a) => activeOf(a).length === 0)!
    const choose = rowOf(wrapper, none).get('[data-testid="automation-choose"]')
    expect(choose.attributes('aria-label')).toContain(`“${none.detail.title}”`)
    await choose.trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="automation-detail"]').exists()).toBe(true)
    expect(context.fake.requests('automations:update')).toEqual([])
  })

  it('offline, the switch is disabled and nothing is sent', async () => {
    const wrapper = await mountList()
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'offline' })
    await flushPromises()
    const toggle = rowOf(wrapper, context.fake.data.automations[0]!).get('[data-testid="automation-switch"]')
    expect(toggle.attributes('disabled')).toBeDefined()
    await toggle.trigger('click')
    await flushPromises()
    expect(context.fake.requests('automations:update')).toEqual([])
  })
})
