// A profile switch is handled in one place (useAppSession, on main's profiles:switched): every per-profile
// store forgets the previous profile, even while its view is not on screen. Back online, what a view showed
// from the replica is fetched again.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest, type Report } from '../../../common/service'
import App from '../../../renderer/App.vue'
import { useAccountWatchStore } from '../../../renderer/stores/account-watch'
import { useDraftsStore } from '../../../renderer/stores/drafts'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { useReportsStore } from '../../../renderer/stores/reports'
import { useStorageStore } from '../../../renderer/stores/storage'
import { stubElementSize, stubMatchMedia } from '../support/browser-stubs'
import { createFakeMediadeck } from '../support/fake-mediadeck'
import { ACCOUNT_FIXTURES, NOW, makeSchedule, makeStoredFile, paginate, summaryOf } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const sandboxDraft: Draft = {
  id: 'd-sandbox',
  profileId: 'sandbox',
  status: 'queued',
  post: { ...emptyScheduleRequest(), description: 'Sandbox draft', accountId: 'acc-ig', scheduleAt: NOW },
  localMedia: [],
  createdAt: NOW,
  updatedAt: NOW,
}

describe('useAppSession on a profile switch', () => {
  let context: TestContext

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
    stubElementSize()
    stubMatchMedia()
    context = setupTest({
      data: {
        schedules: [
          makeSchedule(1, { title: 'Sandbox post', scheduleAt: '2026-11-22T01:00:00.000Z' }),
          makeSchedule(2, {
            status: 'error',
            title: 'Sandbox failure',
            scheduleAt: '2026-11-18T05:00:00.000Z',
          }),
        ],
        drafts: [sandboxDraft],
      },
    })
  })

  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it("resets the planner and drafts stores, so no view shows the previous profile's posts or drafts", async () => {
    const wrapper = await mountWith(App, context, { route: '/planner' })
    const planner = usePlannerStore()
    const drafts = useDraftsStore()
    planner.accountIds = ['acc-ig']
    expect(planner.posts.map((post) => post.title)).toContain('Sandbox post')
    expect(planner.failed.map((post) => post.title)).toContain('Sandbox failure')
    expect(drafts.drafts.map((draft) => draft.id)).toEqual(['d-sandbox'])

    // Switched in Settings, away from the planner; the new profile has no posts and no drafts.
    await context.router.push('/settings')
    await flushPromises()
    context.fake.data.schedules = []
    context.fake.data.drafts = []
    await context.fake.api.profiles.activate({ id: 'prof-work' })
    await flushPromises()

    expect(planner.posts).toEqual([])
    expect(planner.failed).toEqual([])
    expect(planner.accountIds).toEqual([])
    expect(planner.fetchedAt).toBeNull()
    expect(drafts.drafts).toEqual([])
    expect(wrapper.text()).not.toContain('Sandbox draft')
  })
})

describe('useAppSession on a profile switch while offline', () => {
  afterEach(() => document.body.replaceChildren())

  it('shows none of the previous profile’s activity or account alerts', async () => {
    stubElementSize()
    stubMatchMedia()
    const account = ACCOUNT_FIXTURES[0]!
    const context = setupTest({
      data: {
        reports: [
          {
            _id: 'r-sandbox',
            id: 'r-sandbox',
            type: 'reply',
            status: 'error',
            value: { text: 'Sandbox comment', owner: { id: 'p', name: 'Sari', picture: '' } },
            accountId: account.id,
            createdAt: NOW,
            account: summaryOf(account),
            errorMessage: 'the comment was deleted before the reply was sent',
          } as unknown as Report,
        ],
        watch: {
          alerts: [
            { accountId: account.id, accountName: 'Sandbox shop', accountType: 'instagram', posts: [] },
          ],
          checkedAt: NOW,
        },
      },
    })
    const wrapper = await mountWith(App, context, { route: '/activity' })
    const watchStore = useAccountWatchStore()
    await watchStore.load()
    await flushPromises()
    expect(wrapper.findAll('[data-testid="report-row"]')).toHaveLength(1)
    expect(watchStore.state.alerts).toHaveLength(1)

    // The second profile has no copy of its activity yet, and its service cannot be reached.
    const offline = { kind: 'network', message: 'connect ECONNREFUSED' } as const
    context.fake.fail('reports:list', offline, 5)
    await context.fake.api.profiles.activate({ id: 'prof-work' })
    await flushPromises()
    expect(wrapper.findAll('[data-testid="report-row"]')).toHaveLength(0)
    expect(wrapper.text()).not.toContain('Sandbox comment')
    expect(useReportsStore().result).toBeNull()
    expect(watchStore.state.alerts).toEqual([])

    // Opened again from elsewhere, Activity still has nothing of the first profile to show.
    await context.router.push('/settings')
    await flushPromises()
    await context.router.push('/activity')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="report-row"]')).toHaveLength(0)
    expect(wrapper.text()).not.toContain('Sandbox comment')
  })
})

describe('useAppSession back online', () => {
  afterEach(() => document.body.replaceChildren())

  it('fetches again the files and the figure the Library showed from the replica', async () => {
    stubElementSize()
    stubMatchMedia()
    const context = setupTest({
      data: {
        connection: { ...createFakeMediadeck().data.connection, status: 'offline' },
        replica: {
          files: {
            value: paginate([makeStoredFile(90)], 1, 20),
            stale: false,
            fetchedAt: '2026-11-20T02:14:00.000Z',
            freshness: { state: 'checking', confirmedAt: '2026-11-20T02:14:00.000Z' },
          },
        },
      },
    })
    const offline = { kind: 'network', message: 'connect ECONNREFUSED' } as const
    context.fake.fail('storage:files', offline)
    context.fake.fail('storage:stats', offline)
    await mountWith(App, context, { route: '/library' })
    const storage = useStorageStore()
    expect(storage.filesStale).toBe(true)
    expect(storage.files?.docs.map((file) => file.id)).toEqual(['file-090'])

    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'online' })
    await flushPromises()
    expect(storage.filesStale).toBe(false)
    expect(storage.files?.docs).toHaveLength(20)
    expect(storage.stats?.file.total).toBe(25)
  })
})
