// The composer's Insert text menu and its Ctrl+; shortcut, in the real ComposerDialog against the fake main.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ComposerDialog from '../../../renderer/components/planner/ComposerDialog.vue'
import { ACCOUNT_FIXTURES, makeSnippet, NOW } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!

const snippet = makeSnippet
const SNIPPETS = [
  snippet('s1', 'caption', 'Sign-off', 'Thanks for reading!'),
  snippet('s2', 'hashtags', 'Bali trip', '#bali #travel'),
  snippet('s3', 'caption', 'Link', 'Link in bio'),
  // A saved answer of the inbox: never offered in a post.
  snippet('s4', 'reply', 'Stock', 'Still in stock!'),
]

async function mountComposer(context: TestContext) {
  return mountWith(ComposerDialog, context, {
    route: '/planner',
    props: { open: true, target: { kind: 'new' }, accounts: ACCOUNT_FIXTURES, timeZone: 'Asia/Jakarta' },
  })
}

async function typeInto(field: HTMLTextAreaElement | HTMLInputElement, value: string, caret = value.length) {
  field.focus()
  field.value = value
  field.dispatchEvent(new Event('input'))
  field.setSelectionRange(caret, caret)
  await flushPromises()
}

const key = (target: Element, init: KeyboardEventInit) => {
  // Vue runs a listener added after the event's time only when the clock moved (runtime-dom's `_vts`).
  vi.setSystemTime(Date.now() + 1)
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }))
}

describe('the composer’s snippets', () => {
  let context: TestContext
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({ data: { snippets: structuredClone(SNIPPETS) } })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('inserts the picked snippet at the caret of the description, spaced, from the menu', async () => {
    await mountComposer(context)
    const description = $<HTMLTextAreaElement>('[data-testid=composer-description]')
    await typeInto(description, 'Hello world', 5)
    $('[data-testid=composer-snippets-button]').click()
    await flushPromises()
    expect(document.activeElement).toBe($('[data-testid=composer-snippets-filter]'))
    const names = [...document.querySelectorAll('[role=option] .snippet-menu__name')].map(
      (n) => n.textContent,
    )
    // Captions, then hashtag groups, each by name; no saved answer.
    expect(names).toEqual(['Link', 'Sign-off', 'Bali trip'])
    $('[data-testid=composer-snippet-s2]').click()
    await flushPromises()
    expect(description.value).toBe('Hello #bali #travel world')
    expect(document.activeElement).toBe(description)
    expect(description.selectionStart).toBe('Hello #bali #travel'.length)
    expect(document.querySelector('[data-testid=composer-snippets-menu]')).toBeNull()
    // The form took it in as typed: the draft saved carries it.
    await vi.advanceTimersByTimeAsync(800)
    await flushPromises()
    expect(context.fake.requests('drafts:save').at(-1)).toMatchObject({
      post: { description: 'Hello #bali #travel world' },
    })
  })

  it('opens with Ctrl+; in the title, filters as typed, picks with the arrows and Enter', async () => {
    await mountComposer(context)
    const title = $<HTMLInputElement>('[data-testid=composer-title]')
    await typeInto(title, 'Trip')
    key(title, { key: ';', code: 'Semicolon', ctrlKey: true })
    await flushPromises()
    const filter = $<HTMLInputElement>('[data-testid=composer-snippets-filter]')
    expect(document.activeElement).toBe(filter)
    filter.value = 'in'
    filter.dispatchEvent(new Event('input'))
    await flushPromises()
    // "in": Link (in bio) and Sign-off's "reading"… only those whose name or text holds it.
    const names = () =>
      [...document.querySelectorAll('[role=option] .snippet-menu__name')].map((n) => n.textContent)
    expect(names()).toEqual(['Link', 'Sign-off'])
    expect(filter.getAttribute('aria-activedescendant')).toContain('s3')
    key(filter, { key: 'ArrowDown' })
    await flushPromises()
    expect(filter.getAttribute('aria-activedescendant')).toContain('s1')
    key(filter, { key: 'Enter' })
    await flushPromises()
    expect(title.value).toBe('Trip Thanks for reading!')
    // Enter picked: the post was not scheduled.
    expect(context.fake.requests('drafts:save').filter((r) => r.queue)).toHaveLength(0)
  })

  it('Escape closes the menu, not the composer, and gives the field its focus back', async () => {
    await mountComposer(context)
    const description = $<HTMLTextAreaElement>('[data-testid=composer-description]')
    await typeInto(description, 'Hi')
    key(description, { key: ';', metaKey: true })
    await flushPromises()
    key($('[data-testid=composer-snippets-filter]'), { key: 'Escape' })
    await flushPromises()
    expect(document.querySelector('[data-testid=composer-snippets-menu]')).toBeNull()
    expect($('[data-testid=composer]')).toBeTruthy()
    expect(document.activeElement).toBe(description)
  })

  it('says when nothing is saved or nothing matches, and shows a snippet saved elsewhere at once', async () => {
    context = setupTest({ data: { snippets: [] } })
    await mountComposer(context)
    $('[data-testid=composer-snippets-button]').click()
    await flushPromises()
    expect($('[data-testid=composer-snippets-menu]').textContent).toContain('Nothing saved yet.')
    // The CLI added one: main announces it.
    context.fake.snippetsChanged([snippet('s9', 'caption', 'From the CLI', 'cli text')])
    await flushPromises()
    expect($('[data-testid=composer-snippet-s9]').textContent).toContain('From the CLI')
    const filter = $<HTMLInputElement>('[data-testid=composer-snippets-filter]')
    filter.value = 'zzz'
    filter.dispatchEvent(new Event('input'))
    await flushPromises()
    expect($('[data-testid=composer-snippets-menu]').textContent).toContain('Nothing matches “zzz”.')
  })

  it('goes into an account’s own text, and the title keeps one line', async () => {
    await mountComposer(context)
    for (const id of ['acc-fb', 'acc-ig']) {
      ;($(`[data-testid="account-${id}"] input`) as HTMLInputElement).click()
      await flushPromises()
    }
    const own = $<HTMLTextAreaElement>('[data-testid="composer-text-acc-ig"] textarea')
    own.focus()
    await flushPromises()
    $('[data-testid=composer-snippets-button]').click()
    await flushPromises()
    $('[data-testid=composer-snippet-s3]').click()
    await flushPromises()
    expect(own.value).toBe('Link in bio')

    context.fake.snippetsChanged([snippet('s4', 'caption', 'Two lines', 'first\nsecond')])
    const title = $<HTMLInputElement>('[data-testid=composer-title]')
    await typeInto(title, '')
    $('[data-testid=composer-snippets-button]').click()
    await flushPromises()
    $('[data-testid=composer-snippet-s4]').click()
    await flushPromises()
    expect(title.value).toBe('first second')
  })

  it('is listed in the planner’s shortcuts help', async () => {
    const { default: ShortcutsDialog } =
      await import('../../../renderer/components/planner/ShortcutsDialog.vue')
    await mountWith(ShortcutsDialog, context, { props: { open: true } })
    expect($('[data-testid=planner-shortcuts]').textContent).toContain('Insert a snippet or hashtag group')
  })
})
