import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import AutomationsView from '../../../renderer/views/AutomationsView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

describe('AutomationsView', () => {
  let context: TestContext

  beforeEach(() => {
    stubElementSize()
    context = setupTest()
  })

  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  const mountAt = (route = '/automations') => mountWith(AutomationsView, context, { route })

  it('lists a page with account, content, active rule badges and date', async () => {
    const wrapper = await mountAt()
    const rows = wrapper.findAll('[data-testid="automation-row"]')
    expect(rows).toHaveLength(20)
    const second = rows[1]!
    expect(second.text()).toContain('Senja Roastery')
    expect(second.text()).toContain('instagram')
    expect(second.text()).toContain('Promo post 2')
    // makeAutomation(2): reply on (even), message off (2 % 3 !== 1), like off, delete off, story off.
    expect(second.findAll('[data-rule]').map((badge) => badge.attributes('data-rule'))).toEqual(['reply'])
    expect(wrapper.get('[data-testid="page-range"]').text()).toBe('1–20 of 45')
  })

  it('reads page, limit, accounts and search from the URL', async () => {
    await mountAt('/automations?page=2&limit=10&accounts=acc-ig,acc-tt&search=Promo')
    expect(context.fake.requests('automations:list').at(-1)).toEqual({
      page: 2,
      limit: 10,
      accountIds: ['acc-ig', 'acc-tt'],
      search: 'Promo',
    })
  })

  it('pages forward through the URL, so back returns to the previous page', async () => {
    const wrapper = await mountAt()
    await wrapper.get('[data-testid="page-next"]').trigger('click')
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({ page: '2' })
    expect(wrapper.get('[data-testid="page-range"]').text()).toBe('21–40 of 45')
    // Back is a navigation like any other: waited for by its end, not by a turn of the event loop.
    const navigated = new Promise<void>((resolve) => {
      const stop = context.router.afterEach(() => {
        stop()
        resolve()
      })
    })
    context.router.back()
    await navigated
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({})
  })

  it('changes the page size and goes back to page 1', async () => {
    const wrapper = await mountAt('/automations?page=2')
    await wrapper.get('nav select').setValue('50')
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({ limit: '50' })
    expect(wrapper.findAll('[data-testid="automation-row"]')).toHaveLength(45)
  })

  it('filters by account from the accounts endpoint', async () => {
    const wrapper = await mountAt()
    await wrapper.get('[data-testid="account-filter"] button').trigger('click')
    await flushPromises()
    const boxes = wrapper.findAll('[data-testid="account-filter"] input[type="checkbox"]')
    expect(boxes).toHaveLength(3)
    const labels = wrapper.findAll('[data-testid="account-filter"] label').map((label) => label.text())
    const index = labels.findIndex((text) => text.includes('Senja Roastery'))
    await boxes[index]!.setValue(true)
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({ accounts: 'acc-ig' })
    expect(context.fake.requests('automations:list').at(-1)).toMatchObject({ accountIds: ['acc-ig'] })
    expect(wrapper.get('[data-testid="page-range"]').text()).toBe('1–15 of 15')
  })

  it('searches after typing pauses', async () => {
    const wrapper = await mountAt()
    const input = wrapper.get('[data-testid="automation-search"] input')
    // The pause is on fake timers: nothing is searched until it has lasted the input's 300 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await input.setValue('Promo post 4')
    await vi.advanceTimersByTimeAsync(299)
    expect(context.router.currentRoute.value.query).toEqual({})
    await vi.advanceTimersByTimeAsync(1)
    vi.useRealTimers()
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({ search: 'Promo post 4' })
    expect(
      wrapper
        .findAll('[data-testid="automation-row"]')
        .map((row) => row.get('[data-testid="automation-title"]').text()),
    ).toEqual([
      'Promo post 4',
      'Promo post 40',
      'Promo post 41',
      'Promo post 42',
      'Promo post 43',
      'Promo post 44',
      'Promo post 45',
    ])
  })

  it('offers to clear filters when nothing matches', async () => {
    const wrapper = await mountAt('/automations?search=zzz')
    expect(wrapper.text()).toContain('No automations match')
  })

  it('opens the detail panel from a row and closes it with the close button', async () => {
    const wrapper = await mountAt()
    await wrapper.findAll('[data-testid="automation-row"] a')[3]!.trigger('click')
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({ open: 'auto-004' })
    const detail = wrapper.get('[data-testid="automation-detail"]')
    expect(detail.text()).toContain('Promo post 4')
    await detail.get('[data-testid="detail-close"]').trigger('click')
    await flushPromises()
    expect(context.router.currentRoute.value.query).toEqual({})
    expect(wrapper.find('[data-testid="automation-detail"]').exists()).toBe(false)
  })

  it('opens an automation that is not on the page shown (a link), fetching it by id', async () => {
    // 45 automations, 20 a page by default: auto-040 is on page 2.
    const wrapper = await mountAt('/automations?open=auto-040')
    await flushPromises()
    expect(context.fake.calls.map((call) => call.name)).toContain('automations:get')
    expect(wrapper.get('[data-testid="automation-detail"]').text()).toContain('Promo post 40')
  })

  it('renders every rule of the config in words', async () => {
    // auto-004: delete on (4 % 4), reply on (ai), message on (4 % 3 === 1, text with openings).
    const wrapper = await mountAt('/automations?open=auto-004')
    const detail = wrapper.get('[data-testid="automation-detail"]')
    const rule = (name: string) => detail.get(`section[data-rule="${name}"]`)
    expect(rule('delete').get('[data-testid="rule-state"]').text()).toBe('On')
    expect(rule('delete').text()).toContain('spam')
    expect(rule('like').get('[data-testid="rule-state"]').text()).toBe('Off')
    expect(rule('story').get('[data-testid="rule-state"]').text()).toBe('Off')

    const reply = rule('reply').text()
    expect(reply).toContain('Answers with AI')
    expect(reply).toContain('Answer politely in Indonesian')
    expect(reply).toContain('The AI also reads the content itself.')
    expect(reply).toContain('price')
    expect(reply).toContain('Rp 25.000 per cup')
    expect(reply).toContain('contains the word')
    expect(reply).toContain('Only when the comment has one of these words')
    expect(reply).toContain('order')
    expect(reply).toContain('Never when the comment has one of these words')
    expect(reply).toContain('competitor')
    expect(reply).toContain('Waits 30 seconds before answering.')

    const message = rule('message').text()
    expect(message).toContain('Answers with the fixed text below.')
    expect(message).toContain('Hi! Here is our menu.')
    expect(message).toContain('Want the menu?')
    expect(message).toContain('Yes please')
    expect(message).toContain('sends back')
    expect(message).toContain('opens https://shop.example/menu')
    expect(message).toContain('Answers right away.')

    expect(detail.text()).toContain('Warung Kopi Senja')
    expect(detail.text()).toContain('No media')
    expect(detail.text()).toContain('https://social.example/acc-fb/post-4')
  })

  it('reads every answer type of the service in words, and shows no empty text on the delete rule', async () => {
    context = setupTest({ locale: 'id' })
    const automation = context.fake.data.automations.find((a) => a._id === 'auto-004')!
    automation.config.delete.type = 'keyword'
    automation.config.reply.type = 'keyword'
    const wrapper = await mountAt('/automations?open=auto-004')
    const detail = wrapper.get('[data-testid="automation-detail"]')
    const rule = (name: string) => detail.get(`section[data-rule="${name}"]`)
    expect(rule('delete').get('[data-testid="response-type"]').text()).toBe(
      'Menghapus komentar yang memuat salah satu kata di bawah.',
    )
    expect(rule('reply').get('[data-testid="response-type"]').text()).toBe(
      'Menjawab per kata kunci: tiap kata kunci di bawah punya jawabannya sendiri.',
    )
    expect(detail.text()).not.toContain('Jenis jawaban')
    expect(rule('delete').text()).not.toContain('(kosong)')
    expect(rule('delete').text()).not.toContain('Teks')
  })

  it('shows the raw JSON on request', async () => {
    const wrapper = await mountAt('/automations?open=auto-004')
    await wrapper.get('[data-testid="raw-toggle"]').trigger('click')
    const raw = JSON.parse(wrapper.get('[data-testid="raw-json"]').text())
    expect(raw.id).toBe('auto-004')
    expect(raw.config.reply.delay).toEqual({ isActive: true, value: 30, type: 'second' })
    // A toggle with one name: pressed while the JSON shows, and pressing it again brings the words back.
    const toggle = wrapper.get('[data-testid="raw-toggle"]')
    expect(toggle.text()).toBe('As the service sends it')
    expect(toggle.attributes('aria-pressed')).toBe('true')
    await toggle.trigger('click')
    expect(toggle.attributes('aria-pressed')).toBe('false')
    expect(toggle.text()).toBe('As the service sends it')
    expect(wrapper.find('[data-testid="raw-json"]').exists()).toBe(false)
    expect(wrapper.find('section[data-rule="reply"]').exists()).toBe(true)
  })

  it('opens the content link in the browser', async () => {
    const wrapper = await mountAt('/automations?open=auto-004')
    await wrapper.get('[data-testid="open-content"]').trigger('click')
    expect(context.fake.requests('app:open-external')).toEqual([
      { url: 'https://social.example/acc-fb/post-4' },
    ])
  })

  it('explains a plan refusal as a plan matter, not an error', async () => {
    context.fake.fail('automations:list', { kind: 'plan', message: 'invalid plan', status: 402 })
    const wrapper = await mountAt()
    const refusal = wrapper.get('[data-testid="plan-refusal"]')
    expect(refusal.text()).toContain('Automations need the Gold plan')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
  })

  it('keeps the last page readable when offline and marks it possibly out of date', async () => {
    const wrapper = await mountAt()
    context.fake.fail('automations:list', { kind: 'offline', message: 'offline' })
    await wrapper.get('[data-testid="automations-refresh"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="automation-row"]')).toHaveLength(20)
    expect(wrapper.get('[data-testid="stale-notice"]').text()).toContain('Offline · as of')
  })

  it('shows an error state with a retry when nothing was seen before', async () => {
    context.fake.fail('automations:list', { kind: 'network', message: 'reset' })
    const wrapper = await mountAt()
    expect(wrapper.get('[role="alert"]').text()).toContain('No copy of this profile yet')
    await wrapper.get('[role="alert"] button').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="automation-row"]')).toHaveLength(20)
  })

  it('shows skeletons while the first page loads', async () => {
    const release = context.fake.hold('automations:list')
    const wrapper = await mountAt()
    expect(wrapper.find('[aria-busy="true"]').exists()).toBe(true)
    expect(wrapper.findAll('[data-testid="automation-row"]')).toHaveLength(0)
    release()
    await flushPromises()
    expect(wrapper.findAll('[data-testid="automation-row"]')).toHaveLength(20)
  })

  it('shows the empty state for a profile without automations', async () => {
    context = setupTest({ data: { automations: [] } })
    const wrapper = await mountAt()
    expect(wrapper.text()).toContain('No automations yet')
  })

  it('says how many automations could not be read, in English and Bahasa Indonesia', async () => {
    const plain = await mountAt()
    expect(plain.find('[data-testid="skipped-notice"]').exists()).toBe(false)
    plain.unmount()
    context.fake.data.skipped = { automations: 1 }
    const one = await mountAt()
    expect(one.findAll('[data-testid="automation-row"]')).toHaveLength(20)
    expect(one.get('[data-testid="skipped-notice"]').text()).toContain('An automation could not be read')
    one.unmount()
    context.fake.data.skipped = { automations: 3 }
    context.i18n.global.locale.value = 'id'
    const three = await mountAt()
    expect(three.get('[data-testid="skipped-notice"]').text()).toContain('3 otomasi tidak dapat dibaca')
  })
})
