import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import { applyInboxChanges } from '../../common/inbox-changes'
import { changeStep, type ListChanges } from '../../common/list-changes'
import type {
  InboxEntry,
  InboxFilter,
  InboxListAnswer,
  InboxListState,
  InboxStatusChangeView,
} from '../../common/inbox'
import { keepUnchanged } from '../lib/keep-unchanged'
import { whenRelinked } from '../lib/list-mirror'
import { mediadeck } from '../lib/mediadeck'
import { DEFAULT_INBOX_QUERY, filterOf, keepOrder, sameEntry, type InboxQuery } from '../lib/inbox-query'
import { useInboxThread } from './inbox-thread'
import { useProfilesStore } from './profiles'

export { DEFAULT_INBOX_QUERY, type InboxQuery } from '../lib/inbox-query'

/**
 * The rows of a screenful of the list (at least 8): the view draws these first, and a new list asks main for
 * them before the rest. The list is 65% of the window's height and a row at least 72 px.
 */
export function screenful(): number {
  return Math.max(8, Math.ceil((window.innerHeight * 0.65) / 72) + 1)
}

/**
 * Every comment and direct message of the profile's accounts, from main's copy (it opens offline with the last
 * state seen), kept up with main's numbered changes, and the replies waiting in the outbox. The conversation
 * open beside the list is stores/inbox-thread.ts, composed here: this store's API answers for both.
 */
export const useInboxStore = defineStore('inbox', () => {
  const profiles = useProfilesStore()
  const query = ref<InboxQuery>({ ...DEFAULT_INBOX_QUERY })
  const answer = shallowRef<InboxListAnswer | null>(null)
  const loading = ref(false)
  const refreshing = ref(false)
  const error = ref<AppErrorData | null>(null)
  let request = 0
  /** The query the list's order was kept for; another query starts from the copy's order. */
  let orderedFor = ''
  /** Counts the lists of another query (or profile): a list read again for the same query keeps it. */
  const listNumber = ref(0)
  /** The filter the list held was read with: main's changes are judged against it. */
  let heldFilter: InboxFilter = {}
  /** The rows the page took out of the list held since it was read (common/inbox-changes.ts). */
  let dropped = new Set<string>()

  const items = computed(() => answer.value?.items ?? [])
  // The conversation open beside the list (stores/inbox-thread.ts); a status set there lays its row over the
  // list as main answered it.
  const opened = useInboxThread({
    answer,
    items,
    rowChanged: async (entry) => {
      if (!held({ changed: [entry], removed: [] })) await reload()
    },
  })
  const { openId, thread, followOpen } = opened
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
    opened.keepPlace(got.items)
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

  /** Reads the list again, then the open conversation follows it, unless a later read (a status set) came. */
  function readAgainAndFollow(): void {
    void reload().then((mine) => {
      if (mine === request) followOpen()
    })
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
    opened.keepPlace(next.items)
    return true
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
        if (step === 'reload' || !held(change)) return readAgainAndFollow()
        answer.value = { ...answer.value!, seq: change.seq }
        followOpen()
      }),
      // Its freshness and outbox are taken whole; a reply of the open chat that went is read into its pane.
      mediadeck().inbox.onState(({ profileId, ...state }: InboxListState) => {
        // Another profile's, sent about a switch: not this list's outbox nor freshness (as inbox-counts.ts).
        if (profiles.activeId !== null && profileId !== profiles.activeId) return
        if (answer.value) opened.takingState(() => (answer.value = { ...answer.value!, ...state }))
      }),
      // Browser mode: changes sent while the link was down never arrived, and a restarted main numbers from 1
      // again, which the held number would ignore: what is shown is read again.
      whenRelinked(() => {
        if (answer.value) readAgainAndFollow()
      }),
    ]
    return () => stops.forEach((stop) => stop())
  }

  /** Another profile: nothing of the previous one stays, and an answer for it still on its way is dropped. */
  function reset() {
    request++
    opened.close()
    answer.value = null
    error.value = null
    loading.value = false
    query.value = { ...DEFAULT_INBOX_QUERY }
    orderedFor = ''
    partial.value = false
  }

  return {
    query,
    answer,
    items,
    listNumber,
    partial,
    openId,
    open: opened.open,
    thread,
    openReplies: opened.openReplies,
    openStatusChanges: opened.openStatusChanges,
    waitingIds,
    statusChangeIds,
    untoldConflicts,
    loading,
    refreshing,
    sending: opened.sending,
    loadingOlder: opened.loadingOlder,
    error,
    threadError: opened.threadError,
    load,
    readEarly,
    firstLoad,
    refresh,
    openThread: opened.openThread,
    loadOlder: opened.loadOlder,
    neighbour: opened.neighbour,
    close: opened.close,
    reply: opened.reply,
    like: opened.like,
    setStatus: opened.setStatus,
    subscribe,
    reset,
  }
})
