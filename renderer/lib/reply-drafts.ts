// What is typed in the inbox's reply box, kept per profile and conversation in the window's local storage as it
// is typed: switching to another conversation, the service going away or a reload of the page loses none of it,
// and it is dropped once the reply is sent. Synchronous on purpose: a reload right after a key press still finds
// the key (an IPC write might not have left yet). A storage that refuses (full, or none) only costs the keeping.

import { windowStorage, type KeptStorage } from './window-storage'

const PREFIX = 'mediadeck.reply-draft:'
/** A draft longer than the service takes in a message is not kept whole: the reply box refuses it anyway. */
const MAX_KEPT = 10_000

export interface ReplyDrafts {
  get(profileId: string, conversationId: string): string
  set(profileId: string, conversationId: string, text: string): void
}

export function replyDrafts(storage: KeptStorage | null): ReplyDrafts {
  const key = (profileId: string, conversationId: string) =>
    `${PREFIX}${encodeURIComponent(profileId)}:${encodeURIComponent(conversationId)}`
  return {
    get(profileId, conversationId) {
      try {
        return storage?.getItem(key(profileId, conversationId)) ?? ''
      } catch {
        return ''
      }
    },
    set(profileId, conversationId, text) {
      try {
        if (text === '') storage?.removeItem(key(profileId, conversationId))
        else storage?.setItem(key(profileId, conversationId), text.slice(0, MAX_KEPT))
      } catch {
        // Full or refused: the text stays in the box, only the keeping is lost.
      }
    },
  }
}

/** The window's drafts; none where the page has no local storage. */
export function windowReplyDrafts(): ReplyDrafts {
  return replyDrafts(windowStorage())
}

/**
 * What stays in the box once `sent` went: what was typed after it while the reply was on its way. The box is
 * only emptied of the text that was sent, never of characters typed meanwhile.
 */
export function afterSent(current: string, sent: string): string {
  if (current === sent) return ''
  return current.startsWith(sent) ? current.slice(sent.length).replace(/^\s+/, '') : current
}
