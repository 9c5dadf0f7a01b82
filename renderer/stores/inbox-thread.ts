import { computed, ref, shallowRef, type ComputedRef, type ShallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type {
  CommentTriage,
  InboxEntry,
  InboxListAnswer,
  InboxReplyView,
  InboxStatusChangeView,
  InboxThread,
  ReplyMediumInput,
} from '../../common/inbox'
import { withNewestMessages } from '../lib/chat-messages'
import { mediadeck } from '../lib/mediadeck'

export interface InboxThreadDeps {
  /** The list the inbox store holds: the open conversation's row, its replies and status changes are in it. */
  answer: ShallowRef<InboxListAnswer | null>
  items: ComputedRef<InboxEntry[]>
  /** The row as main answered it after a status set, laid over the list (or the list read again). */
  rowChanged(entry: InboxEntry): Promise<void>
}

/**
 * The conversation open beside the inbox's list: its messages (paged back), where it was in the list for J and
 * K, and what is done to it (reply, like, status). Its own module because it has its own requests and their
 * numbering (an answer for a conversation no longer open is dropped), apart from the list's; the inbox store
 * (stores/inbox.ts) composes it, and tells it where the open row went when the list changes (`keepPlace`).
 */
export function useInboxThread(deps: InboxThreadDeps) {
  const { answer, items } = deps
  const openId = ref<string | null>(null)
  const thread = shallowRef<InboxThread | null>(null)
  const sending = ref(false)
  /** Older messages of the open chat are being read (paging back). */
  const loadingOlder = ref(false)
  const threadError = ref<AppErrorData | null>(null)
  let threadRequest = 0
  /** Where the open conversation was in the list: J and K go on from there when it left the list. */
  let openAt = -1

  const open = computed(() => items.value.find((i) => i.id === openId.value) ?? thread.value?.entry ?? null)
  /** The outbox's replies to the open conversation, oldest first. */
  const openReplies = computed<InboxReplyView[]>(() =>
    (answer.value?.replies ?? []).filter((r) => r.targetId === openId.value),
  )
  /** The status changes of the open comment not carried out yet (queued, or the person is asked). */
  const openStatusChanges = computed<InboxStatusChangeView[]>(() =>
    (answer.value?.statusChanges ?? []).filter((c) => c.commentId === openId.value),
  )

  /** The list now held (read, or changed by main): the open conversation's place in it, when it is there. */
  function keepPlace(list: InboxEntry[]) {
    const at = list.findIndex((i) => i.id === openId.value)
    if (at !== -1) openAt = at
  }

  async function openThread(id: string) {
    openId.value = id
    openAt = items.value.findIndex((i) => i.id === id)
    const mine = ++threadRequest
    threadError.value = null
    const known = items.value.find((i) => i.id === id)
    thread.value = known ? { entry: known, messages: null, stale: false } : null
    try {
      const got = await mediadeck().inbox.thread({ id })
      if (mine !== threadRequest) return
      thread.value = got
      // Opened is read: its row says so too (the list is main's copy, which the thread call updated).
      if (answer.value) {
        answer.value = {
          ...answer.value,
          items: answer.value.items.map((i) => (i.id === id ? got.entry : i)),
        }
      }
    } catch (caught) {
      if (mine === threadRequest) threadError.value = AppError.from(caught).toJSON()
    }
  }

  /**
   * The open chat's messages before the first one shown, put before them: from the service, or from main's
   * copy when it cannot be reached. Answers whether any came; an answer for a chat no longer open is dropped.
   */
  async function loadOlder(): Promise<boolean> {
    const shown = thread.value
    const first = shown?.messages?.[0]
    if (!shown || !first || !shown.older || loadingOlder.value) return false
    const id = shown.entry.id
    const mine = threadRequest
    loadingOlder.value = true
    try {
      const shownCount = shown.messages?.length ?? 0
      const got = await mediadeck().inbox.olderMessages({
        id,
        before: first.id,
        // A time the service wrote in no readable form is left out (main refuses it): the id alone anchors.
        ...(Number.isNaN(Date.parse(first.createdAt)) ? {} : { at: first.createdAt }),
        shown: shownCount,
      })
      const now = thread.value
      if (mine !== threadRequest || !now || now.entry.id !== id) return false
      const known = new Set((now.messages ?? []).map((m) => m.id))
      const older = got.messages.filter((m) => !known.has(m.id))
      thread.value = {
        ...now,
        messages: [...older, ...(now.messages ?? [])],
        older: got.more,
        stale: now.stale || got.stale,
      }
      return older.length > 0
    } catch (caught) {
      if (mine === threadRequest) threadError.value = AppError.from(caught).toJSON()
      return false
    } finally {
      loadingOlder.value = false
    }
  }

  /**
   * The conversation `by` rows from the open one, in the list as shown (keepOrder); when the open one left the
   * list (resolved under a "pending" filter), from the place it had.
   */
  function neighbour(by: number): InboxEntry | undefined {
    const list = items.value
    if (list.length === 0) return undefined
    const at = list.findIndex((i) => i.id === openId.value)
    // Gone from its place: the row after it took that place, so the next is there and the previous before it.
    const from = at !== -1 ? at + by : openAt === -1 ? 0 : by > 0 ? openAt : openAt - 1
    return list[Math.min(list.length - 1, Math.max(0, from))]
  }

  /** Nothing open; an answer for the conversation that was is dropped (another profile's too). */
  function close() {
    threadRequest++
    openAt = -1
    openId.value = null
    thread.value = null
    threadError.value = null
  }

  /**
   * Queues the reply in main's outbox; main sends it at once when the service can be reached. `privately`
   * answers a comment with a direct message to its author instead of in its thread.
   */
  async function reply(text: string, media: ReplyMediumInput[], privately = false): Promise<InboxReplyView> {
    // Plain copies: IPC clones the request, and a reactive array of the reply box cannot be cloned.
    const plain = media.map((m) => ({ ...m }))
    return queued((id) =>
      mediadeck().inbox.reply({ id, text, media: plain, ...(privately ? { privately } : {}) }),
    )
  }

  /** The account likes the open comment: queued in the outbox like a reply, sent at once when it can go. */
  function like(): Promise<InboxReplyView> {
    return queued((id) => mediadeck().inbox.like({ id }))
  }

  async function queued(call: (id: string) => Promise<InboxReplyView>): Promise<InboxReplyView> {
    const id = openId.value
    if (!id) throw new AppError({ kind: 'validation', message: 'no conversation is open' })
    sending.value = true
    try {
      // Its reply, and its conversation read again, come as main's changes (the store's subscribe()).
      const sent = await call(id)
      if (openId.value === id && sent.state === 'sent') await openThread(id)
      return sent
    } finally {
      sending.value = false
    }
  }

  async function setStatus(status: CommentTriage) {
    const id = openId.value
    if (!id) return
    const entry = await mediadeck().inbox.setStatus({ id, status })
    // A read of the conversation begun before the change answers what it was before: it is not taken.
    if (openId.value === id) threadRequest++
    if (thread.value?.entry.id === id) thread.value = { ...thread.value, entry }
    // The row as it is now, whether or not main's change has come yet.
    await deps.rowChanged(entry)
  }

  /** The open conversation as it now is in the list (a reply that went is in its thread). */
  function followOpen() {
    if (!openId.value || !thread.value || thread.value.stale) return
    const fresh = answer.value?.items.find((i) => i.id === openId.value)
    if (fresh && fresh !== thread.value.entry) thread.value = { ...thread.value, entry: fresh }
  }

  /**
   * The outbox's state taken whole (`take`, the store's `inbox:state`): a chat's reply that went out in the
   * background (its file uploaded, the service back) is the service's message now, read into the pane instead
   * of staying the outbox's copy until the chat is reopened.
   */
  function takingState(take: () => void) {
    const waitingBefore = new Set(openReplies.value.filter((r) => r.state !== 'sent').map((r) => r.id))
    take()
    const wentOut = openReplies.value.some((r) => r.state === 'sent' && waitingBefore.has(r.id))
    if (wentOut && openId.value && thread.value?.messages) void readNewest(openId.value)
  }

  /** The open chat's newest messages read again, the older pages already shown kept before them. */
  async function readNewest(id: string) {
    const mine = threadRequest
    try {
      const got = await mediadeck().inbox.thread({ id })
      const now = thread.value
      if (mine !== threadRequest || !now || now.entry.id !== id) return
      thread.value = withNewestMessages(now, got)
    } catch {
      // The message stays shown as the outbox's copy; the next open reads it.
    }
  }

  return {
    openId,
    open,
    thread,
    openReplies,
    openStatusChanges,
    sending,
    loadingOlder,
    threadError,
    keepPlace,
    openThread,
    loadOlder,
    neighbour,
    close,
    reply,
    like,
    setStatus,
    followOpen,
    takingState,
  }
}
