// The Settings section of reusable text: make, rename, edit and delete (held with Undo), in both languages.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_SNIPPET_BODY, type Snippet } from '../../../common/snippets'
import { spacedPiece } from '../../../renderer/components/snippets/insert-at-caret'
import { isSnippetShortcut } from '../../../renderer/components/snippets/snippet-shortcut'
import { useToastsStore } from '../../../renderer/stores/toasts'
import SettingsView from '../../../renderer/views/SettingsView.vue'
import { NOW } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!
const dialog = () => $('[role=dialog]')
function type(selector: string, value: string) {
  const field = dialog().querySelector<HTMLInputElement>(selector)!
  field.value = value
  field.dispatchEvent(new Event('input'))
}
const promo: Snippet = {
  id: 's1',
  kind: 'caption',
  name: 'Promo',
  body: 'Sale today',
  revision: 1,
  createdAt: NOW,
  updatedAt: NOW,
}

enableAutoUnmount(afterEach)

describe('reusable text in Settings', () => {
  let context: TestContext
  beforeEach(() => {
    context = setupTest({ data: { snippets: [structuredClone(promo)] } })
  })
  afterEach(() => document.body.replaceChildren())
  const mountSettings = () => mountWith(SettingsView, context, { route: '/settings' })
  const panel = () => $('[data-testid=snippets-panel]')

  it('lists each kind, and says what a kind with nothing is for', async () => {
    await mountSettings()
    expect(panel().textContent).toContain('Reusable text')
    expect(panel().textContent).toContain('Ctrl+;')
    expect($('[data-testid=snippet-s1]').textContent).toContain('Sale today')
    expect(panel().textContent).toContain('No hashtag groups yet')
  })

  it('makes a hashtag group, saying first what is wrong at its field', async () => {
    await mountSettings()
    $('[data-testid=snippet-add-hashtags]').click()
    await flushPromises()
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect($('[data-testid=snippet-name-error]').textContent).toBe('Give it a name.')
    expect($('[data-testid=snippet-name]').getAttribute('aria-invalid')).toBe('true')
    // The person lands on what to fix.
    expect(document.activeElement).toBe($('[data-testid=snippet-name]'))
    type('[data-testid=snippet-name]', 'Bali')
    type('[data-testid=snippet-body]', 'bali, travel #no-way')
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect($('[data-testid=snippet-body-error]').textContent).toContain('“no-way” is not a hashtag')
    expect(context.fake.requests('snippets:create')).toHaveLength(0)
    type('[data-testid=snippet-body]', 'bali, travel\n#sunset')
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect(context.fake.requests('snippets:create')).toEqual([
      { kind: 'hashtags', name: 'Bali', body: 'bali, travel\n#sunset' },
    ])
    expect(document.querySelector('[data-testid=snippet-dialog]')).toBeNull()
    expect(panel().textContent).toContain('#bali #travel #sunset')
    expect(panel().textContent).toContain('3 hashtags')
  })

  it('shows main’s refusal of a name already used at the name field', async () => {
    await mountSettings()
    $('[data-testid=snippet-add-caption]').click()
    await flushPromises()
    type('[data-testid=snippet-name]', 'promo')
    type('[data-testid=snippet-body]', 'Another text')
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect($('[data-testid=snippet-name-error]').textContent).toBe(
      'There is already one named “Promo”: choose another name.',
    )
    expect(document.activeElement).toBe($('[data-testid=snippet-name]'))
  })

  it('refuses a huge text before sending it, with its length', async () => {
    await mountSettings()
    $('[data-testid=snippet-add-caption]').click()
    await flushPromises()
    type('[data-testid=snippet-name]', 'Long')
    type('[data-testid=snippet-body]', 'x'.repeat(MAX_SNIPPET_BODY + 10))
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect($('[data-testid=snippet-body-error]').textContent).toBe(
      `The text is ${MAX_SNIPPET_BODY + 10} characters; a snippet is at most ${MAX_SNIPPET_BODY}.`,
    )
    expect(context.fake.requests('snippets:create')).toHaveLength(0)
  })

  it('renames and rewrites one, based on the revision it opened', async () => {
    await mountSettings()
    $('[data-testid=snippet-s1] [data-testid=snippet-edit]').click()
    await flushPromises()
    expect(dialog().querySelector('h2')!.textContent).toBe('Edit “Promo”')
    type('[data-testid=snippet-name]', 'Sale')
    type('[data-testid=snippet-body]', 'Sale ends tonight')
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect(context.fake.requests('snippets:update')).toEqual([
      { id: 's1', name: 'Sale', body: 'Sale ends tonight', revision: 1 },
    ])
    expect($('[data-testid=snippet-s1]').textContent).toContain('Sale ends tonight')
  })

  it('deletes with Undo: Undo keeps it, the toast closing deletes it', async () => {
    await mountSettings()
    const toasts = useToastsStore()
    $('[data-testid=snippet-s1] [data-testid=snippet-delete]').click()
    await flushPromises()
    expect(document.querySelector('[data-testid=snippet-s1]')).toBeNull()
    expect(toasts.items.at(-1)).toMatchObject({ title: 'Deleted “Promo”', undoLabel: 'Undo' })
    toasts.undo(toasts.items.at(-1)!.id)
    await flushPromises()
    expect($('[data-testid=snippet-s1]')).toBeTruthy()
    expect(context.fake.requests('snippets:delete')).toHaveLength(0)

    $('[data-testid=snippet-s1] [data-testid=snippet-delete]').click()
    await flushPromises()
    toasts.dismiss(toasts.items.at(-1)!.id)
    await flushPromises()
    expect(context.fake.requests('snippets:delete')).toEqual([{ id: 's1' }])
    expect(document.querySelector('[data-testid=snippet-s1]')).toBeNull()
  })

  it('speaks Bahasa Indonesia', async () => {
    context = setupTest({ locale: 'id', data: { snippets: [] } })
    await mountSettings()
    expect(panel().textContent).toContain('Teks pakai ulang')
    $('[data-testid=snippet-add-caption]').click()
    await flushPromises()
    $('[data-testid=snippet-save]').click()
    await flushPromises()
    expect($('[data-testid=snippet-name-error]').textContent).toBe('Beri nama.')
  })
})

describe('insertion helpers', () => {
  it('spaces a snippet from the words around it, not from spaces or the ends', () => {
    expect(spacedPiece('Hi', '#a', 'there')).toBe(' #a ')
    expect(spacedPiece('Hi ', '#a', ' there')).toBe('#a')
    expect(spacedPiece('', '#a', '')).toBe('#a')
    expect(spacedPiece('line\n', 'x', '\nnext')).toBe('x')
  })

  it('knows the shortcut by key or by place, never with Alt', () => {
    const press = (init: KeyboardEventInit) => isSnippetShortcut(new KeyboardEvent('keydown', init))
    expect(press({ key: ';', ctrlKey: true })).toBe(true)
    expect(press({ key: 'ö', code: 'Semicolon', metaKey: true })).toBe(true)
    expect(press({ key: ';' })).toBe(false)
    expect(press({ key: ';', ctrlKey: true, altKey: true })).toBe(false)
  })
})
