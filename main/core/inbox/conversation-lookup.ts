// A conversation the person acts on (opened, answered, liked, triaged), found in the profile's copy or refused as
// not found, in words the page says in the person's language. Two depths: `listedConversation` reads the row as
// the list shows it, its messages neither read nor parsed (what a reply or a status needs: the kind and the
// row), `storedConversation` the row with its stored messages (up to 2,000: what opening a chat needs).
import { AppError } from '../../../common/errors'
import type { InboxEntry } from '../../../common/inbox'
import { errorReason } from '../../../common/messages/index'
import type { InboxStore } from './inbox-store'

const notFound = (id: string) =>
  new AppError({
    kind: 'not-found',
    ...errorReason('inbox-not-found'),
    message: `no comment or chat ${id} in the inbox`,
  })

export function listedConversation(store: InboxStore, profileId: string, id: string): InboxEntry {
  const entry = store.entries(profileId, [id])[0]
  if (!entry) throw notFound(id)
  return entry
}

export function storedConversation(
  store: InboxStore,
  profileId: string,
  id: string,
): NonNullable<ReturnType<InboxStore['get']>> {
  const found = store.get(profileId, id)
  if (!found) throw notFound(id)
  return found
}
