// Which new comments and messages the person is told of, and when: grouped per account, never one notification
// per message, and at most one per account every five minutes. What arrives within those five minutes waits
// and is counted into that account's next notification, at the first read after them. The clock is passed in:
// tests step it. Where it is shown (the system's notifications, quiet hours) is the caller's `show`.
import type { InboxEntry } from '../../../common/inbox'

/** The least time between two notifications for one account. */
export const INBOX_NEWS_GAP_MS = 5 * 60_000

export interface InboxNews {
  /** The profile whose inbox it is. */
  scope: string
  accountId: string
  /** The account's name as the service gave it; empty when it did not. */
  accountName: string
  /** Conversations with something new since the last notification for this account. */
  count: number
  /** The newest of them: who wrote and what. */
  latest: InboxEntry
}

export interface InboxNewsFeed {
  /** What a read of `scope` found new (inbox-refresh.ts `arrived`); shows what is due, holds the rest. */
  arrived(scope: string, entries: readonly InboxEntry[]): void
}

const accountNameOf = (e: InboxEntry) => e.comment?.account?.name ?? e.chat?.account?.name ?? ''

export function createInboxNews(o: {
  now: () => number
  show(news: InboxNews): void
  gapMs?: number
}): InboxNewsFeed {
  const gap = o.gapMs ?? INBOX_NEWS_GAP_MS
  const waiting = new Map<string, InboxNews>()
  const lastShown = new Map<string, number>()
  const keyOf = (scope: string, accountId: string) => `${scope}\u0000${accountId}`

  return {
    arrived(scope, entries) {
      for (const entry of entries) {
        const key = keyOf(scope, entry.accountId)
        const held = waiting.get(key)
        if (!held) {
          waiting.set(key, {
            scope,
            accountId: entry.accountId,
            accountName: accountNameOf(entry),
            count: 1,
            latest: entry,
          })
          continue
        }
        held.count += 1
        if (entry.at > held.latest.at) held.latest = entry
        held.accountName ||= accountNameOf(entry)
      }
      const now = o.now()
      for (const [key, news] of waiting) {
        if (news.scope !== scope) continue
        const last = lastShown.get(key)
        if (last !== undefined && now - last < gap) continue
        waiting.delete(key)
        lastShown.set(key, now)
        o.show(news)
      }
    },
  }
}
