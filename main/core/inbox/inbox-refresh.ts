// One refresh of the inbox's copy: every page of the comment queue and of the chats, read from the service and
// saved (inbox-store.ts). A plain function with everything it uses passed in: the host calls it when the view
// asks and as a task of the profile's background work. Pages are read one after another (never in parallel),
// a bounded number of them, so a busy inbox costs a known number of requests.
import { AppError } from '../../../common/errors'
import type { InboxEntry } from '../../../common/inbox'
import type { Page } from '../../../common/service'
import type { ServiceClient } from '../service-client'
import { chatEntry, commentEntry } from './inbox-entry'
import type { InboxStore } from './inbox-store'

/** Pages of each list read at most (100 conversations each), as the CLI's `inbox` reads. */
export const MAX_INBOX_PAGES = 50
const PAGE_SIZE = 100

export interface InboxRefreshDeps {
  client: Pick<ServiceClient, 'listComments' | 'listChats'>
  store: InboxStore
  /** The profile whose copy it is. */
  scope: string
  now: () => Date
  signal?: AbortSignal
}

export interface InboxRefreshResult {
  count: number
  /** Every page of both lists arrived: the copy was replaced, not only added to. */
  complete: boolean
  /** Records the service sent that could not be read and were left out. */
  skipped: number
  /**
   * What came in since the copy was last read whole: a new comment waiting for an answer, a chat with unread
   * messages newer than its last one seen. Empty at the first read (all of it is old news to the person), and
   * never what the account itself wrote.
   */
  arrived: InboxEntry[]
}

/** Something the other person wrote that waits for the account: a pending comment, an unread chat. */
const incoming = (entry: InboxEntry) =>
  entry.kind === 'comment' ? entry.status === 'pending' : entry.status === 'unread'

async function readAll<T>(
  load: (page: number) => Promise<Page<T>>,
): Promise<{ items: T[]; complete: boolean; skipped: number }> {
  const items: T[] = []
  let skipped = 0
  for (let page = 1; page <= MAX_INBOX_PAGES; page++) {
    const answer = await load(page)
    items.push(...answer.docs)
    skipped += answer.skipped ?? 0
    if (!answer.hasNextPage || answer.docs.length === 0) return { items, complete: true, skipped }
  }
  return { items, complete: false, skipped }
}

/** Reads the inbox whole and saves it; throws (saving nothing) when the service cannot be read. */
export async function refreshInbox(deps: InboxRefreshDeps): Promise<InboxRefreshResult> {
  const { client, signal } = deps
  const comments = await readAll((page) =>
    client.listComments({ page, limit: PAGE_SIZE }, signal ? { signal } : undefined),
  )
  // Direct messages are a Gold plan's: below it the service refuses the list, and the inbox is the comments.
  const chats = await readAll((page) =>
    client.listChats({ page, limit: PAGE_SIZE }, signal ? { signal } : undefined),
  ).catch((error: unknown) => {
    if (AppError.from(error).kind === 'plan') return { items: [], complete: true, skipped: 0 }
    throw error
  })
  const entries: InboxEntry[] = [...comments.items.map(commentEntry), ...chats.items.map(chatEntry)]
  // A record left out unreadable may still be there: nothing is removed on its account.
  const complete = comments.complete && chats.complete && comments.skipped + chats.skipped === 0
  const before = deps.store.fetchedAt(deps.scope) === null ? null : deps.store.activity(deps.scope)
  deps.store.save(deps.scope, entries, { complete, now: deps.now() })
  const arrived =
    before === null
      ? []
      : entries.filter((e) => {
          const seen = before.get(e.id)
          return incoming(e) && (seen === undefined || e.at > seen)
        })
  return { count: entries.length, complete, skipped: comments.skipped + chats.skipped, arrived }
}
