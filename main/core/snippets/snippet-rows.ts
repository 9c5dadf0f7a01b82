// The snippets table's row (migration 7), declared once (main/core/db/rows.ts): one that is not a snippet is
// set aside, and the others still list.
import { z } from 'zod'
import { SNIPPET_KINDS } from '../../../common/snippets'
import { declareTable, integer } from '../db/rows'

export const snippetsTable = declareTable({
  table: 'snippets',
  key: ['id'],
  what: 'a snippet',
  columns: z.object({
    id: z.string(),
    kind: z.string(),
    name: z.string(),
    name_key: z.string(),
    body: z.string(),
    revision: integer,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  row: z.object({
    id: z.string().min(1),
    kind: z.enum(SNIPPET_KINDS),
    // The rules of common/snippets.ts say more; these are what a list and an edit cannot do without.
    name: z.string().min(1),
    body: z.string(),
    revision: integer.min(1),
    created_at: z.string(),
    updated_at: z.string(),
  }),
})
