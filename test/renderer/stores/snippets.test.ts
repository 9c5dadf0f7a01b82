// The page's snippets: read whole once, then main's changes (another process's saves included) applied to what
// it holds; a missed change number reads the list whole again (renderer/lib/list-mirror.ts, as the drafts do).
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
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

  async function opened() {
    const store = useSnippetsStore()
    store.subscribe()
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
})
