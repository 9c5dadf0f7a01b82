// The inbox copy's rows (migration 15), declared once (main/core/db/rows.ts): a conversation whose stored body
// is not a comment or a chat, or whose messages are not JSON, is set aside and the rest of the inbox still
// opens.
import { z } from 'zod'
import { INBOX_KINDS, INBOX_STATES } from '../../../common/inbox'
import { chatMessageSchema, chatSchema, inboxCommentSchema } from '../../../common/service'
import { declareTable, jsonText } from '../db/rows'

const body = z.looseObject({ id: z.string().min(1) })

export const inboxItemsTable = declareTable({
  table: 'inbox_items',
  key: ['scope', 'id'],
  what: 'a conversation of the inbox copy',
  columns: z.object({
    scope: z.string(),
    id: z.string(),
    kind: z.string(),
    account_id: z.string(),
    at: z.string(),
    status: z.string(),
    author: z.string(),
    text: z.string(),
    search_text: z.string(),
    body: z.string(),
    messages: z.string().nullable(),
    seen_at: z.string(),
  }),
  row: z
    .object({
      scope: z.string(),
      id: z.string().min(1),
      kind: z.enum(INBOX_KINDS),
      account_id: z.string(),
      at: z.string(),
      status: z.enum(INBOX_STATES),
      author: z.string(),
      text: z.string(),
      body: jsonText(body),
      messages: z.union([z.null(), jsonText(z.array(z.unknown()))]),
    })
    .transform((row, context) => {
      // The body was the service's answer, checked when it arrived; read again through the same schema, a
      // member a hand edit removed comes back as its default instead of breaking the view.
      const parsed =
        row.kind === 'comment' ? inboxCommentSchema.safeParse(row.body) : chatSchema.safeParse(row.body)
      if (!parsed.success) {
        context.addIssue({ code: 'custom', path: ['body'], message: `not a ${row.kind}` })
        return z.NEVER
      }
      const messages =
        row.messages === null ? null : (z.array(chatMessageSchema).safeParse(row.messages).data ?? null)
      return {
        id: row.id,
        kind: row.kind,
        accountId: row.account_id,
        at: row.at,
        status: row.status,
        from: row.author,
        text: row.text,
        body: parsed.data,
        messages,
      }
    }),
})

export const inboxScopesTable = declareTable({
  table: 'inbox_scopes',
  key: ['scope'],
  what: 'the time the inbox was last read',
  columns: z.object({ scope: z.string(), fetched_at: z.string() }),
  row: z.object({ scope: z.string(), fetched_at: z.string() }),
})
