// Work that may wait for the frame being drawn: run after the page has painted it, not in the task that
// changed what it shows (where it would hold that frame back), and at once where there are no frames.

export function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(then))
  else setTimeout(then)
}
