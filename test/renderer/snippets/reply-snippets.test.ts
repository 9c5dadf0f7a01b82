// Saved answers in the inbox's reply box, in the real InboxView against the fake main: the reply box's Insert
// text menu offers the saved answers, then the caption snippets (never a hashtag group), puts the one picked
// into the reply, which is sent as typed; and a new saved answer is made from the menu's manager.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import InboxView from '../../../renderer/views/InboxView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { makeSnippet } from '../support/fixtures'
import { chatEntry, commentEntry } from '../support/inbox-entries'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!

const snippet = makeSnippet

describe('saved answers in the reply box', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest({
      data: {
        inbox: [commentEntry(), chatEntry()],
        snippets: [
          snippet('s1', 'caption', 'Sign-off', 'Salam hangat, Senja Roastery'),
          snippet('s2', 'hashtags', 'Kopi', '#kopi #senja'),
          snippet('s3', 'reply', 'Stok', 'Stok masih ada kak, silakan order lewat link di bio.'),
          snippet('s4', 'reply', 'Alamat', 'Kami di Jl. Kaliurang km 5, buka 08.00–22.00.'),
        ],
      },
    })
  })
  afterEach(() => document.body.replaceChildren())

  async function openChat() {
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    return wrapper
  }

  it('offers saved answers then caption snippets, and sends the one picked as the reply', async () => {
    const wrapper = await openChat()
    $('[data-testid="reply-form"] [data-testid=composer-snippets-button]').click()
    await flushPromises()
    const names = [...document.querySelectorAll('[role=option] .snippet-menu__name')].map(
      (n) => n.textContent,
    )
    expect(names).toEqual(['Alamat', 'Stok', 'Sign-off'])
    $('[data-testid=composer-snippet-s3]').click()
    await flushPromises()
    const box = $<HTMLTextAreaElement>('[data-testid=reply-text]')
    expect(box.value).toBe('Stok masih ada kak, silakan order lewat link di bio.')
    expect(document.activeElement).toBe(box)
    await wrapper.get('[data-testid="reply-form"]').trigger('submit')
    await flushPromises()
    expect(context.fake.requests('inbox:reply')).toEqual([
      { id: 'ch-1', text: 'Stok masih ada kak, silakan order lewat link di bio.', media: [] },
    ])
  })

  it('makes a new saved answer from the menu, kept as one of the reply kind', async () => {
    await openChat()
    $('[data-testid="reply-form"] [data-testid=composer-snippets-button]').click()
    await flushPromises()
    $('[data-testid=composer-snippets-manage]').click()
    await flushPromises()
    // The manager over the reply box lists the kinds a reply takes, saved answers first.
    const sections = [...document.querySelectorAll('[data-testid=snippets-manager] h3')].map(
      (h) => h.textContent,
    )
    expect(sections).toEqual(['Saved answers', 'Caption snippets'])
    $('[data-testid=snippet-add-reply]').click()
    await flushPromises()
    expect(document.body.textContent).toContain('New saved answer')
  })

  it('is offered on a comment too', async () => {
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="reply-form"] [data-testid=composer-snippets-button]').exists()).toBe(
      true,
    )
  })
})
