// The page's drafts: read whole once, then main's changes applied to what it holds; a missed change number, or
// main saying so, reads the list whole again, and a change that arrives during that read is neither lost nor
// applied twice.
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOST_LINK_EVENT } from '../../../common/app-state'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import { useDraftsStore } from '../../../renderer/stores/drafts'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'
import { NOW } from '../support/fixtures'

function draft(id: string, description = `Draft ${id}`): Draft {
  return {
    id,
    profileId: 'sandbox',
    status: 'draft',
    post: { ...emptyScheduleRequest(), description, accountId: 'acc-ig', scheduleAt: '' },
    localMedia: [],
    createdAt: NOW,
    updatedAt: NOW,
  }
}

describe('drafts store', () => {
  let fake: FakeMediadeck
  beforeEach(() => {
    fake = installFakeMediadeck(createFakeMediadeck({ drafts: [draft('a'), draft('b')] }))
    setActivePinia(createPinia())
  })
  // A store left listening would hear the next test's events on the window.
  const stops: Array<() => void> = []
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  async function opened() {
    const store = useDraftsStore()
    stops.push(store.subscribe())
    await store.load()
    return store
  }

  it('applies each change to the list it holds, without reading the list again', async () => {
    const store = await opened()
    fake.draftsChanged([draft('b', 'edited'), draft('c')], ['a'])
    fake.draftsChanged([draft('d')])
    expect(store.drafts.map((d) => [d.id, d.post.description])).toEqual([
      ['b', 'edited'],
      ['c', 'Draft c'],
      ['d', 'Draft d'],
    ])
    expect(fake.requests('drafts:snapshot')).toHaveLength(1)
  })

  it('reads the list whole again when a change number was missed', async () => {
    const store = await opened()
    fake.data.drafts = [draft('a'), draft('b'), draft('missed')]
    // Change 1 never arrived; 2 did.
    fake.emit('drafts:changed', { seq: 2, changed: [draft('late')], removed: [] })
    await flushPromises()
    expect(fake.requests('drafts:snapshot')).toHaveLength(2)
    expect(store.drafts.map((d) => d.id)).toEqual(['a', 'b', 'missed'])
  })

  it('reads the list whole again when the link to main comes back: what was sent while it was down never came', async () => {
    const store = await opened()
    fake.draftsChanged([draft('c')])
    const link = (linked: boolean) =>
      window.dispatchEvent(new CustomEvent(HOST_LINK_EVENT, { detail: { linked } }))
    link(false)
    // Meanwhile the CLI imported a draft and another was deleted; the events went to a closed socket.
    fake.data.drafts = [draft('b'), draft('c'), draft('imported')]
    link(true)
    await flushPromises()
    expect(fake.requests('drafts:snapshot')).toHaveLength(2)
    expect(store.drafts.map((d) => d.id)).toEqual(['b', 'c', 'imported'])
    // Changes go on from the number the new list holds.
    fake.draftsChanged([draft('after')])
    expect(store.drafts.map((d) => d.id)).toEqual(['b', 'c', 'imported', 'after'])
    expect(fake.requests('drafts:snapshot')).toHaveLength(2)
  })

  it('reads the list whole again when main says it is stale (another profile)', async () => {
    const store = await opened()
    fake.data.drafts = [draft('work')]
    fake.emit('drafts:changed', { seq: 1, changed: [], removed: [], reload: true })
    await flushPromises()
    expect(store.drafts.map((d) => d.id)).toEqual(['work'])
  })

  it('a change that arrives while the list is read is applied after, only if the list does not hold it', async () => {
    const store = useDraftsStore()
    stops.push(store.subscribe())
    const release = fake.hold('drafts:snapshot')
    const loading = store.load()
    await flushPromises()
    // Sent after the list was read (main numbers it past the list's), before the list arrived.
    fake.data.drafts = [draft('a'), draft('b'), draft('c')]
    fake.draftsChanged([draft('c')])
    release()
    await loading
    // The fake answers the list as it holds it at the answer, numbered with the changes sent by then: the
    // change is in it, and is not added twice.
    expect(store.drafts.map((d) => d.id)).toEqual(['a', 'b', 'c'])
    fake.draftsChanged([draft('e')])
    expect(store.drafts.map((d) => d.id)).toEqual(['a', 'b', 'c', 'e'])
    expect(fake.requests('drafts:snapshot')).toHaveLength(1)
  })

  it('says which drafts a change touched and what each was, and keeps what no change touched', async () => {
    fake = installFakeMediadeck(
      createFakeMediadeck({ drafts: [draft('a'), { ...draft('q'), status: 'queued' }, draft('b')] }),
    )
    const store = await opened()
    const waiting = store.waiting
    const unscheduled = store.unscheduled
    fake.draftsChanged([draft('b', 'edited'), draft('c')], ['a'])
    expect(
      store.lastChanges.map((c) => [c.draft.id, c.previous?.post.description ?? null, c.removed ?? false]),
    ).toEqual([
      ['b', 'Draft b', false],
      ['c', null, false],
      ['a', 'Draft a', true],
    ])
    expect(store.byId.get('b')?.post.description).toBe('edited')
    expect(store.byId.has('a')).toBe(false)
    // The queued list holds the same drafts: it is the list it was, so nothing that shows it is drawn again.
    expect(store.waiting).toBe(waiting)
    expect(store.unscheduled).not.toBe(unscheduled)
    expect(store.unscheduled.map((d) => d.id)).toEqual(['b', 'c'])
  })

  it('an answer older than what main already sent does not replace it', async () => {
    fake = installFakeMediadeck(createFakeMediadeck({ drafts: [{ ...draft('a'), revision: 1 }] }))
    const store = await opened()
    fake.draftsChanged([{ ...draft('a', 'sent by the outbox'), revision: 3 }])
    fake.data.drafts = [{ ...draft('a', 'as saved'), revision: 2 }]
    await store.fetch('a')
    expect(store.byId.get('a')?.post.description).toBe('sent by the outbox')
    expect(store.drafts.map((d) => d.post.description)).toEqual(['sent by the outbox'])
  })
})
