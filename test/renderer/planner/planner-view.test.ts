import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import App from '../../../renderer/App.vue'
import { LIST_FIRST_ROWS, LIST_MORE_ROWS } from '../../../renderer/lib/planner/list-window'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { useCampaignsStore } from '../../../renderer/stores/campaigns'
import { useToastsStore } from '../../../renderer/stores/toasts'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'
import { useComposeRequestStore } from '../../../renderer/stores/compose-request'

function draft(id: string, status: Draft['status'], scheduleAt: string, extra: Partial<Draft> = {}): Draft {
  return {
    id,
    profileId: 'sandbox',
    status,
    post: { ...emptyScheduleRequest(), description: `Draft ${id}`, accountId: 'acc-ig', scheduleAt },
    localMedia: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  }
}

async function mountPlanner(context: TestContext) {
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  return mountWith(PlannerView, context, { route: '/planner' })
}

/** Closes the toasts that hold an action back (as their timeout does), so what they held is sent. */
async function closeHeldToasts() {
  const toasts = useToastsStore()
  for (const toast of toasts.items.filter((t) => t.undoLabel)) toasts.dismiss(toast.id)
  await flushPromises()
}

// Each test's planner is unmounted after it, so its window-wide shortcuts end with it.
enableAutoUnmount(afterEach)

describe('PlannerView', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({
      data: {
        schedules: [
          makeSchedule(1, { title: 'Morning post', scheduleAt: '2026-11-22T01:00:00.000Z' }),
          makeSchedule(2, {
            status: 'success',
            title: 'Published one',
            scheduleAt: '2026-11-10T03:00:00.000Z',
          }),
          makeSchedule(3, {
            status: 'error',
            title: 'Broken one',
            errorMessage: 'tiktok access token expired; reconnect the account',
            scheduleAt: '2026-11-18T05:00:00.000Z',
          }),
          makeSchedule(4, {
            status: 'error',
            title: 'Broken two',
            errorMessage: 'account disconnected',
            scheduleAt: '2026-11-19T05:00:00.000Z',
          }),
          // Five on one day: three show, the rest open as a list.
          ...[0, 1, 2, 3, 4].map((i) =>
            makeSchedule(10 + i, { title: `Busy ${i}`, scheduleAt: `2026-11-25T0${i}:00:00.000Z` }),
          ),
        ],
        drafts: [
          draft('d-queued', 'queued', '2026-11-23T02:00:00.000Z'),
          draft('d-draft', 'draft', '2026-11-24T02:00:00.000Z'),
          draft('d-loose', 'draft', ''),
        ],
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('opens the composer with the files the Library asked a new post for', async () => {
    useComposeRequestStore().request([
      { type: 'image', url: 'https://storage.example/a.jpg', alt: '', thumbnail: '' },
      { type: 'video', url: 'https://storage.example/b.mp4', alt: '', thumbnail: '' },
    ])
    await mountPlanner(context)
    const media = document.querySelectorAll('[data-testid="composer-media"]')
    expect(media).toHaveLength(2)
    expect(document.querySelector<HTMLSelectElement>('[data-testid="composer-type"]')!.value).toBe('album')
    // Taken once: coming back to the Planner later opens no composer.
    expect(useComposeRequestStore().pending).toBeNull()
  })

  it('shows the service posts and the local drafts on their days, coloured by status, today marked', async () => {
    const wrapper = await mountPlanner(context)
    const day = (key: string) => wrapper.find(`[data-day="${key}"]`)
    // 01:00 UTC on the 22nd is 08:00 in Jakarta.
    expect(day('2026-11-22').text()).toContain('08:00')
    expect(day('2026-11-22').find('[data-status="pending"]').text()).toContain('Morning post')
    expect(day('2026-11-10').find('[data-status="success"]').exists()).toBe(true)
    expect(day('2026-11-18').find('[data-status="error"]').exists()).toBe(true)
    expect(day('2026-11-23').find('[data-status="queued"]').text()).toContain('Draft d-queued')
    expect(day('2026-11-24').find('[data-status="draft"]').exists()).toBe(true)
    expect(day('2026-11-20').attributes('aria-current')).toBe('date')
    expect(wrapper.find('[data-testid=planner-zone]').text()).toContain('Asia/Jakarta')
    expect(wrapper.find('[data-testid=planner-zone]').text()).toContain('GMT+07:00')
    // A draft without a time waits in its own list.
    expect(wrapper.find('[data-testid=planner-unscheduled]').text()).toContain('Draft d-loose')
    // The month was asked for by its range in the zone.
    expect(context.fake.requests('schedules:list')[0]).toMatchObject({
      from: '2026-10-25T17:00:00.000Z',
      to: '2026-12-06T16:59:59.999Z',
    })
  })

  it('names the draft its undo toast undoes, a draft with no time too, by the title the dialog shows', async () => {
    await mountPlanner(context)
    const loose = [...document.querySelectorAll<HTMLButtonElement>('.unscheduled__item')].find((b) =>
      b.textContent?.includes('Draft d-loose'),
    )!
    loose.click()
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-testid=composer-delete]')!.click()
    await flushPromises()
    const toasts = useToastsStore()
    expect(toasts.items.at(-1)).toMatchObject({ title: 'Deleted “Draft d-loose”', undoLabel: 'Undo' })
    toasts.undo(toasts.items.at(-1)!.id)
    await flushPromises()
    expect(context.fake.requests('drafts:delete')).toEqual([])
  })

  it("opens a day's overflow as a list", async () => {
    const wrapper = await mountPlanner(context)
    const busy = wrapper.find('[data-day="2026-11-25"]')
    expect(busy.findAll('[data-testid=planner-entry]')).toHaveLength(3)
    await busy.find('[data-testid=planner-day-more]').trigger('click')
    await flushPromises()
    const list = document.querySelector('[data-testid=planner-day-list]')!
    expect(list.querySelectorAll('li')).toHaveLength(5)
    expect(list.textContent).toContain('Busy 4')
  })

  it('switches to the week view with posts in their hour', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=planner-view-week]').trigger('click')
    await flushPromises()
    const slot = wrapper.find('[data-testid=planner-slot][data-day="2026-11-22"][data-hour="8"]')
    expect(slot.text()).toContain('Morning post')
  })

  it('lists the posts of the next four weeks by day, and searches their titles and texts', async () => {
    context.fake.data.schedules.push(
      makeSchedule(30, {
        title: 'Weekend promo',
        description: 'Es kopi durian, two for one',
        scheduleAt: '2026-12-05T03:00:00.000Z',
      }),
    )
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=planner-view-list]').trigger('click')
    await flushPromises()
    // From the start of today in Jakarta, 28 days.
    expect(context.fake.requests('schedules:list').at(-1)).toMatchObject({
      from: '2026-11-19T17:00:00.000Z',
      to: '2026-12-17T16:59:59.999Z',
    })
    const list = wrapper.find('[data-testid=planner-list]')
    const rows = () => wrapper.findAll('[data-testid=planner-list-row]')
    expect(list.find('[data-day="2026-11-22"]').text()).toContain('Morning post')
    expect(list.find('[data-day="2026-11-22"]').text()).toContain('08:00')
    expect(list.find('[data-day="2026-11-23"]').text()).toContain('Draft d-queued')
    // Days are in order, each day's posts by time; the past is not listed.
    expect(rows().map((row) => row.attributes('data-key'))).toContain('post:sched-30')
    expect(list.text()).not.toContain('Published one')
    expect(rows().findIndex((r) => r.text().includes('Busy 0'))).toBeLessThan(
      rows().findIndex((r) => r.text().includes('Busy 4')),
    )

    // The text, not only the title, is searched; case does not matter.
    const search = list.find('input[type=search]')
    await search.setValue('DURIAN')
    await search.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(rows().map((row) => row.attributes('data-key'))).toEqual(['post:sched-30'])
    await search.setValue('nothing like this')
    await search.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(rows()).toHaveLength(0)
    expect(wrapper.find('[data-testid=planner-list-empty]').text()).toContain('nothing like this')

    // A row opens its post.
    await search.setValue('Morning')
    await search.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    await rows()[0]!.trigger('click')
    await flushPromises()
    expect(document.querySelector('[role=dialog]')?.textContent).toContain('Morning post')
  })

  it('draws a long list a screenful at a time: the rest on asking, yet all counted, searched and selectable', async () => {
    // Four weeks of a busy year: 300 drafts, one every two hours from tomorrow.
    const many = Array.from({ length: 300 }, (_, i) =>
      draft(
        `busy-${i}`,
        'draft',
        new Date(Date.parse('2026-11-21T00:00:00.000Z') + i * 7_200_000).toISOString(),
      ),
    )
    context.fake.data.drafts.push(...many)
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=planner-view-list]').trigger('click')
    await flushPromises()
    const rows = () => wrapper.findAll('[data-testid=planner-list-row]')
    // The drafts above, and the six posts and two drafts of the setup in these four weeks.
    const total = 300 + 8
    expect(wrapper.find('.list__count').text()).toBe(`${total} posts`)
    expect(rows()).toHaveLength(LIST_FIRST_ROWS)
    const more = wrapper.find('[data-testid=planner-list-more]')
    expect(more.text()).toBe(`Show ${total - LIST_FIRST_ROWS} more posts`)
    // The next rows: here all of them.
    expect(LIST_FIRST_ROWS + LIST_MORE_ROWS).toBeGreaterThan(total)
    await more.trigger('click')
    await flushPromises()
    expect(rows()).toHaveLength(total)
    expect(wrapper.find('[data-testid=planner-list-more]').exists()).toBe(false)

    // Select all takes every draft listed, drawn or not.
    await wrapper.find('[data-testid=planner-view-month]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid=planner-view-list]').trigger('click')
    await flushPromises()
    expect(rows()).toHaveLength(LIST_FIRST_ROWS)
    await wrapper.find('[data-testid=planner-select-all]').setValue(true)
    expect(wrapper.find('[data-testid=planner-bulk-count]').text()).toBe(`${300 + 2} drafts selected`)

    // The search looks through the rows not drawn yet.
    const search = wrapper.find('[data-testid=planner-list] input[type=search]')
    await search.setValue('Draft busy-299')
    await search.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(rows().map((row) => row.attributes('data-key'))).toEqual(['draft:busy-299'])
  })

  it('opens a new post with n, searches with /, shows the shortcuts with ?, and leaves typing alone', async () => {
    const wrapper = await mountPlanner(context)
    const press = (key: string, target: EventTarget = document.body) =>
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

    press('?')
    await flushPromises()
    const help = document.querySelector('[data-testid=planner-shortcuts]')!
    expect(help.textContent).toContain('New post')
    // A dialog owns the keyboard: n does nothing under it.
    press('n', help)
    await flushPromises()
    expect(document.querySelector('[data-testid=composer]')).toBeNull()
    document.querySelector<HTMLElement>('[role=dialog] [aria-label=Close]')!.click()
    await flushPromises()

    press('/')
    await flushPromises()
    const search = wrapper.find<HTMLInputElement>('[data-testid=planner-list] input[type=search]')
    expect(usePlannerStore().view).toBe('list')
    expect(document.activeElement).toBe(search.element)
    // Typed into the search, n and / are letters, not shortcuts.
    const typed = press('n', search.element)
    await flushPromises()
    expect(typed).toBe(true)
    expect(document.querySelector('[data-testid=composer]')).toBeNull()

    press('n')
    await flushPromises()
    expect(document.querySelector('[data-testid=composer]')).not.toBeNull()
  })

  it('lists failed posts with their reason and retries the selected ones together', async () => {
    const wrapper = await mountPlanner(context)
    const failed = wrapper.find('[data-testid=planner-failed]')
    expect(failed.text()).toContain('The TikTok account’s sign-in expired')
    expect(failed.findAll('[data-testid=failed-post]')).toHaveLength(2)
    await failed.find('[data-testid=failed-select-all]').setValue(true)
    await failed.find('[data-testid=failed-retry-selected]').trigger('click')
    await flushPromises()
    // Held with Undo: the rows go at once, the retry is sent when the toast closes.
    expect(wrapper.findAll('[data-testid=failed-post]')).toHaveLength(0)
    expect(context.fake.requests('schedules:retry')).toEqual([])
    expect(useToastsStore().items.at(-1)).toMatchObject({ title: 'Retrying 2 posts', undoLabel: 'Undo' })
    await closeHeldToasts()
    expect(context.fake.requests('schedules:retry')).toEqual([{ ids: ['sched-4', 'sched-3'] }])
    // Sent: back in the list, "retrying" until the service says how it went (it lists them as pending now).
    const rows = wrapper.findAll('[data-testid=failed-post]')
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row.find('[data-testid=failed-retrying]').text()).toBe(
        'Retrying: waiting for the service to say how it went',
      )
      expect(row.find('[data-testid=failed-retry]').attributes('disabled')).toBeDefined()
    }
  })

  it('takes what main found changed on the service at once: a retry failed again, a post failed', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper
      .find('[data-testid=planner-failed]')
      .findAll('[data-testid=failed-retry]')[0]!
      .trigger('click')
    await flushPromises()
    const retried = wrapper.find('[data-id=sched-4]')
    expect(retried.find('[data-testid=failed-retrying]').exists()).toBe(true)
    expect(wrapper.find('[data-testid=planner-new-failures]').exists()).toBe(false)

    // Main's background read: the retry failed again, and the morning post failed at its time.
    context.fake.emit('schedules:changed', {
      posts: [
        makeSchedule(4, {
          status: 'error',
          title: 'Broken two',
          errorMessage: 'account disconnected',
          scheduleAt: '2026-11-19T05:00:00.000Z',
          updatedAt: '2026-11-20T05:00:00.000Z',
        }),
        makeSchedule(1, {
          status: 'error',
          title: 'Morning post',
          errorMessage: 'account disconnected',
          scheduleAt: '2026-11-22T01:00:00.000Z',
        }),
      ],
      removed: [],
    })
    await flushPromises()
    expect(wrapper.find('[data-id=sched-4]').find('[data-testid=failed-retrying]').exists()).toBe(false)
    expect(wrapper.find('[data-key="post:sched-1"]').attributes('data-status')).toBe('error')
    expect(wrapper.findAll('[data-testid=failed-post]').map((row) => row.attributes('data-id'))).toEqual([
      'sched-1',
      'sched-4',
      'sched-3',
    ])
    const notice = wrapper.find('[data-testid=planner-new-failures]')
    expect(notice.text()).toContain('2 posts failed to publish')
    expect(notice.findAll('[data-testid=new-failure]').map((row) => row.text())).toEqual([
      expect.stringContaining('Broken two'),
      expect.stringContaining('Morning post'),
    ])
    await notice.find('[data-testid=new-failures-dismiss]').trigger('click')
    expect(wrapper.find('[data-testid=planner-new-failures]').exists()).toBe(false)

    // A change made elsewhere in the app without its new state: the period is read again.
    const before = context.fake.requests('schedules:list').length
    context.fake.emit('schedules:changed', { posts: [], removed: [], reload: true })
    await flushPromises()
    expect(context.fake.requests('schedules:list').length).toBeGreaterThan(before)
  })

  it('undoes a bulk retry and a drag move before they are sent: nothing reaches the service', async () => {
    const wrapper = await mountPlanner(context)
    const toasts = useToastsStore()
    await wrapper.find('[data-testid=failed-select-all]').setValue(true)
    await wrapper.find('[data-testid=failed-retry-selected]').trigger('click')
    await flushPromises()
    toasts.undo(toasts.items.at(-1)!.id)
    await flushPromises()
    expect(wrapper.findAll('[data-testid=failed-post]')).toHaveLength(2)
    // The selection is back too, ready for another try.
    expect(wrapper.find('[data-testid=failed-retry-selected]').text()).toContain('(2)')

    const data = new Map<string, string>()
    const dataTransfer = {
      types: ['application/x-mediadeck-draft'],
      getData: (type: string) => data.get(type) ?? '',
      setData: (type: string, value: string) => void data.set(type, value),
      dropEffect: 'none',
      effectAllowed: 'all',
    }
    await wrapper.find('[data-key="post:sched-1"]').trigger('dragstart', { dataTransfer })
    await wrapper.find('[data-day="2026-11-26"]').trigger('drop', { dataTransfer })
    await flushPromises()
    expect(wrapper.find('[data-day="2026-11-26"]').find('[data-key="post:sched-1"]').exists()).toBe(true)
    toasts.undo(toasts.items.at(-1)!.id)
    await flushPromises()
    expect(wrapper.find('[data-day="2026-11-22"]').find('[data-key="post:sched-1"]').exists()).toBe(true)
    await closeHeldToasts()
    expect(context.fake.requests('schedules:retry')).toEqual([])
    expect(context.fake.requests('schedules:update')).toEqual([])
  })

  it('sends a held action when the window goes away instead of losing it', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-select-all]').setValue(true)
    await wrapper.find('[data-testid=failed-retry-selected]').trigger('click')
    await flushPromises()
    useToastsStore().flushHeld()
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([{ ids: ['sched-4', 'sched-3'] }])
  })

  it("warns before retrying a disconnected account's posts, links to where it is fixed, and can retry only the others", async () => {
    // sched-3 is the Facebook page's post, sched-4 the Instagram account's.
    context.fake.data.accounts = context.fake.data.accounts.map((a) =>
      a._id === 'acc-fb' ? { ...a, isConnected: false } : a,
    )
    const wrapper = await mountPlanner(context)
    const failed = wrapper.find('[data-testid=planner-failed]')
    expect(failed.findAll('[data-testid=failed-disconnected]')).toHaveLength(1)
    await failed.find('[data-testid=failed-select-all]').setValue(true)
    await failed.find('[data-testid=failed-retry-selected]').trigger('click')
    await flushPromises()
    // Nothing is sent yet: the warning names the account and offers the way to reconnect it.
    expect(context.fake.requests('schedules:retry')).toEqual([])
    const warning = document.querySelector('[data-testid=failed-retry-warning]')!
    expect(warning.textContent).toContain('Warung Kopi Senja')
    document.querySelector<HTMLElement>('[data-testid=planner-reconnect]')!.click()
    await flushPromises()
    expect(context.fake.requests('app:open-external')).toEqual([{ url: 'https://repliz.com' }])
    document.querySelector<HTMLElement>('[data-testid=retry-warning-others]')!.click()
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([{ ids: ['sched-4'] }])
    expect(document.querySelector('[data-testid=failed-retry-warning]')).toBeNull()
  })

  it("retries a disconnected account's post anyway when asked to", async () => {
    context.fake.data.accounts = context.fake.data.accounts.map((a) =>
      a._id === 'acc-fb' ? { ...a, isConnected: false } : a,
    )
    const wrapper = await mountPlanner(context)
    const row = wrapper.find('[data-testid=failed-post][data-id=sched-3]')
    await row.find('[data-testid=failed-retry]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('schedules:retry')).toEqual([])
    document.querySelector<HTMLElement>('[data-testid=retry-warning-anyway]')!.click()
    await flushPromises()
    // The held list crosses to main as plain data (IPC cannot clone a reactive array).
    expect(context.fake.requests('schedules:retry')).toEqual([{ ids: ['sched-3'] }])
  })

  it("retries a connected account's post at once, with no warning", async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.findAll('[data-testid=failed-retry]')[0]!.trigger('click')
    await flushPromises()
    expect(document.querySelector('[data-testid=failed-retry-warning]')).toBeNull()
    expect(context.fake.requests('schedules:retry')).toHaveLength(1)
  })

  it('explains the Premium requirement when the service refuses a retry for the plan', async () => {
    context.fake.fail('schedules:retry', { kind: 'plan', status: 402, message: 'invalid plan' })
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=failed-retry]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid=planner-failed]').text()).toContain('Retrying needs the Premium plan')
    expect(wrapper.findAll('[data-testid=failed-post]')).toHaveLength(2)
  })

  it('moves a queued post to the day it is dropped on, keeping its time', async () => {
    const wrapper = await mountPlanner(context)
    const data = new Map<string, string>()
    const dataTransfer = {
      types: ['application/x-mediadeck-draft'],
      getData: (type: string) => data.get(type) ?? '',
      setData: (type: string, value: string) => void data.set(type, value),
      dropEffect: 'none',
      effectAllowed: 'all',
    }
    await wrapper.find('[data-key="draft:d-queued"]').trigger('dragstart', { dataTransfer })
    const target = wrapper.find('[data-day="2026-11-27"]')
    await target.trigger('dragover', { dataTransfer })
    await target.trigger('drop', { dataTransfer })
    await flushPromises()
    // Shown at once, sent when the Undo toast closes.
    expect(wrapper.find('[data-day="2026-11-27"]').find('[data-key="draft:d-queued"]').exists()).toBe(true)
    expect(context.fake.requests('drafts:save')).toEqual([])
    await closeHeldToasts()
    const saved = context.fake.requests('drafts:save')
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ id: 'd-queued', post: { scheduleAt: '2026-11-27T02:00:00.000Z' } })
    expect(wrapper.find('[data-day="2026-11-27"]').find('[data-key="draft:d-queued"]').exists()).toBe(true)
  })

  it('shows the outbox: what waits and what needs a decision, with send now', async () => {
    context.fake.data.drafts.push(
      draft('d-late', 'needs-attention', '2026-11-19T02:00:00.000Z', {
        attention: { reason: 'time-passed', message: 'time passed' },
      }),
    )
    const wrapper = await mountPlanner(context)
    const outbox = wrapper.find('[data-testid=planner-outbox]')
    expect(outbox.find('[data-testid=outbox-waiting]').text()).toContain('Draft d-queued')
    expect(outbox.find('[data-testid=outbox-attention]').text()).toContain('Its time passed')
    const sendLate = outbox
      .findAll('[data-testid=outbox-attention] button')
      .find((b) => b.text() === 'Send now')!
    await sendLate.trigger('click')
    await flushPromises()
    expect(context.fake.requests('drafts:resolve')).toEqual([{ id: 'd-late', action: 'send-now' }])
    await outbox.find('[data-testid=outbox-send-now]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('outbox:send-now')).toHaveLength(1)
  })

  it('offers "send again" or "keep as draft" for a post whose create was never answered, in both languages', async () => {
    context.fake.data.drafts.push(
      draft('d-unseen', 'needs-attention', '2026-11-19T02:00:00.000Z', {
        attention: { reason: 'answer-lost', message: 'never answered' },
      }),
    )
    const wrapper = await mountPlanner(context)
    const attention = () => wrapper.find('[data-testid=outbox-attention]')
    expect(attention().text()).toContain('it is not there 10 minutes later')
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect(attention().text()).toContain('10 menit kemudian postingan itu tidak ada')
    expect(attention().text()).toContain('Kirim lagi')
    context.i18n.global.locale.value = 'en'
    await flushPromises()
    await attention()
      .findAll('button')
      .find((b) => b.text() === 'Send again')!
      .trigger('click')
    await flushPromises()
    expect(context.fake.requests('drafts:resolve')).toEqual([{ id: 'd-unseen', action: 'send-now' }])
  })

  it('says how many drafts-file records were set aside, in English and in Bahasa Indonesia', async () => {
    context.fake.data.outbox = {
      ...context.fake.data.outbox,
      storeNotice: {
        kind: 'records-set-aside',
        message: 'set aside',
        keptAt: '/data/drafts.json',
        setAside: 2,
      },
    }
    const wrapper = await mountPlanner(context)
    const notice = () => wrapper.find('[data-testid=planner-outbox] .outbox__notice').text()
    expect(notice()).toContain('2 records of the drafts file could not be read and were set aside')
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect(notice()).toContain('2 catatan di berkas draf tidak dapat dibaca dan disisihkan')
  })

  it('is fully translated into Bahasa Indonesia', async () => {
    context.i18n.global.locale.value = 'id'
    const wrapper = await mountPlanner(context)
    expect(wrapper.text()).toContain('Perencana')
    expect(wrapper.text()).toContain('Kotak keluar')
    expect(wrapper.text()).toContain('Postingan gagal')
    expect(wrapper.find('[data-status="queued"]').text()).toContain('Menunggu dikirim')
  })

  it('shows every date and time in one format of the app language, English and Bahasa Indonesia', async () => {
    const wrapper = await mountPlanner(context)
    // sched-3 failed at 05:00 UTC on the 18th: 12:00 in Jakarta. The queued draft goes out at 09:00 on the 23rd.
    expect(wrapper.find('[data-testid=planner-failed]').text()).toContain('Nov 18, 2026, 12:00')
    expect(wrapper.find('[data-testid=planner-outbox]').text()).toContain('Nov 23, 2026, 09:00')
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect(wrapper.find('[data-testid=planner-failed]').text()).toContain('18 Nov 2026, 12.00')
    expect(wrapper.find('[data-testid=planner-outbox]').text()).toContain('23 Nov 2026, 09.00')
    expect(wrapper.find('[data-key="post:sched-1"]').text()).toContain('08.00')
  })

  it('tells the person when the outbox scheduled a post or could not send it', async () => {
    context.fake.data.drafts.push(draft('d-sending', 'sending', '2026-11-26T02:00:00.000Z'))
    context.fake.data.drafts.push(draft('d-sending-2', 'sending', '2026-11-27T02:00:00.000Z'))
    const wrapper = await mountPlanner(context)
    const next = context.fake.data.drafts.map((d) =>
      d.id === 'd-sending'
        ? { ...d, status: 'scheduled' as const, scheduleId: 's-1' }
        : d.id === 'd-sending-2'
          ? { ...d, status: 'failed' as const, error: { kind: 'plan' as const, message: 'invalid plan' } }
          : d,
    )
    context.fake.draftsChanged(next)
    await flushPromises()
    const toasts = useToastsStore().items.map((t) => `${t.title} ${t.message ?? ''}`)
    expect(toasts).toContain('Scheduled: Draft d-sending ')
    expect(toasts).toContain('Not sent: Draft d-sending-2 invalid plan')
    wrapper.unmount()
  })

  it("applies main's campaign changes, and never reads the campaigns again after a change of the drafts", async () => {
    const wrapper = await mountPlanner(context)
    const reads = () =>
      context.fake.requests('campaigns:list').length + context.fake.requests('campaigns:snapshot').length
    const before = reads()
    const [queued, plain] = context.fake.data.drafts
    // Sent, removed, new: each could change a campaign, and main says what did (campaigns:changed).
    context.fake.draftsChanged([{ ...queued!, status: 'scheduled', scheduleId: 's-9' }])
    context.fake.draftsChanged([], [plain!.id])
    context.fake.draftsChanged([draft('d-new', 'queued', '2026-11-26T02:00:00.000Z')])
    await flushPromises()
    expect(reads()).toBe(before)
    const campaign = {
      id: 'camp-1',
      profileId: 'prof-default',
      at: '2026-11-26T02:00:00.000Z',
      members: [
        { accountId: 'acc-ig', offsetMinutes: 0, draftId: queued!.id, scheduleId: 's-9' },
        { accountId: 'acc-tt', offsetMinutes: 30, draftId: 'd-new' },
      ],
      createdAt: NOW,
      updatedAt: NOW,
    }
    context.fake.campaignsChanged([campaign])
    await flushPromises()
    expect(useCampaignsStore().campaigns).toEqual([campaign])
    expect(reads()).toBe(before)
    wrapper.unmount()
  })

  it("reloads another profile's drafts, posts and accounts on a profile switch, dropping the old filter", async () => {
    const planner = usePlannerStore()
    planner.timeZone = 'Asia/Jakarta'
    planner.anchor = new Date(NOW)
    // The whole shell: the switch reaches the planner through the app session's profiles:switched.
    const wrapper = await mountWith(App, context, { route: '/planner' })
    planner.accountIds = ['acc-ig']
    const before = context.fake.requests('drafts:snapshot').length
    // What main's drafts:snapshot answers for the new profile.
    context.fake.data.drafts = [draft('d-work', 'queued', '2026-11-23T05:00:00.000Z')]
    context.fake.data.schedules = []
    await context.fake.api.profiles.activate({ id: 'prof-work' })
    await flushPromises()
    expect(context.fake.requests('drafts:snapshot').length).toBe(before + 1)
    expect(wrapper.find('[data-key="draft:d-queued"]').exists()).toBe(false)
    expect(wrapper.find('[data-key="draft:d-work"]').exists()).toBe(true)
    expect(wrapper.text()).not.toContain('Morning post')
    expect(planner.accountIds).toEqual([])
    const calendarAsks = context.fake.requests('schedules:list').filter((r) => !r.status)
    expect(calendarAsks.at(-1)).not.toHaveProperty('accountIds')
  })

  it('moves a focused queued post with Alt+arrow keys, says where to, and keeps the focus on it', async () => {
    const wrapper = await mountPlanner(context)
    const hint = wrapper.find('[data-testid=planner-move-hint]').text()
    expect(hint).toContain('Alt + arrow keys')
    const chip = () => wrapper.find<HTMLElement>('[data-key="draft:d-queued"]')
    expect(chip().attributes('title')).toContain('Alt + arrow keys move it')
    expect(chip().attributes('aria-keyshortcuts')).toContain('Alt+ArrowRight')
    chip().element.focus()
    // Without Alt the arrows do nothing to the post.
    await chip().trigger('keydown', { key: 'ArrowRight' })
    await chip().trigger('keydown', { key: 'ArrowRight', altKey: true })
    await flushPromises()
    expect(context.fake.requests('drafts:save')).toEqual([
      expect.objectContaining({
        id: 'd-queued',
        post: expect.objectContaining({ scheduleAt: '2026-11-24T02:00:00.000Z' }),
      }),
    ])
    expect(wrapper.find('[data-day="2026-11-24"]').find('[data-key="draft:d-queued"]').exists()).toBe(true)
    expect(document.activeElement).toBe(chip().element)
    // 02:00 UTC is 09:00 in Jakarta.
    expect(wrapper.find('[data-testid=planner-live]').text()).toMatch(
      /^Moved “Draft d-queued” to Tuesday, November 24, 2026\b.*\b09:00\b/,
    )

    // Down a week: from the focus it kept.
    await chip().trigger('keydown', { key: 'ArrowDown', altKey: true })
    await flushPromises()
    expect(context.fake.requests('drafts:save').at(-1)?.post.scheduleAt).toBe('2026-12-01T02:00:00.000Z')
    expect(document.activeElement).toBe(chip().element)
  })

  it('moves a post of the service over the post as it is now: an edit made on the website meanwhile is kept', async () => {
    context.fake.data.schedules.push(
      makeSchedule(21, {
        title: 'Service post',
        description: 'as the calendar read it',
        status: 'pending',
        scheduleAt: '2026-11-23T01:00:00.000Z',
      }),
    )
    const wrapper = await mountPlanner(context)
    // Edited on the service's website after the calendar read it.
    const onService = context.fake.data.schedules.find((s) => s._id === 'sched-21')!
    onService.description = 'edited on the website'
    const chip = wrapper.find<HTMLElement>('[data-key="post:sched-21"]')
    chip.element.focus()
    await chip.trigger('keydown', { key: 'ArrowRight', altKey: true })
    await flushPromises()
    // The move is sent with the copy it was made on, so main changes the time over the post as it is now.
    expect(context.fake.requests('schedules:update')).toEqual([
      expect.objectContaining({
        id: 'sched-21',
        post: expect.objectContaining({ scheduleAt: '2026-11-24T01:00:00.000Z' }),
        base: expect.objectContaining({
          description: 'as the calendar read it',
          scheduleAt: '2026-11-23T01:00:00.000Z',
        }),
      }),
    ])
    expect(context.fake.data.schedules.find((s) => s._id === 'sched-21')).toMatchObject({
      description: 'edited on the website',
      scheduleAt: '2026-11-24T01:00:00.000Z',
    })
  })

  it('moves by an hour with Alt+Down in the week view; a published post does not move', async () => {
    context.fake.data.schedules.push(
      makeSchedule(20, { title: 'Monday post', status: 'success', scheduleAt: '2026-11-23T01:00:00.000Z' }),
    )
    const wrapper = await mountPlanner(context)
    // The week of Monday the 23rd, where the queued post is (a switch opens on the week of today).
    await wrapper.find('[data-testid=planner-view-week]').trigger('click')
    usePlannerStore().anchor = new Date('2026-11-23T05:00:00.000Z')
    await usePlannerStore().load()
    await flushPromises()
    const service = wrapper.find('[data-key="post:sched-20"]')
    expect(service.exists()).toBe(true)
    expect(service.attributes('aria-keyshortcuts')).toBeUndefined()
    await service.trigger('keydown', { key: 'ArrowDown', altKey: true })
    await wrapper.find('[data-key="draft:d-queued"]').trigger('keydown', { key: 'ArrowDown', altKey: true })
    await flushPromises()
    expect(context.fake.requests('drafts:save')).toEqual([
      expect.objectContaining({
        id: 'd-queued',
        post: expect.objectContaining({ scheduleAt: '2026-11-23T03:00:00.000Z' }),
      }),
    ])
    expect(
      wrapper
        .find('[data-testid=planner-slot][data-day="2026-11-23"][data-hour="10"]')
        .find('[data-key="draft:d-queued"]')
        .exists(),
    ).toBe(true)
    expect(context.fake.requests('schedules:update')).toEqual([])
  })

  it('explains and announces the keyboard move in Bahasa Indonesia', async () => {
    context.i18n.global.locale.value = 'id'
    const wrapper = await mountPlanner(context)
    expect(wrapper.find('[data-testid=planner-move-hint]').text()).toContain('Alt + tombol panah')
    await wrapper.find('[data-key="draft:d-queued"]').trigger('keydown', { key: 'ArrowLeft', altKey: true })
    await flushPromises()
    expect(wrapper.find('[data-testid=planner-live]').text()).toMatch(
      /^“Draft d-queued” dipindahkan ke Minggu, 22 November 2026\b.*\b09[.:]00\b/,
    )
  })
  describe('moving posts by drag', () => {
    function dragTo(wrapper: Awaited<ReturnType<typeof mountPlanner>>, key: string, target: string) {
      const data = new Map<string, string>()
      const dataTransfer = {
        types: ['application/x-mediadeck-draft'],
        getData: (type: string) => data.get(type) ?? '',
        setData: (type: string, value: string) => void data.set(type, value),
        dropEffect: 'none',
        effectAllowed: 'all',
      }
      return (async () => {
        await wrapper.find(`[data-key="${key}"]`).trigger('dragstart', { dataTransfer })
        const cell = wrapper.find(target)
        await cell.trigger('dragover', { dataTransfer })
        await cell.trigger('drop', { dataTransfer })
        await flushPromises()
        await closeHeldToasts()
      })()
    }
    async function weekOf(wrapper: Awaited<ReturnType<typeof mountPlanner>>, day: string) {
      await wrapper.find('[data-testid=planner-view-week]').trigger('click')
      usePlannerStore().anchor = new Date(`${day}T05:00:00.000Z`)
      await usePlannerStore().load()
      await flushPromises()
    }

    it('refuses a drop on a day that has passed, and says why', async () => {
      const wrapper = await mountPlanner(context)
      await dragTo(wrapper, 'draft:d-draft', '[data-day="2026-11-18"]')
      expect(context.fake.requests('drafts:save')).toEqual([])
      const toast = useToastsStore().items.at(-1)
      expect(toast).toMatchObject({ tone: 'danger', title: 'The post could not be moved' })
      expect(toast?.message).toContain('That time has passed')
      expect(wrapper.find('[data-day="2026-11-24"]').find('[data-key="draft:d-draft"]').exists()).toBe(true)
    })

    it('puts a post dropped on the 14:00 row at 14:00, not at 14 and its old minutes', async () => {
      context.fake.data.drafts.push(draft('d-odd', 'draft', '2026-11-23T02:24:00.000Z'))
      const wrapper = await mountPlanner(context)
      await weekOf(wrapper, '2026-11-23')
      await dragTo(
        wrapper,
        'draft:d-odd',
        '[data-testid=planner-slot][data-day="2026-11-23"][data-hour="14"]',
      )
      // 14:00 in Jakarta is 07:00 UTC.
      expect(context.fake.requests('drafts:save')).toEqual([
        expect.objectContaining({
          id: 'd-odd',
          post: expect.objectContaining({ scheduleAt: '2026-11-23T07:00:00.000Z' }),
        }),
      ])
    })

    it('moves a pending post of the service through the service, and the hint says it can', async () => {
      const wrapper = await mountPlanner(context)
      expect(wrapper.find('[data-testid=planner-move-hint]').text()).toContain('a pending post')
      const chip = wrapper.find('[data-key="post:sched-1"]')
      expect(chip.attributes('draggable')).toBe('true')
      expect(wrapper.find('[data-key="post:sched-2"]').attributes('draggable')).toBe('false')
      await dragTo(wrapper, 'post:sched-1', '[data-day="2026-11-26"]')
      const updates = context.fake.requests('schedules:update')
      expect(updates).toHaveLength(1)
      expect(updates[0]).toMatchObject({
        id: 'sched-1',
        post: { title: 'Morning post', accountId: 'acc-ig', scheduleAt: '2026-11-26T01:00:00.000Z' },
      })
      expect(wrapper.find('[data-day="2026-11-26"]').find('[data-key="post:sched-1"]').exists()).toBe(true)
      expect(wrapper.find('[data-day="2026-11-22"]').find('[data-key="post:sched-1"]').exists()).toBe(false)
    })
  })

  it('shows an edited pending post at its new time at once, in the calendar and in its detail', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-key="post:sched-1"]').trigger('click')
    await flushPromises()
    document.querySelector<HTMLElement>('[data-testid=detail-edit]')!.click()
    await flushPromises()
    const time = document.querySelector<HTMLInputElement>('[data-testid=composer-time]')!
    time.value = '15:30'
    time.dispatchEvent(new Event('input'))
    await flushPromises()
    document.querySelector<HTMLElement>('[data-testid=composer-schedule]')!.click()
    await flushPromises()
    expect(context.fake.requests('schedules:update')[0]?.post.scheduleAt).toBe('2026-11-22T08:30:00.000Z')
    expect(useToastsStore().items.map((t) => t.title)).toContain('Post updated')
    const chip = wrapper.find('[data-day="2026-11-22"]').find('[data-key="post:sched-1"]')
    expect(chip.text()).toContain('15:30')
    await chip.trigger('click')
    await flushPromises()
    expect(document.querySelector('[data-testid=detail-when]')!.textContent).toContain('15:30')
  })

  it('filters the failed posts by the chosen account too', async () => {
    const wrapper = await mountPlanner(context)
    const failed = () => wrapper.find('[data-testid=planner-failed]')
    expect(failed().findAll('[data-testid=failed-post]')).toHaveLength(2)
    await wrapper.find('[data-testid=planner-account-filter]').setValue('acc-fb')
    await flushPromises()
    expect(failed().findAll('[data-testid=failed-post]')).toHaveLength(1)
    expect(failed().text()).toContain('Broken one')
    expect(failed().text()).not.toContain('Broken two')
  })

  it('shows a retried post as going out next, with when it was retried, instead of its past time', async () => {
    const wrapper = await mountPlanner(context)
    await wrapper.find('[data-testid=planner-failed] [data-testid=failed-retry]').trigger('click')
    await flushPromises()
    const [retried] = context.fake.requests('schedules:retry')[0]!.ids
    const chip = wrapper.find(`[data-key="post:${retried}"]`)
    expect(chip.attributes('data-status')).toBe('pending')
    expect(chip.text()).toContain('Next')
    expect(chip.text()).not.toContain('12:00')
    // Retried at NOW, 10:00 UTC: 17:00 in Jakarta.
    expect(chip.text()).toContain('Retried Nov 20, 2026, 17:00, goes out next')
    await chip.trigger('click')
    await flushPromises()
    expect(document.querySelector('[data-testid=detail-retried]')!.textContent).toContain(
      'Retried Nov 20, 2026, 17:00',
    )
  })

  it('says how many posts of the period could not be read, beside the posts it could', async () => {
    context.fake.data.skipped = { schedules: 2 }
    const wrapper = await mountPlanner(context)
    expect(wrapper.text()).toContain('Morning post')
    expect(wrapper.get('[data-testid="skipped-notice"]').text()).toContain(
      '2 scheduled posts could not be read',
    )
  })
})
