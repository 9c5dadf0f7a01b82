// Which files of a batch fit in the free storage: the one rule, used by the upload engine
// (main/core/uploads/space-accounting.ts, `whenFull: 'fail-excess'`) and by the renderer tests' stand-in for main
// (test/renderer/support/fake-mediadeck.ts), so a store test sees the engine's arithmetic, not a copy of it.

/** Whether one file fits, and if not, how many bytes were left for it when its turn came. */
export type FitVerdict = { fits: true } | { fits: false; availableBytes: number }

/**
 * Files are taken in the order given while they fit: each one that fits uses its size up, each one that does
 * not is refused and uses nothing, so a later smaller file may still fit. `available` is the free storage less
 * what the queue has already reserved; it may be negative (the queue already holds more than is free).
 */
export function fitInOrder(sizes: readonly number[], available: number): FitVerdict[] {
  let left = available
  return sizes.map((size) => {
    if (size > left) return { fits: false, availableBytes: Math.max(0, left) }
    left -= size
    return { fits: true }
  })
}
