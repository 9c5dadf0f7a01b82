// Triage in the inbox view over the fake window.mediadeck: the list keeps its order while conversations change
// (an answered chat does not jump to the top under J, what is new comes first), J goes on from the place of a
// comment that left a filtered list, a reply box keeps the focus while its conversation is read, a status set
// offline is shown waiting on its row and in its thread, a conflict is told once, and what is typed in a reply
// box survives a switch of conversation, a reload and the send of what came before it.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../common/inbox'
import { chatSchema, inboxCommentSchema } from '../../../common/service'
import { useToastsStore } from '../../../renderer/stores/toasts'
import InboxView from '../../../renderer/views/InboxView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

function comment(n: number, at: string): InboxEntry {
  const id = `cm-${n}`
  return {
    id,
    kind: 'comment',
    accountId: 'acc-ig',
    at,
    status: 'pending',
    from: `Dian ${n}`,
    text: `Masih ada ${n}?`,
    comment: inboxCommentSchema.parse({
      _id: id,
      accountId: 'acc-ig',
      createdAt: at,
      content: { id: 'post-1', title: 'Kopi susu baru' },
      comment: { id: `p${n}`, text: `Masih ada ${n}?`, owner: { id: 'u1', name: `Dian ${n}` }, replies: [] },
    }),
  }
}
function chat(n: number, at: string): InboxEntry {
  const id = `ch-${n}`
  return {
    id,
    kind: 'chat',
    accountId: 'acc-tt',
    at,
    status: 'unreplied',
    from: `Budi ${n}`,
    text: 'Bisa kirim menu?',
    chat: chatSchema.parse({ _id: id, accountId: 'acc-tt', senderName: `Budi ${n}`, unreadCount: 0 }),
  }
}
const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key }))

describe('triage in the inbox', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    localStorage.clear()
    context = setupTest({
      data: {
        inbox: [
          chat(1, '2026-11-28T10:00:00.000Z'),
          comment(2, '2026-11-28T09:00:00.000Z'),
          chat(3, '2026-11-28T08:00:00.000Z'),
          comment(4, '2026-11-28T07:00:00.000Z'),
        ],
      },
    })
  })
  afterEach(() => document.body.replaceChildren())
  const mountInbox = () => mountWith(InboxView, context, { route: '/inbox' })
  const openRow = (wrapper: Awaited<ReturnType<typeof mountInbox>>) =>
    wrapper.get('[aria-current="true"]').attributes('data-id')
  const rowIds = (wrapper: Awaited<ReturnType<typeof mountInbox>>) =>
    wrapper.findAll('[data-testid="inbox-row"]').map((row) => row.attributes('data-id'))

  it('keeps each conversation in its place while it changes, so J never meets one again', async () => {
    const wrapper = await mountInbox()
    press('j')
    press('j')
    press('j')
    await flushPromises()
    expect(openRow(wrapper)).toBe('ch-3')
    // Answered, the chat is the newest activity in the copy: the copy's order would put it first.
    const entries = context.fake.data.inbox!
    entries.find((e) => e.id === 'ch-3')!.at = '2026-11-28T11:00:00.000Z'
    // And something new arrives.
    entries.push(comment(5, '2026-11-28T12:00:00.000Z'))
    context.fake.inbox.changed(['ch-3', 'cm-5'])
    await flushPromises()
    expect(rowIds(wrapper)).toEqual(['cm-5', 'ch-1', 'cm-2', 'ch-3', 'cm-4'])
    press('j')
    await flushPromises()
    expect(openRow(wrapper)).toBe('cm-4')
  })

  it('goes on from the place of a comment that left the filtered list', async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-testid="inbox-status"] select').setValue('Pending')
    await flushPromises()
    expect(rowIds(wrapper)).toEqual(['cm-2', 'cm-4'])
    press('j')
    await flushPromises()
    press('e')
    await flushPromises()
    expect(rowIds(wrapper)).toEqual(['cm-4'])
    press('j')
    await flushPromises()
    expect(openRow(wrapper)).toBe('cm-4')
  })

  it('keeps a status set while the conversation was still being read', async () => {
    const wrapper = await mountInbox()
    // The read answers the comment as it was when it began (main read it before the change).
    const api = (window as unknown as { mediadeck: { inbox: { thread: (r: { id: string }) => unknown } } })
      .mediadeck.inbox
    const read = api.thread
    let answer: (() => void) | undefined
    api.thread = async (request) => {
      const before = await read(request)
      await new Promise<void>((resolve) => (answer = resolve))
      return before
    }
    await wrapper.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    press('e')
    await flushPromises()
    expect(wrapper.get('[data-id="cm-2"]').attributes('data-status')).toBe('resolved')
    answer!()
    await flushPromises()
    expect(wrapper.get('[data-id="cm-2"]').attributes('data-status')).toBe('resolved')
    expect(wrapper.get('[data-testid="thread-status"]').text()).toBe('Resolved')
  })

  it('shows a status set offline as waiting, on its row and in its thread', async () => {
    context.fake.data.inboxOffline = true
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    press('i')
    await flushPromises()
    expect(wrapper.get('[data-id="cm-2"]').attributes('data-status')).toBe('ignored')
    expect(wrapper.get('[data-id="cm-2"] [data-testid="row-status-change"]').text()).toBe('Status waiting')
    expect(wrapper.get('[data-testid="status-change"]').text()).toBe(
      'Set to Ignored while offline: sent once the service can be reached.',
    )
  })

  it('tells a conflict once, in its thread and in one toast', async () => {
    context.fake.data.inboxStatusChanges = [
      {
        id: 'sc-1',
        commentId: 'cm-2',
        status: 'resolved',
        base: 'pending',
        state: 'conflict',
        seen: 'ignored',
        error: null,
        createdAt: '2026-11-28T09:30:00.000Z',
      },
    ]
    const wrapper = await mountInbox()
    expect(wrapper.get('[data-id="cm-2"] [data-testid="row-status-change"]').text()).toBe(
      'Status not changed',
    )
    await wrapper.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="status-change"]').text()).toBe(
      'You set it to Resolved, but it became Ignored on the service meanwhile: it stays Ignored. Set it again to change it.',
    )
    context.fake.inbox.state()
    await flushPromises()
    expect(useToastsStore().items.map((toast) => toast.title)).toEqual([
      'A status was left as the service has it',
    ])
  })

  it('keeps what is typed in a reply box through a switch of conversation and a reload', async () => {
    const first = await mountInbox()
    await first.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    await first.get('[data-testid="reply-text"]').setValue('Masih kak, uk')
    await first.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    expect((first.get('[data-testid="reply-text"]').element as HTMLTextAreaElement).value).toBe('')
    await first.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    expect((first.get('[data-testid="reply-text"]').element as HTMLTextAreaElement).value).toBe(
      'Masih kak, uk',
    )
    first.unmount()

    const again = await mountInbox()
    await again.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    expect((again.get('[data-testid="reply-text"]').element as HTMLTextAreaElement).value).toBe(
      'Masih kak, uk',
    )
  })

  it('leaves the focus in the reply box when the conversation is read after R was pressed', async () => {
    const wrapper = await mountInbox()
    // The service is slow to answer the conversation: the person is already typing.
    const release = context.fake.hold('inbox:thread')
    press('j')
    await flushPromises()
    press('r')
    await flushPromises()
    const box = wrapper.get('[data-testid="reply-text"]')
    expect(document.activeElement).toBe(box.element)
    release()
    await flushPromises()
    expect(document.activeElement).toBe(box.element)
  })

  it('empties the box of the text sent only, keeping what was typed while it went', async () => {
    context.fake.data.inboxOffline = true
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="cm-2"]').trigger('click')
    await flushPromises()
    const box = wrapper.get('[data-testid="reply-text"]')
    await box.setValue('Masih kak')
    await box.trigger('keydown', { key: 'Enter', ctrlKey: true })
    // Typed before main answered.
    await box.setValue('Masih kak Ukuran 40 juga ada')
    await flushPromises()
    expect((box.element as HTMLTextAreaElement).value).toBe('Ukuran 40 juga ada')
    expect(context.fake.requests('inbox:reply')).toEqual([{ id: 'cm-2', text: 'Masih kak', media: [] }])
  })
})
