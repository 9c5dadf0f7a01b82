// The snippet repository on a real database file, opened twice as the app and the CLI open it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { MAX_SNIPPETS, MAX_SNIPPET_BODY } from '../../../../common/snippets'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createSnippetStore } from '../../../../main/core/snippets/snippet-store'
import { sqlOf } from '../../../../main/core/db/handle'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

function fileDb() {
  const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-snippets-')), 'mediadeck.db')
  const open = () => {
    const database = openDatabase({ file })
    opened.push(database)
    return database
  }
  return { file, open }
}

let clock = Date.parse('2026-11-26T10:00:00.000Z')
const now = () => new Date((clock += 1000))

/** The AppError a call threw, as data. */
function refusal(fn: () => unknown) {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).toJSON()
  }
  throw new Error('expected a refusal')
}

describe('snippet store', () => {
  it('creates, lists by kind then name, renames, edits and deletes, all kept in the file', () => {
    const { open } = fileDb()
    const store = createSnippetStore(open(), { now })
    const tags = store.create({ kind: 'hashtags', name: 'Travel', body: 'travel, #bali\n#Sunset' })
    const sign = store.create({ kind: 'caption', name: '  Sign   off ', body: 'Thanks for reading!\n\n' })
    store.create({ kind: 'caption', name: 'alpha', body: 'Link in bio' })
    expect(tags.body).toBe('#travel #bali #Sunset')
    expect(sign).toMatchObject({ name: 'Sign off', body: 'Thanks for reading!', revision: 1 })
    expect(store.list().map((s) => s.name)).toEqual(['alpha', 'Sign off', 'Travel'])

    const renamed = store.update({ id: sign.id, name: 'Goodbye', revision: 1 })
    expect(renamed).toMatchObject({ name: 'Goodbye', body: 'Thanks for reading!', revision: 2 })
    expect(renamed.updatedAt > sign.updatedAt).toBe(true)
    const edited = store.update({ id: tags.id, body: '#travel #asia' })
    expect(edited).toMatchObject({ name: 'Travel', body: '#travel #asia', revision: 2 })
    // Nothing changed: no new revision.
    expect(store.update({ id: tags.id, body: 'travel asia' }).revision).toBe(2)

    store.remove(sign.id)
    // A fresh connection (another process) reads the same rows.
    const again = createSnippetStore(open())
    expect(again.list().map((s) => [s.name, s.body])).toEqual([
      ['alpha', 'Link in bio'],
      ['Travel', '#travel #asia'],
    ])
  })

  it('refuses empty names, empty or huge texts, bad hashtags, and says which field', () => {
    const store = createSnippetStore(fileDb().open())
    expect(refusal(() => store.create({ kind: 'caption', name: '   ', body: 'x' }))).toMatchObject({
      kind: 'validation',
      field: 'name',
      code: 'snippet-name-empty',
      message: 'Give it a name.',
    })
    expect(refusal(() => store.create({ kind: 'caption', name: 'a', body: ' \n\t ' }))).toMatchObject({
      field: 'body',
      code: 'snippet-body-empty',
    })
    const huge = 'x'.repeat(MAX_SNIPPET_BODY + 1)
    expect(refusal(() => store.create({ kind: 'caption', name: 'a', body: huge }))).toMatchObject({
      field: 'body',
      code: 'snippet-body-too-long',
      params: { max: MAX_SNIPPET_BODY, length: MAX_SNIPPET_BODY + 1 },
    })
    expect(refusal(() => store.create({ kind: 'hashtags', name: 'a', body: '#ok #not-one' }))).toMatchObject({
      code: 'snippet-not-hashtag',
      params: { word: 'not-one' },
      message: '“not-one” is not a hashtag: use letters, digits and _ only.',
    })
    const many = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ')
    expect(refusal(() => store.create({ kind: 'hashtags', name: 'a', body: many }))).toMatchObject({
      code: 'snippet-too-many-hashtags',
      params: { max: 30, count: 31 },
    })
    expect(store.list()).toEqual([])
  })

  it('refuses a second snippet of the same name (any case) or the same text in one kind', () => {
    const store = createSnippetStore(fileDb().open())
    const promo = store.create({ kind: 'caption', name: 'Promo', body: 'Sale today' })
    expect(refusal(() => store.create({ kind: 'caption', name: 'PROMO', body: 'other' }))).toMatchObject({
      field: 'name',
      code: 'snippet-name-taken',
      params: { name: 'Promo' },
    })
    expect(refusal(() => store.create({ kind: 'caption', name: 'B', body: 'Sale today' }))).toMatchObject({
      field: 'body',
      code: 'snippet-same-text',
      params: { name: 'Promo' },
    })
    // The other kind keeps its own names.
    store.create({ kind: 'hashtags', name: 'promo', body: '#sale' })
    const other = store.create({ kind: 'caption', name: 'Other', body: 'x' })
    expect(refusal(() => store.update({ id: other.id, name: 'promo' }))).toMatchObject({
      code: 'snippet-name-taken',
    })
    // Renaming to its own name in another case is not a clash with itself.
    expect(store.update({ id: promo.id, name: 'PROMO' }).name).toBe('PROMO')
  })

  it('refuses an edit based on an older revision, and a change to a snippet deleted elsewhere', () => {
    const { open } = fileDb()
    const app = createSnippetStore(open())
    const cli = createSnippetStore(open())
    const made = app.create({ kind: 'caption', name: 'A', body: 'one' })
    cli.update({ id: made.id, body: 'two' })
    expect(refusal(() => app.update({ id: made.id, body: 'three', revision: 1 }))).toMatchObject({
      code: 'snippet-changed-elsewhere',
    })
    expect(app.list()[0]!.body).toBe('two')
    cli.remove(made.id)
    expect(refusal(() => app.update({ id: made.id, body: 'x' }))).toMatchObject({
      kind: 'not-found',
      code: 'snippet-not-found',
    })
    expect(refusal(() => app.remove(made.id))).toMatchObject({ code: 'snippet-not-found' })
  })

  it('stops at the most it keeps', () => {
    const database = fileDb().open()
    const store = createSnippetStore(database)
    const insert = sqlOf(database).prepare(
      `INSERT INTO snippets (id, kind, name, name_key, body, created_at, updated_at)
       VALUES (?, 'caption', ?, ?, ?, 't', 't')`,
    )
    database.transaction(() => {
      for (let i = 0; i < MAX_SNIPPETS; i += 1) insert.run(`id${i}`, `n${i}`, `n${i}`, `b${i}`)
    })
    expect(refusal(() => store.create({ kind: 'caption', name: 'one more', body: 'x' }))).toMatchObject({
      code: 'snippets-full',
      params: { max: MAX_SNIPPETS },
    })
  })

  it('another connection sees a snippet the first one added through the database watch', () => {
    const { open } = fileDb()
    const app = open()
    const cli = createSnippetStore(open())
    let tick: () => void = () => {}
    let seen = 0
    app.watch(() => (seen += 1), {
      timers: {
        setInterval: (callback) => ((tick = callback), 1),
        clearInterval: () => {},
      },
    })
    tick()
    expect(seen).toBe(0)
    cli.create({ kind: 'caption', name: 'From the CLI', body: 'hi' })
    tick()
    expect(seen).toBe(1)
    expect(
      createSnippetStore(app)
        .list()
        .map((s) => s.name),
    ).toEqual(['From the CLI'])
  })
})
