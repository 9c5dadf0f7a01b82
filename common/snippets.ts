// Reusable text for the composer: caption snippets (any text: a sign-off, a call to action) and hashtag groups
// (a set of hashtags posted together); and for the inbox's reply box, saved answers (`reply`: the answer to a
// question asked every day, kept as typed like a caption snippet). They are the person's own, kept in the local database
// (main/core/snippets/snippet-store.ts) and shared by every profile, the app and the CLI. The rules below are
// checked twice with the same code: by the page before it sends (so it can say what is wrong in the person's
// language at once) and by the store, which any process may call.

export const SNIPPET_KINDS = ['caption', 'hashtags', 'reply'] as const
export type SnippetKind = (typeof SNIPPET_KINDS)[number]

export interface Snippet {
  id: string
  kind: SnippetKind
  name: string
  /** The text inserted; a hashtag group's is its hashtags, each with its `#`, separated by one space. */
  body: string
  /** Bumped by every change: an edit based on an older revision was overtaken by another window or process. */
  revision: number
  createdAt: string
  updatedAt: string
}

/** A name is a label in a menu: short enough to read at a glance. */
export const MAX_SNIPPET_NAME = 80
/**
 * A snippet is a part of a caption; the longest caption a network takes is near 63,000 characters (Facebook),
 * the usual ones 2,200 (Instagram, TikTok). 5,000 holds any sensible part and stops a pasted document.
 */
export const MAX_SNIPPET_BODY = 5_000
/** Instagram refuses a post with more than 30 hashtags (help.instagram.com, "Using hashtags"). */
export const MAX_GROUP_HASHTAGS = 30
/** Enough for years of use; a bound so one process cannot fill the menu or the database without end. */
export const MAX_SNIPPETS = 500

/** Why a snippet is refused: each a key of the `errors` catalogue (common/messages), with its parameters. */
export type SnippetProblem =
  | { code: 'snippet-name-empty' }
  | { code: 'snippet-name-too-long'; params: { max: number } }
  | { code: 'snippet-body-empty' }
  | { code: 'snippet-body-too-long'; params: { max: number; length: number } }
  | { code: 'snippet-not-hashtag'; params: { word: string } }
  | { code: 'snippet-too-many-hashtags'; params: { max: number; count: number } }

/** The name as kept: trimmed, inner runs of spaces made one. */
export function cleanSnippetName(name: string): string {
  return name.trim().replace(/\s+/g, ' ')
}

/** What makes two names the same name: case and Unicode form do not count ("Promo" is "promo"). */
export function snippetNameKey(name: string): string {
  return cleanSnippetName(name).normalize('NFKC').toLocaleLowerCase('en')
}

// A hashtag is letters, marks, digits and underscores (what Instagram, TikTok and X link as one tag).
const HASHTAG_WORD = /^[\p{L}\p{M}\p{N}_]+$/u

/**
 * A hashtag group as typed ("travel, #bali  #sunset") written the one way it is kept and inserted:
 * "#travel #bali #sunset". Words may be separated by spaces, new lines or commas; a missing `#` is added and
 * a word said twice is kept once.
 */
export function normaliseHashtags(text: string): { body: string; problem?: SnippetProblem } {
  const words = text
    .split(/[\s,]+/u)
    .map((word) => word.replace(/^#+/, ''))
    .filter(Boolean)
  const seen = new Set<string>()
  const tags: string[] = []
  for (const word of words) {
    if (!HASHTAG_WORD.test(word)) {
      return { body: text, problem: { code: 'snippet-not-hashtag', params: { word: word.slice(0, 40) } } }
    }
    const key = word.normalize('NFKC').toLocaleLowerCase('en')
    if (seen.has(key)) continue
    seen.add(key)
    tags.push(`#${word}`)
  }
  if (tags.length > MAX_GROUP_HASHTAGS) {
    return {
      body: text,
      problem: { code: 'snippet-too-many-hashtags', params: { max: MAX_GROUP_HASHTAGS, count: tags.length } },
    }
  }
  return { body: tags.join(' ') }
}

/**
 * The snippet as it would be kept, or the first thing wrong with it. A caption's text is kept as typed
 * (spaces and new lines are part of it) less trailing white space; only a text of nothing but spaces is empty.
 */
export function checkSnippet(input: {
  kind: SnippetKind
  name: string
  body: string
}): { name: string; body: string } | { problem: SnippetProblem; field: 'name' | 'body' } {
  const name = cleanSnippetName(input.name)
  if (!name) return { problem: { code: 'snippet-name-empty' }, field: 'name' }
  if (name.length > MAX_SNIPPET_NAME) {
    return { problem: { code: 'snippet-name-too-long', params: { max: MAX_SNIPPET_NAME } }, field: 'name' }
  }
  if (input.body.length > MAX_SNIPPET_BODY) {
    return {
      problem: {
        code: 'snippet-body-too-long',
        params: { max: MAX_SNIPPET_BODY, length: input.body.length },
      },
      field: 'body',
    }
  }
  let body = input.body.replace(/\s+$/u, '')
  if (input.kind === 'hashtags') {
    const normalised = normaliseHashtags(body)
    if (normalised.problem) return { problem: normalised.problem, field: 'body' }
    body = normalised.body
  }
  if (!body.trim()) return { problem: { code: 'snippet-body-empty' }, field: 'body' }
  return { name, body }
}
