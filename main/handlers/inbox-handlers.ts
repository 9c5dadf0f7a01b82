// The `inbox:*` calls over the active profile's inbox (main/host/inbox.ts): its copy, its refresh, a
// conversation, triage and replies. Each request was checked against common/inbox-calls.ts before it came here.
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const INBOX_HANDLER_NEEDS = ['inbox'] as const
export type InboxHandlerDeps = Pick<HostDeps, (typeof INBOX_HANDLER_NEEDS)[number]>

export type InboxCalls =
  | 'inbox:list'
  | 'inbox:refresh'
  | 'inbox:thread'
  | 'inbox:older-messages'
  | 'inbox:reply'
  | 'inbox:like'
  | 'inbox:set-status'
  | 'inbox:counts'

export function createInboxHandlers(deps: InboxHandlerDeps): HandlerGroup<InboxCalls> {
  const { inbox } = deps
  return {
    'inbox:list': async (request) => {
      const { limit, ...filter } = request ?? {}
      return inbox.list(filter, limit)
    },
    'inbox:refresh': async () => inbox.refresh(),
    'inbox:thread': async ({ id }) => inbox.thread(id),
    'inbox:older-messages': async ({ id, ...from }) => inbox.olderMessages(id, from),
    'inbox:reply': async (request) => inbox.reply(request),
    'inbox:like': async ({ id }) => inbox.like(id),
    'inbox:set-status': async ({ id, status }) => inbox.setStatus(id, status),
    'inbox:counts': async () => inbox.counts(),
  }
}
