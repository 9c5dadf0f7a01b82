// The library picker (the composer's media and the inbox's reply box): its search filters as it is typed, after
// a pause rather than per keystroke, starts empty each time the picker opens, and shows only the newest
// search's answer when an older one comes back late.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import LibraryPicker from '../../../renderer/components/library/LibraryPicker.vue'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const Host = defineComponent({
  setup(_, { expose }) {
    const open = ref(true)
    expose({ open })
    return () => h(LibraryPicker, { open: open.value, 'onUpdate:open': (v: boolean) => (open.value = v) })
  },
})

function searchBox(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('[data-testid="library-search"] input')!
}
function shownNames(): string[] {
  // The whole name: a long one is shown cut, and read whole from its hidden twin.
  return [...document.querySelectorAll('[data-testid="library-pick"] .file-name')].map(
    (n) => (n.querySelector('.visually-hidden') ?? n).textContent!,
  )
}
async function type(text: string) {
  const box = searchBox()
  box.value = text
  box.dispatchEvent(new Event('input'))
  await flushPromises()
}

describe('library picker search', () => {
  let context: TestContext
  beforeEach(() => {
    context = setupTest()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('filters as it is typed, once the typing pauses, with no button to press', async () => {
    const wrapper = await mountWith(Host, context)
    const wanted = context.fake.data.files.find((f) => f.mimetype.startsWith('image/'))!.filename
    const asked = context.fake.requests('storage:files').length
    await type(wanted.slice(0, 3))
    await type(wanted)
    expect(context.fake.requests('storage:files')).toHaveLength(asked)
    await vi.advanceTimersByTimeAsync(250)
    await flushPromises()
    const requests = context.fake.requests('storage:files')
    expect(requests).toHaveLength(asked + 1)
    expect(requests.at(-1)!.search).toBe(wanted)
    expect(shownNames()).toEqual([wanted])

    await type('no such file anywhere')
    await vi.advanceTimersByTimeAsync(250)
    await flushPromises()
    expect(shownNames()).toEqual([])
    expect(document.body.textContent).toContain('No file name contains “no such file anywhere”.')
    wrapper.unmount()
  })

  it('starts empty when it is opened again, showing the whole library', async () => {
    const wrapper = await mountWith(Host, context)
    const everything = shownNames()
    const wanted = everything[0]!
    await type(wanted)
    await vi.advanceTimersByTimeAsync(250)
    await flushPromises()
    expect(shownNames()).toEqual([wanted])

    const host = wrapper.vm as unknown as { open: boolean }
    host.open = false
    await flushPromises()
    host.open = true
    await flushPromises()
    expect(searchBox().value).toBe('')
    expect(context.fake.requests('storage:files').at(-1)!.search).toBeUndefined()
    expect(shownNames()).toEqual(everything)
  })

  it('shows the newest search when an older answer comes back after it', async () => {
    await mountWith(Host, context)
    const [first, second] = shownNames()
    const release = context.fake.hold('storage:files')
    await type(first!)
    await vi.advanceTimersByTimeAsync(250)
    await type(second!)
    await vi.advanceTimersByTimeAsync(250)
    release()
    await flushPromises()
    expect(shownNames()).toEqual([second])
  })
})
