// The list view's selection and its bulk actions against the page's fake main: one call per action, the
// drafts' revisions sent with them, one toast per action, and every refusal listed by its draft.
import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { useToastsStore } from '../../../renderer/stores/toasts'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

function draft(id: string, status: Draft['status'], scheduleAt: string, accountId = 'acc-ig'): Draft {
  return {
    id,
    profileId: 'sandbox',
    status,
    revision: 1,
    post: { ...emptyScheduleRequest(), title: `Draft ${id}`, description: 'x', accountId, scheduleAt },
    localMedia: [],
    createdAt: NOW,
    updatedAt: NOW,
  }
}

async function mountList(context: TestContext) {
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  planner.view = 'list'
  const wrapper = mountWith(PlannerView, context, { route: '/planner' })
  await flushPromises()
  return wrapper
}

const ticks = (wrapper: VueWrapper) => wrapper.findAll('[data-testid=planner-list-select]')
const tick = (wrapper: VueWrapper, id: string) =>
  wrapper.find(`[data-testid=planner-list-select][data-key="draft:${id}"]`)
const toastTitles = () => useToastsStore().items.map((toast) => toast.title)

enableAutoUnmount(afterEach)

describe.each(['en', 'id'] as const)('the list view’s bulk actions (%s)', (locale) => {
  let context: TestContext
  const words = {
    en: {
      selected: '2 drafts selected',
      scheduled: '3 posts scheduled for 3 accounts',
      refused: '1 draft was not scheduled',
    },
    id: {
      selected: '2 draf dipilih',
      scheduled: '3 postingan dijadwalkan untuk 3 akun',
      refused: '1 draf tidak dijadwalkan',
    },
  }[locale]

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({
      locale,
      data: {
        schedules: [makeSchedule(1, { title: 'On the service', scheduleAt: '2026-11-22T01:00:00.000Z' })],
        drafts: [
          draft('a', 'draft', '2026-11-23T02:00:00.000Z', 'acc-ig'),
          draft('b', 'draft', '2026-11-24T02:00:00.000Z', 'acc-fb'),
          draft('c', 'draft', '2026-11-25T02:00:00.000Z', 'acc-th'),
          draft('d', 'queued', '2026-11-26T02:00:00.000Z', 'acc-ig'),
        ],
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('selects drafts by their labelled ticks and a Shift range, never a post of the service, and counts them', async () => {
    const wrapper = await mountList(context)
    // Four drafts, each with a labelled tick; the service's post has none.
    expect(ticks(wrapper).map((tick) => tick.attributes('data-key'))).toEqual([
      'draft:a',
      'draft:b',
      'draft:c',
      'draft:d',
    ])
    expect(ticks(wrapper)[0]!.attributes('aria-label')).toContain('Draft a')
    await ticks(wrapper)[0]!.trigger('click')
    await ticks(wrapper)[1]!.trigger('click')
    expect(wrapper.find('[data-testid=planner-bulk-count]').text()).toBe(words.selected)
    // Shift extends from the last one ticked.
    await ticks(wrapper)[3]!.trigger('click', { shiftKey: true })
    expect(ticks(wrapper).map((tick) => (tick.element as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
      true,
    ])
    await wrapper.find('[data-testid=planner-bulk-clear]').trigger('click')
    expect(ticks(wrapper).every((tick) => !(tick.element as HTMLInputElement).checked)).toBe(true)
  })

  it('schedules the selection in one call with the revisions seen, says it in one toast, and lists a refusal by its draft', async () => {
    const wrapper = await mountList(context)
    await wrapper.find('[data-testid=planner-select-all]').setValue(true)
    // Changed elsewhere after the page drew it (the CLI edited it): main refuses it, by its revision.
    context.fake.data.drafts = context.fake.data.drafts.map((d) => (d.id === 'd' ? { ...d, revision: 2 } : d))
    await wrapper.find('[data-testid=planner-bulk-schedule]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('drafts:schedule-many')).toEqual([
      { drafts: ['a', 'b', 'c', 'd'].map((id) => ({ id, revision: 1 })) },
    ])
    expect(context.fake.requests('drafts:schedule')).toEqual([])
    expect(toastTitles()).toEqual([words.scheduled, words.refused])
    const refusal = useToastsStore().items[1]!
    expect(refusal.details).toEqual([{ label: 'Draft d', text: expect.any(String) }])
    expect(context.fake.data.drafts.map((d) => d.status)).toEqual(['queued', 'queued', 'queued', 'queued'])
    // The selection is spent.
    expect(wrapper.find('[data-testid=planner-bulk-count]').text()).not.toBe(words.selected)
  })

  it('shows a refused draft as it is now at once, beside the refusal, without waiting for the next change', async () => {
    const wrapper = await mountList(context)
    await wrapper.find('[data-testid=planner-select-all]').setValue(true)
    // The CLI retitled d and deleted c after the page drew them; no change has reached the page yet.
    context.fake.data.drafts = context.fake.data.drafts
      .filter((d) => d.id !== 'c')
      .map((d) =>
        d.id === 'd' ? { ...d, revision: 2, post: { ...d.post, title: 'Draft d, retitled by the CLI' } } : d,
      )
    await wrapper.find('[data-testid=planner-bulk-schedule]').trigger('click')
    await flushPromises()
    expect(
      useToastsStore()
        .items.at(-1)!
        .details!.map((detail) => detail.label),
    ).toEqual(['Draft c', 'Draft d'])
    expect(tick(wrapper, 'd').attributes('aria-label')).toContain('Draft d, retitled by the CLI')
    expect(tick(wrapper, 'c').exists()).toBe(false)
  })

  it('moves, takes back and deletes (held with Undo) the selection, one call each', async () => {
    const wrapper = await mountList(context)
    await ticks(wrapper)[0]!.trigger('click')
    await ticks(wrapper)[1]!.trigger('click')
    await wrapper.find('[data-testid=planner-bulk-day]').setValue('2026-12-01')
    await wrapper.find('[data-testid=planner-bulk-move]').trigger('click')
    await flushPromises()
    // Each keeps its time of day in the planner's zone (09:00 in Jakarta).
    expect(context.fake.requests('drafts:move-many')).toEqual([
      {
        drafts: [
          { id: 'a', revision: 1, scheduleAt: '2026-12-01T02:00:00.000Z' },
          { id: 'b', revision: 1, scheduleAt: '2026-12-01T02:00:00.000Z' },
        ],
      },
    ])

    // Moved, the two are listed last now: the queued one is picked by its key.
    await tick(wrapper, 'd').trigger('click')
    await wrapper.find('[data-testid=planner-bulk-unschedule]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('drafts:unschedule-many')).toEqual([{ drafts: [{ id: 'd', revision: 1 }] }])

    const before = ticks(wrapper).length
    await tick(wrapper, 'c').trigger('click')
    await wrapper.find('[data-testid=planner-bulk-delete]').trigger('click')
    await flushPromises()
    // Hidden at once, sent only when the Undo toast closes.
    expect(ticks(wrapper)).toHaveLength(before - 1)
    expect(context.fake.requests('drafts:delete-many')).toEqual([])
    const toasts = useToastsStore()
    for (const toast of toasts.items.filter((t) => t.undoLabel)) toasts.dismiss(toast.id)
    await flushPromises()
    expect(context.fake.requests('drafts:delete-many')).toEqual([{ drafts: [{ id: 'c', revision: 1 }] }])
    expect(context.fake.data.drafts.map((d) => d.id)).toEqual(['a', 'b', 'd'])
  })
})
