// The page's snippets: read whole once, then main's changes (another process's saves included) applied to what
// it holds; a missed change number reads the list whole again (renderer/lib/list-mirror.ts, as the drafts do).
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOST_LINK_EVENT } from '../../../common/app-state'
import type { Snippet } from '../../../common/snippets'
import { useSnippetsStore } from '../../../renderer/stores/snippets'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'
import { NOW } from '../support/fixtures'

const snippet = (id: string, name: string, body = `${name} text`): Snippet => ({
  id,
  kind: 'caption',
  name,
  body,
  revision: 1,
  createdAt: NOW,
  updatedAt: NOW,
})

describe('snippets store', () => {
  let fake: FakeMediadeck
  beforeEach(() => {
    fake = installFakeMediadeck(
      createFakeMediadeck({ snippets: [snippet('a', 'Alpha'), snippet('b', 'Beta')] }),
    )
    setActivePinia(createPinia())
  })
  // A store left listening would hear the next test's events on the window.
  const stops: Array<() => void> = []
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  async function opened() {
    const store = useSnippetsStore()
    stops.push(store.subscribe())
    await flushPromises()
    return store
  }

  it('applies each change from main to the list it holds, without reading the list again', async () => {
    const store = await opened()
    fake.snippetsChanged([{ ...snippet('b', 'Beta', 'edited'), revision: 2 }, snippet('c', 'Gamma')], ['a'])
    expect(store.captions.map((s) => [s.name, s.body])).toEqual([
      ['Beta', 'edited'],
      ['Gamma', 'Gamma text'],
    ])
    expect(fake.requests('snippets:snapshot')).toHaveLength(1)
    expect(fake.requests('snippets:list')).toHaveLength(0)
  })

  it('reads the list whole again when a change number was missed', async () => {
    const store = await opened()
    fake.data.snippets = [snippet('a', 'Alpha'), snippet('z', 'Zeta')]
    fake.emit('snippets:changed', { seq: 5, changed: [snippet('late', 'Late')], removed: [] })
    await flushPromises()
    expect(fake.requests('snippets:snapshot')).toHaveLength(2)
    expect(store.captions.map((s) => s.name)).toEqual(['Alpha', 'Zeta'])
  })

  it('reads the list whole again when the link to main comes back, and no more once nothing listens', async () => {
    const store = useSnippetsStore()
    const stop = store.subscribe()
    await flushPromises()
    const link = (linked: boolean) =>
      window.dispatchEvent(new CustomEvent(HOST_LINK_EVENT, { detail: { linked } }))
    link(false)
    fake.data.snippets = [snippet('a', 'Alpha'), snippet('cli', 'Saved by the CLI')]
    link(true)
    await flushPromises()
    expect(store.captions.map((s) => s.name)).toEqual(['Alpha', 'Saved by the CLI'])
    expect(fake.requests('snippets:snapshot')).toHaveLength(2)
    stop()
    link(false)
    link(true)
    await flushPromises()
    expect(fake.requests('snippets:snapshot')).toHaveLength(2)
  })
})
