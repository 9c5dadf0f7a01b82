import { nextTick, onBeforeUnmount, onMounted, ref, watch, type Ref, type WatchSource } from 'vue'

/**
 * Whether a table of figures is laid out as stacked rows (renderer/styles/figures-table.css): when its columns
 * would pass the width it has (a narrow window, the sidebar open, a network with many figures, a longer
 * language), each row becomes a block of labelled cells rather than a table cut at its card's edge. The
 * table's own width is measured as a table, and kept to go back once the room is there again; `reset` (its
 * columns, its language, its rows) measures it again.
 */
export function useStackWhenCut(scroller: Ref<HTMLElement | null>, reset: WatchSource<unknown>) {
  const stacked = ref(false)
  let natural = 0
  let observer: ResizeObserver | undefined
  function fit() {
    const el = scroller.value
    if (!el) return
    if (!stacked.value) {
      natural = el.scrollWidth
      if (natural > el.clientWidth + 1) stacked.value = true
    } else if (el.clientWidth >= natural) {
      stacked.value = false
    }
  }
  onMounted(() => {
    fit()
    if (typeof ResizeObserver !== 'undefined' && scroller.value) {
      observer = new ResizeObserver(fit)
      observer.observe(scroller.value)
    }
  })
  watch(reset, async () => {
    stacked.value = false
    await nextTick()
    fit()
  })
  onBeforeUnmount(() => observer?.disconnect())
  return stacked
}
