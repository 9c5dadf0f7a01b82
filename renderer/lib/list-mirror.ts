// The page's side of a list that lives in main (common/list-changes.ts): read whole once, then each numbered
// change applied to what is held. A change that arrives while the list is being read waits and is applied
// after it only if the list read does not hold it yet; a missed number, or main saying so, reads it whole
// again, and so does the link to main coming back (browser mode): what was sent while it was down never
// arrived. The stores that mirror a list (drafts, snippets) hold the records; this holds only the numbers.
import { HOST_LINK_EVENT, type HostLinkDetail } from '../../common/app-state'
import { changeStep, type ListChanges, type ListSnapshot } from '../../common/list-changes'

export interface ListMirror<T> {
  /** Reads the list whole and hands it to `hold`; rejects as `read` does (the store says why). */
  load(read: () => Promise<ListSnapshot<T>>): Promise<void>
  /** A change from main: applied, ignored as already held, or the reason to read the list whole again. */
  take(change: ListChanges<T>): void
  /** What is held is no list of main's any more (another profile): changes wait for the next load. */
  forget(): void
  /** Changes may have been missed unseen (the link to main was down): a list held is read whole again. */
  missed(): void
}

export function createListMirror<T>(options: {
  /** The list read whole replaces what is held. */
  hold(items: T[]): void
  /** One change: records changed or added, ids removed. */
  apply(changed: T[], removed: string[]): void
  /** A change was missed: the store reads the list whole again (its load, with its own error handling). */
  reload(): void
}): ListMirror<T> {
  /** The number of the last change held; null while no list of main's is held. */
  let seq: number | null = null
  /** Whole reads under way, and the changes that arrived meanwhile. */
  let loading = 0
  const early: Array<ListChanges<T>> = []

  function take(change: ListChanges<T>): void {
    if (loading > 0) return void early.push(change)
    // No list held (none read yet, another profile): whoever shows it loads it, changes included.
    if (seq === null) return
    const step = changeStep(seq, change)
    if (step === 'apply') {
      options.apply(change.changed, change.removed)
      seq = change.seq
    } else if (step === 'reload') options.reload()
  }

  return {
    async load(read) {
      loading += 1
      try {
        const snapshot = await read()
        options.hold(snapshot.items)
        seq = snapshot.seq
      } finally {
        if (--loading === 0) for (const change of early.splice(0)) take(change)
      }
    },
    take,
    forget() {
      seq = null
    },
    missed() {
      if (seq !== null) options.reload()
    },
  }
}

/**
 * Browser mode: the page's socket to main dropped and came back (a machine waking, main restarted with the
 * same address). What main sent meanwhile is lost; `back` is called to read again what it shows. Answers the
 * stop.
 */
export function whenRelinked(back: () => void): () => void {
  const onLink = (event: Event) => {
    if ((event as CustomEvent<HostLinkDetail>).detail.linked) back()
  }
  window.addEventListener(HOST_LINK_EVENT, onLink)
  return () => window.removeEventListener(HOST_LINK_EVENT, onLink)
}

/**
 * A list's changes sent while the link was down are lost with no later number to show the gap, and a restarted
 * main numbers from 1 again, which the held number would ignore: the list is read whole. Answers the stop.
 */
export function reloadOnRelink(mirror: Pick<ListMirror<unknown>, 'missed'>): () => void {
  return whenRelinked(() => mirror.missed())
}

/**
 * The numbers of an event main numbers (NUMBERED_EVENTS in common/contract.ts) about what the page reads
 * without a number (a view's period of the service's posts, the upload queue): each number after the last
 * heard is in order, one skipped is a change missed and what is shown is read again. A 1 is a new count: main
 * starts again when another profile becomes active, and what is shown is read again for it anyway.
 */
export interface NumberedEvents {
  /** Records `seq`; answers whether one was missed before it. */
  missed(seq: number): boolean
  /** Nothing heard yet (a view that starts following again reads what it shows first). */
  reset(): void
}

export function followNumbers(): NumberedEvents {
  let last: number | null = null
  return {
    missed(seq) {
      const skipped = last !== null && seq !== last + 1 && seq !== 1
      last = seq
      return skipped
    },
    reset() {
      last = null
    },
  }
}
