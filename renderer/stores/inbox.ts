import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import { applyInboxChanges } from '../../common/inbox-changes'
import { changeStep, type ListChanges } from '../../common/list-changes'
import type {
  CommentTriage,
  InboxEntry,
  InboxFilter,
  InboxListAnswer,
  InboxListState,
  InboxReplyView,
  InboxStatusChangeView,
  InboxThread,
  ReplyMediumInput,
} from '../../common/inbox'
import { keepUnchanged } from '../lib/keep-unchanged'
import { whenRelinked } from '../lib/list-mirror'
import { withNewestMessages } from '../lib/chat-messages'
import { mediadeck } from '../lib/mediadeck'
import { DEFAULT_INBOX_QUERY, filterOf, keepOrder, sameEntry, type InboxQuery } from '../lib/inbox-query'

export { DEFAULT_INBOX_QUERY, keepOrder, type InboxQuery } from '../lib/inbox-query'

/**
 * The rows of a screenful of the list (at least 8): the view draws these first, and a new list asks main for
 * them before the rest. The list is 65% of the window's height and a row at least 72 px.
 */
export function screenful(): number {
  return Math.max(8, Math.ceil((window.innerHeight * 0.65) / 72) + 1)
}

/**
 * Every comment and direct message of the profile's accounts, from main's copy (it opens offline with the last
 * state seen), one conversation open beside the list, and the replies waiting in the outbox.
 */
export const useInboxStore = defineStore('inbox', () => {
  const query = ref<InboxQuery>({ ...DEFAULT_INBOX_QUERY })
  const answer = shallowRef<InboxListAnswer | null>(null)
  const openId = ref<string | null>(null)
  const thread = shallowRef<InboxThread | null>(null)
  const loading = ref(false)
  const refreshing = ref(false)
  const sending = ref(false)
  /** Older messages of the open chat are being read (paging back). */
  const loadingOlder = ref(false)
  const error = ref<AppErrorData | null>(null)
  const threadError = ref<AppErrorData | null>(null)
  let request = 0
  let threadRequest = 0
  /** The query the list's order was kept for; another query starts from the copy's order. */
  let orderedFor = ''
  /** Counts the lists of another query (or profile): a list read again for the same query keeps it. */
  const listNumber = ref(0)
  /** Where the open conversation was in the list: J and K go on from there when it left the list. */
  let openAt = -1
  /** The filter the list held was read with: main's changes are judged against it. */
  let heldFilter: InboxFilter = {}
  /** The rows the page took out of the list held since it was read (common/inbox-changes.ts). */
  let dropped = new Set<string>()

  const items = computed(() => answer.value?.items ?? [])
  const open = computed(() => items.value.find((i) => i.id === openId.value) ?? thread.value?.entry ?? null)
  /** The outbox's replies to the open conversation, oldest first. */
  const openReplies = computed<InboxReplyView[]>(() =>
    (answer.value?.replies ?? []).filter((r) => r.targetId === openId.value),
  )
  /** The status changes of the open comment not carried out yet (queued, or the person is asked). */
  const openStatusChanges = computed<InboxStatusChangeView[]>(() =>
    (answer.value?.statusChanges ?? []).filter((c) => c.commentId === openId.value),
  )
  /** Conversations with replies still waiting to be sent. */
  const waitingIds = computed(
    () =>
      new Set(
        (answer.value?.replies ?? [])
          .filter((r) => r.state === 'queued' || r.state === 'sending')
          .map((r) => r.targetId),
      ),
  )
  /** Conflicts already told in a toast: each is told once, however often the list is read again. */
  const toldConflicts = new Set<string>()
  /** Status changes the service had moved on from, not told yet; marked told as they are answered. */
  function untoldConflicts(): InboxStatusChangeView[] {
    const fresh = (answer.value?.statusChanges ?? []).filter(
      (c) => c.state === 'conflict' && !toldConflicts.has(c.id),
    )
    for (const c of fresh) toldConflicts.add(c.id)
    return fresh
  }
  /** Comments with a status change still waiting to be sent, or the person asked about. */
  const statusChangeIds = computed(
    () => new Map((answer.value?.statusChanges ?? []).map((c) => [c.commentId, c.state] as const)),
  )

  /** The shown list is a new list's first screenful, its rest still to come. */
  const partial = ref(false)
  async function load(next: InboxQuery = query.value) {
    query.value = next
    const id = ++request
    loading.value = true
    const filter = filterOf(next)
    const key = JSON.stringify(filter)
    try {
      // A new list (the first, another filter or search): its first screenful first, drawn while main reads
      // and sends the rest; main's read of 300 conversations was most of the wait for the first rows.
      if (!answer.value || key !== orderedFor) {
        const first = await mediadeck().inbox.list({ ...filter, limit: screenful() })
        if (id !== request) return
        take(first, key, first.items.length < first.total)
        if (!partial.value) return
      }
      const got = await mediadeck().inbox.list(filter)
      if (id === request) take(got, key, false)
    } catch (caught) {
      if (id === request) error.value = AppError.from(caught).toJSON()
    } finally {
      if (id === request) loading.value = false
    }
  }
  function take(got: InboxListAnswer, key: string, isPartial: boolean) {
    // The rest of a screenful shown comes in the copy's order, which the screenful has.
    if (answer.value && key === orderedFor && !partial.value)
      got.items = keepOrder(answer.value.items, got.items)
    // The rows that did not change are the objects already shown (and the list itself when none did).
    got.items = keepUnchanged(answer.value?.items, got.items, { key: (e) => e.id, same: sameEntry })
    if (key !== orderedFor || !answer.value) listNumber.value++
    orderedFor = key
    // The query this answer is for (a later one would have a later `request`, and never get here).
    heldFilter = filterOf(query.value)
    dropped = new Set()
    partial.value = isPartial
    answer.value = got
    const at = got.items.findIndex((i) => i.id === openId.value)
    if (at !== -1) openAt = at
    error.value = null
  }

  /** The list asked for as the view is entered, before its code has arrived (router.ts), and its query. */
  let early: { key: string; reading: Promise<void>; number: number } | undefined
  function readEarly() {
    const reading = load()
    early = { key: JSON.stringify(filterOf(query.value)), reading, number: request }
  }
  /** The view's first list: the one read early when it was for the same query and no read came after it. */
  function firstLoad(): Promise<void> {
    const took = early
    early = undefined
    const fresh = took && took.key === JSON.stringify(filterOf(query.value)) && request === took.number
    return fresh ? took.reading : load()
  }

  /**
   * The list read again after a change in main: one read at a time, and the changes told while it runs make
   * one more read after it, not one each. A refresh announces its start and its end, and answers too: three
   * reads of 300 conversations for the one the refresh's end needs.
   */
  let reading: Promise<number> | undefined
  let readAgain: Promise<number> | undefined
  /** Answers the number of the read it made (`request`): a later read than it has the last word. */
  function reload(): Promise<number> {
    if (readAgain) return readAgain
    if (reading) {
      readAgain = reading.then(() => {
        readAgain = undefined
        return reload()
      })
      return readAgain
    }
    const loaded = load()
    const mine = request
    reading = loaded.then(() => mine).finally(() => (reading = undefined))
    return reading
  }

  /** Sends what waits and reads the inbox from the service; offline, the copy stays and says so. */
  async function refresh() {
    refreshing.value = true
    try {
      await mediadeck().inbox.refresh()
    } catch (caught) {
      error.value = AppError.from(caught).toJSON()
    } finally {
      refreshing.value = false
    }
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
        at: first.createdAt,
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
      // Its reply, and its conversation read again, come as main's changes (subscribe()).
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
    if (!held({ changed: [entry], removed: [] })) await reload()
  }

  /**
   * Main's change applied to the list held (common/inbox-changes.ts). False when the page cannot tell what the
   * list would be now (a search, a row past its page): the caller reads it again.
   */
  function held(change: Pick<ListChanges<InboxEntry>, 'changed' | 'removed'>): boolean {
    if (!answer.value) return true
    const next = applyInboxChanges(answer.value, change, heldFilter, sameEntry, dropped)
    if (next === 'reload') return false
    const kept = new Set(next.items.map((i) => i.id))
    for (const entry of answer.value.items) if (!kept.has(entry.id)) dropped.add(entry.id)
    if (next !== answer.value) answer.value = { ...answer.value, ...next }
    const at = next.items.findIndex((i) => i.id === openId.value)
    if (at !== -1) openAt = at
    return true
  }

  /** The open conversation as it now is in the list (a reply that went is in its thread). */
  function followOpen() {
    if (!openId.value || !thread.value || thread.value.stale) return
    const fresh = answer.value?.items.find((i) => i.id === openId.value)
    if (fresh && fresh !== thread.value.entry) thread.value = { ...thread.value, entry: fresh }
  }

  /**
   * Main's copy changed (a background read, a conversation read again after a reply, a status set): what
   * changed is applied, and the list read again only for a missed number or what the page cannot decide. Its
   * freshness and outbox (`inbox:state`) are taken whole.
   */
  function subscribe(): () => void {
    const stops = [
      mediadeck().inbox.onChanged((change) => {
        const got = answer.value
        if (!got) return
        const step = changeStep(got.seq, change)
        if (step === 'ignore') return
        if (step === 'reload' || !held(change)) {
          void reload().then((mine) => {
            // A later read (a status set meanwhile) has the last word.
            if (mine === request) followOpen()
          })
          return
        }
        answer.value = { ...answer.value!, seq: change.seq }
        followOpen()
      }),
      mediadeck().inbox.onState((state) => takeState(state)),
      // Browser mode: changes sent while the link was down never arrived, and a restarted main numbers from 1
      // again, which the held number would ignore: what is shown is read again.
      whenRelinked(() => {
        if (!answer.value) return
        void reload().then((mine) => {
          if (mine === request) followOpen()
        })
      }),
    ]
    return () => stops.forEach((stop) => stop())
  }

  function takeState({ profileId: _profile, ...state }: InboxListState) {
    if (!answer.value) return
    const waitingBefore = new Set(openReplies.value.filter((r) => r.state !== 'sent').map((r) => r.id))
    answer.value = { ...answer.value, ...state }
    // A chat's reply that went out in the background (its file uploaded, the service back): its message is
    // the service's now, read into the pane instead of staying the outbox's copy until the chat is reopened.
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

  /** Another profile: nothing of the previous one stays, and an answer for it still on its way is dropped. */
  function reset() {
    request++
    threadRequest++
    answer.value = null
    error.value = null
    loading.value = false
    openId.value = null
    thread.value = null
    threadError.value = null
    query.value = { ...DEFAULT_INBOX_QUERY }
    orderedFor = ''
    partial.value = false
    openAt = -1
  }

  return {
    query,
    answer,
    items,
    listNumber,
    partial,
    openId,
    open,
    thread,
    openReplies,
    openStatusChanges,
    waitingIds,
    statusChangeIds,
    untoldConflicts,
    loading,
    refreshing,
    sending,
    loadingOlder,
    error,
    threadError,
    load,
    readEarly,
    firstLoad,
    refresh,
    openThread,
    loadOlder,
    neighbour,
    close,
    reply,
    like,
    setStatus,
    subscribe,
    reset,
  }
})
