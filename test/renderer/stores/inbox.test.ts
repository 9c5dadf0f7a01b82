// The page's inbox list takes main's changes: a changed conversation is applied to the filtered list it holds
// without reading it again, a status set is shown from its answer; the list is read again only for a missed
// change number, main saying so, or what the page cannot judge (a search). Its freshness and outbox come whole.
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOST_LINK_EVENT } from '../../../common/app-state'
import type { InboxEntry } from '../../../common/inbox'
import { INBOX_LIST_MAX } from '../../../common/inbox-calls'
import { useInboxStore } from '../../../renderer/stores/inbox'
import { useProfilesStore } from '../../../renderer/stores/profiles'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'

const chat = (n: number, at: string, o: Partial<InboxEntry> = {}): InboxEntry => ({
  id: `ch-${n}`,
  kind: 'chat',
  accountId: 'acc-tt',
  at: `2026-11-28T${at}:00.000Z`,
  status: 'unreplied',
  from: `Budi ${n}`,
  text: `pesan ${n}`,
  ...o,
})

describe('inbox store', () => {
  let fake: FakeMediadeck
  beforeEach(() => {
    fake = installFakeMediadeck(
      createFakeMediadeck({
        inbox: [chat(1, '10:00'), chat(2, '09:00'), chat(3, '08:00', { status: 'unread' })],
      }),
    )
    setActivePinia(createPinia())
  })
  const stops: Array<() => void> = []
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  async function opened(query: Partial<ReturnType<typeof useInboxStore>['query']> = {}) {
    const store = useInboxStore()
    stops.push(store.subscribe())
    await store.load({ ...store.query, ...query })
    return store
  }
  const lists = () => fake.requests('inbox:list').length
  const ids = (store: ReturnType<typeof useInboxStore>) => store.items.map((e) => e.id)

  it('applies a changed, a new and a removed conversation without reading the list again', async () => {
    const store = await opened()
    const entries = fake.data.inbox!
    entries[1]!.text = 'sudah dibalas'
    entries.push(chat(4, '11:00'))
    fake.data.inbox = entries.filter((e) => e.id !== 'ch-3')
    fake.inbox.changed(['ch-2', 'ch-4'], ['ch-3'])
    await flushPromises()
    expect(ids(store)).toEqual(['ch-4', 'ch-1', 'ch-2'])
    expect(store.items[2]!.text).toBe('sudah dibalas')
    expect(store.answer!.total).toBe(3)
    expect(lists()).toBe(1)
  })

  it('reads the list again when the link to main comes back: what was sent while it was down never came', async () => {
    const store = await opened()
    const link = (linked: boolean) =>
      window.dispatchEvent(new CustomEvent(HOST_LINK_EVENT, { detail: { linked } }))
    link(false)
    // Meanwhile a comment came and main restarted: its next changes number from 1 again.
    fake.data.inbox = [...fake.data.inbox!, chat(5, '12:00')]
    link(true)
    await flushPromises()
    expect(lists()).toBe(2)
    expect(ids(store)).toEqual(['ch-5', 'ch-1', 'ch-2', 'ch-3'])
    // Nothing is read while the link is down or when it only drops.
    link(false)
    await flushPromises()
    expect(lists()).toBe(2)
  })

  it('under a filter, a conversation that no longer matches leaves and one that now matches comes in', async () => {
    const store = await opened({ status: 'unread' })
    expect(ids(store)).toEqual(['ch-3'])
    const entries = fake.data.inbox!
    entries[0]!.status = 'unread'
    entries[2]!.status = 'replied'
    fake.inbox.changed(['ch-1', 'ch-3'])
    await flushPromises()
    expect(ids(store)).toEqual(['ch-1'])
    expect(lists()).toBe(1)
  })

  it('reads the list again for a missed number, for main saying so, and under a search', async () => {
    const store = await opened()
    fake.emit('inbox:changed', { seq: 7, changed: [], removed: ['ch-1'] })
    await flushPromises()
    expect(lists()).toBe(2)
    expect(ids(store)).toEqual(['ch-1', 'ch-2', 'ch-3'])
    fake.inbox.reload()
    await flushPromises()
    expect(lists()).toBe(3)
    await store.load({ ...store.query, search: 'pesan' })
    fake.inbox.changed(['ch-2'])
    await flushPromises()
    expect(lists()).toBe(5)
  })

  it('shows a status set from its answer, and the freshness and replies main sends whole', async () => {
    const store = await opened({ status: 'unreplied' })
    await store.openThread('ch-2')
    await store.setStatus('resolved' as never)
    await flushPromises()
    expect(ids(store)).toEqual(['ch-1'])
    fake.data.inboxChecking = true
    fake.inbox.state()
    expect(store.answer!.freshness.state).toBe('checking')
    expect(lists()).toBe(1)
  })

  it("takes no other profile's freshness and outbox, sent about a switch", async () => {
    await useProfilesStore().load()
    const store = await opened()
    expect(useProfilesStore().activeId).toBe('sandbox')
    const state = store.answer!
    fake.emit('inbox:state', {
      profileId: 'another',
      fetchedAt: state.fetchedAt,
      stale: true,
      freshness: { ...state.freshness, state: 'checking' },
      replies: state.replies,
      statusChanges: state.statusChanges,
    })
    expect(store.answer!.stale).toBe(false)
    expect(store.answer!.freshness.state).not.toBe('checking')
    fake.data.inboxChecking = true
    fake.inbox.state()
    expect(store.answer!.freshness.state).toBe('checking')
  })

  it('triage under a status filter past a page of rows does not read the list again', async () => {
    const pad = (n: number) => String(n).padStart(2, '0')
    // The newest first: ch-1 at 05:20, ch-320 at 00:01.
    const minutes = (i: number) => INBOX_LIST_MAX + 20 - i
    fake.data.inbox = Array.from({ length: INBOX_LIST_MAX + 20 }, (_, i) =>
      chat(i + 1, `${pad(Math.floor(minutes(i) / 60))}:${pad(minutes(i) % 60)}`),
    )
    const store = await opened({ status: 'unreplied' })
    expect(store.answer!.total).toBe(INBOX_LIST_MAX + 20)
    expect(store.items).toHaveLength(INBOX_LIST_MAX)
    const read = lists()
    await store.openThread(store.items[0]!.id)
    const resolved = store.openId!
    // main's change of the row comes before the answer of the status set (and again as its replay writes it).
    await store.setStatus('resolved' as never)
    fake.inbox.changed([resolved])
    await flushPromises()
    expect(store.items.map((e) => e.id)).not.toContain(resolved)
    expect(store.answer!.total).toBe(INBOX_LIST_MAX + 19)
    expect(lists()).toBe(read)
    // A row the page did not take out, told past its page, still cannot be judged: read again.
    fake.data.inbox.at(-1)!.text = 'berubah'
    fake.inbox.changed([fake.data.inbox.at(-1)!.id])
    await flushPromises()
    expect(lists()).toBe(read + 1)
  })
})
