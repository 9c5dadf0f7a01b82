// The IPC calls of the composer's reusable text (common/snippets.ts), spread into common/contract.ts's table
// so they are validated like every other call before a handler runs. The bounds here stop a payload that is
// no snippet at all (a pasted document, a megabyte); the precise rules, worded in the person's language, are
// the store's (main/core/snippets/snippet-store.ts), which the page also checks before it sends.
import { z } from 'zod'
import type { ListSnapshot } from './list-changes'
import { MAX_SNIPPET_BODY, MAX_SNIPPET_NAME, SNIPPET_KINDS, type Snippet } from './snippets'

const id = z.string().min(1).max(200)
const name = z.string().max(MAX_SNIPPET_NAME * 4)
const body = z.string().max(MAX_SNIPPET_BODY * 2, {
  message: `A snippet is at most ${MAX_SNIPPET_BODY} characters.`,
})

export const snippetCallSchemas = {
  'snippets:list': z.undefined(),
  /** The page's list: every snippet and the number of the last `snippets:changed` it includes. */
  'snippets:snapshot': z.undefined(),
  'snippets:create': z.object({ kind: z.enum(SNIPPET_KINDS), name, body }).strict(),
  /** Renames and/or rewrites; `revision` is the one the edit was based on (an older one is refused). */
  'snippets:update': z
    .object({
      id,
      name: name.optional(),
      body: body.optional(),
      revision: z.number().int().min(1).optional(),
    })
    .strict(),
  /** Sent when the Undo window of the delete ends (or the window closes within it), never before. */
  'snippets:delete': z.object({ id }).strict(),
} as const

export interface SnippetCallResponses {
  'snippets:list': Snippet[]
  'snippets:snapshot': ListSnapshot<Snippet>
  'snippets:create': Snippet
  'snippets:update': Snippet
  'snippets:delete': void
}
