import type { InboxThread } from '../../common/inbox'

/**
 * A chat as shown (`shown`, perhaps paged back) with its newest page read again (`newest`): the older messages
 * shown before that page stay, and whether there are older still is theirs to say. When the page shares no
 * message with what was shown, keeping the older ones would leave a gap between them: only the page stays.
 */
export function withNewestMessages(shown: InboxThread, newest: InboxThread): InboxThread {
  const before = shown.messages ?? []
  const first = newest.messages?.[0]
  const at = first ? before.findIndex((m) => m.id === first.id) : -1
  const kept = at > 0 ? before.slice(0, at) : []
  return {
    ...newest,
    messages: newest.messages ? [...kept, ...newest.messages] : null,
    older: kept.length > 0 ? shown.older : newest.older,
  }
}
