// The IPC calls of the inbox (common/inbox.ts), spread into common/contract.ts's table so they are validated
// like every other call before a handler runs.
import { z } from 'zod'
import type { ListChanges } from './list-changes'
import {
  COMMENT_TRIAGE,
  INBOX_KINDS,
  INBOX_STATES,
  type InboxCounts,
  type InboxEntry,
  type InboxListAnswer,
  type InboxListState,
  type InboxOlderMessages,
  type InboxReplyView,
  type InboxThread,
} from './inbox'
import { INBOX_LIST_MAX } from './inbox'

const id = z.string().min(1).max(200)
const httpUrl = z
  .string()
  .max(4096)
  .refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) address')

// Kept in common/inbox.ts, which imports no zod: the page's change logic (common/inbox-changes.ts) needs it.
export { INBOX_LIST_MAX }

/** The most media one reply carries (a chat takes one message per medium). */
export const MAX_REPLY_MEDIA = 10
/** The service's limit on a message's text (BodySendMessageDTO). */
export const MAX_REPLY_TEXT = 10_000

export const inboxCallSchemas = {
  'inbox:list': z
    .object({
      kind: z.enum(INBOX_KINDS).optional(),
      status: z.enum(INBOX_STATES).optional(),
      accountIds: z.array(id).max(100).optional(),
      search: z.string().max(200).optional(),
      contentId: id.optional(),
      /**
       * The newest this many only (300 when absent): a new list's first screenful, asked before the whole list
       * so its rows are drawn while main reads the rest (renderer/stores/inbox.ts).
       */
      limit: z.number().int().min(1).max(INBOX_LIST_MAX).optional(),
    })
    .strict()
    .optional(),
  /** Reads the whole inbox from the service into the copy (and sends what the outbox holds first). */
  'inbox:refresh': z.undefined(),
  'inbox:thread': z.object({ id }).strict(),
  /**
   * A chat's messages older than `before`, the oldest one shown: paging back as the person scrolls up. `at` (its
   * createdAt) and `shown` (how many the page shows) find it in the service's pages when main's copy no longer
   * holds it (past the copy's 2,000 newest).
   */
  'inbox:older-messages': z
    .object({
      id,
      before: id,
      // The anchor's time as the service wrote it (free text there, so no ISO rule), but a time all the same:
      // an unreadable one would stand at 1970, find nothing older and tell the chat complete.
      at: z
        .string()
        .max(100)
        .refine((value) => !Number.isNaN(Date.parse(value)), 'not a date and time')
        .optional(),
      shown: z.number().int().min(1).max(1_000_000).optional(),
    })
    .strict(),
  'inbox:reply': z
    .object({
      id,
      text: z.string().max(MAX_REPLY_TEXT),
      media: z
        .array(
          z.union([
            z
              .object({
                url: httpUrl,
                mimetype: z.string().min(1).max(200),
                name: z.string().min(1).max(500),
                size: z.number().int().min(0).optional(),
              })
              .strict(),
            // A file of this computer, dropped or picked: main checks it was granted.
            z.object({ path: z.string().min(1).max(4096), name: z.string().min(1).max(500) }).strict(),
          ]),
        )
        .max(MAX_REPLY_MEDIA),
      /** A comment answered privately: a direct message to its author (text only), not a reply in its thread. */
      privately: z.boolean().optional(),
    })
    .strict()
    .refine((r) => r.text.trim() !== '' || r.media.length > 0, {
      message: 'A reply needs a text or a file.',
      path: ['text'],
    })
    .refine((r) => !r.privately || (r.text.trim() !== '' && r.media.length === 0), {
      message: 'A private reply is a text, without files.',
      path: ['media'],
    }),
  /** The account likes a comment; queued like a reply when the service cannot be reached. */
  'inbox:like': z.object({ id }).strict(),
  'inbox:set-status': z.object({ id, status: z.enum(COMMENT_TRIAGE) }).strict(),
  /** The sidebar's and the tray's counts from the copy; what changes later arrives as `inbox:counts`. */
  'inbox:counts': z.undefined(),
} as const

export interface InboxCallResponses {
  'inbox:list': InboxListAnswer
  'inbox:refresh': InboxListAnswer
  'inbox:thread': InboxThread
  'inbox:older-messages': InboxOlderMessages
  'inbox:reply': InboxReplyView
  'inbox:like': InboxReplyView
  'inbox:set-status': InboxEntry
  'inbox:counts': InboxCounts
}

export interface InboxEventPayloads {
  /**
   * The active profile's conversations changed (a read, a conversation read again after a reply, opened, or
   * its status set): the rows as `inbox:list` answers them and the ids removed, numbered (common/list-changes.ts),
   * never the list. The page applies them to its filtered list (common/inbox-changes.ts). Bounded: past
   * INBOX_CHANGES_MAX rows in one event (a first read, a refresh that changed thousands) it is `reload` alone,
   * and the page reads its list of at most 300 rows again instead of taking thousands it does not show.
   */
  'inbox:changed': ListChanges<InboxEntry>
  /**
   * The copy's freshness (a read started: checking; it ended: as of now, or stale) or the outbox's work (a reply
   * queued or sent, a status change queued or carried out) changed: sent whole, as `inbox:list` answers them.
   * Bounded by what the person did: the replies not sent yet and those sent in the last 24 hours, the status
   * changes not carried out yet.
   */
  'inbox:state': InboxListState
  /** The counts of a profile's copy changed (a read, a chat opened, a status set). */
  'inbox:counts': InboxCounts
}
