import { nextTick, onBeforeUnmount, onMounted, watch } from 'vue'

/** What tells that the person moves the view themselves: from then on, it stays where they put it. */
const PERSON_MOVES = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const

export interface OpeningScroll {
  /** The element that scrolls: the week's hours, or the content column for the month. */
  scroller: () => HTMLElement | null | undefined
  /** Which period is shown (its first day): another one opens anew. */
  period: () => unknown
  /** What the grid draws: posts may arrive after it, and move where the period opens. */
  data: () => unknown
  /** Scrolls `scroller` to where the period opens, at once, moving no focus. */
  open: (scroller: HTMLElement) => void
}

/**
 * Where a calendar grid opens (the week at its first post, the month at today's week): when the grid appears
 * and when it shows another period. The posts, and the notices over the grid, may arrive after it: until the
 * view is moved by another hand (the person's wheel, pointer or key in the scroller, or any scroll this did not
 * make, such as a panel brought into view), new data or a change in the scroller's content's size opens it
 * again, so the view never jumps under the person's hand.
 */
export function useOpeningScroll(options: OpeningScroll): void {
  let follow = true
  let listened: HTMLElement | null = null
  let resized: ResizeObserver | null = null
  /** Where the last opening left the scroller: a scroll elsewhere was another hand's. */
  let placed: number | null = null

  function stopWatchingSizes() {
    resized?.disconnect()
    resized = null
  }
  const movedElsewhere = () => {
    follow = false
    stopWatchingSizes()
  }
  const scrolled = () => {
    if (listened && placed !== null && Math.abs(listened.scrollTop - placed) > 1) movedElsewhere()
  }
  function forget() {
    for (const type of PERSON_MOVES) listened?.removeEventListener(type, movedElsewhere)
    listened?.removeEventListener('scroll', scrolled)
    stopWatchingSizes()
    listened = null
  }
  function follows(scroller: HTMLElement) {
    if (listened !== scroller) {
      forget()
      listened = scroller
      for (const type of PERSON_MOVES) scroller.addEventListener(type, movedElsewhere, { passive: true })
      scroller.addEventListener('scroll', scrolled, { passive: true })
    }
    // Observed once per following: a new observation reports each size at once, which opens the view again.
    if (resized || typeof ResizeObserver === 'undefined') return
    resized = new ResizeObserver(() => void openIfFollowing())
    for (const child of Array.from(scroller.children)) resized.observe(child)
  }

  async function open() {
    await nextTick()
    const scroller = options.scroller()
    if (!scroller) return
    if (follow) follows(scroller)
    options.open(scroller)
    // Where it is now, moved or not: the browser may have kept the content in place as it grew above.
    placed = scroller.scrollTop
  }
  async function openIfFollowing() {
    if (follow) await open()
  }

  onMounted(() => void open())
  onBeforeUnmount(forget)
  watch(options.period, () => {
    follow = true
    void open()
  })
  watch(options.data, () => void openIfFollowing())
}
