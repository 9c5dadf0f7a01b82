// Bringing a part of a page into a scroller's view. Element.scrollIntoView would also move the window (in a
// browser) and every scrolling ancestor; here only the scroller named is asked to move, at once (a view that
// opens somewhere does not glide there, whatever the page's or the person's motion settings).

/** A vertical stretch of the screen, in client coordinates. */
export interface Span {
  top: number
  bottom: number
}

/**
 * The scroll offset that shows `target` whole in `view` moving it the least (as scrollIntoView's 'nearest'):
 * unchanged when it is already seen, its bottom at the view's bottom when it lies below, its top at the view's
 * top when it lies above or is taller than the view. `context` (what the target is read with, such as the
 * headers over it) is shown along with it when both fit in the view; otherwise the target alone.
 */
export function revealOffset(scrollTop: number, view: Span, target: Span, context?: Span): number {
  const room = view.bottom - view.top
  const wide = context && {
    top: Math.min(context.top, target.top),
    bottom: Math.max(context.bottom, target.bottom),
  }
  const wanted = wide && wide.bottom - wide.top <= room ? wide : target
  const above = wanted.top - view.top
  const below = wanted.bottom - view.bottom
  if (above < 0) return scrollTop + above
  if (below > 0) return scrollTop + Math.min(below, above)
  return scrollTop
}

/** Moves `scroller` at once to `top`. */
export function scrollInstantly(scroller: HTMLElement, top: number): void {
  if (typeof scroller.scrollTo === 'function') scroller.scrollTo({ top, behavior: 'instant' })
  else scroller.scrollTop = top
}

/** Scrolls `scroller` (and nothing else) so that `target` is seen whole, with `context` when both fit. */
export function reveal(scroller: HTMLElement, target: Element, context?: Element): void {
  const box = scroller.getBoundingClientRect()
  // The scroller's own borders and scrollbar are not room to see in.
  const view = {
    top: box.top + scroller.clientTop,
    bottom: box.top + scroller.clientTop + scroller.clientHeight,
  }
  const top = revealOffset(
    scroller.scrollTop,
    view,
    target.getBoundingClientRect(),
    context?.getBoundingClientRect(),
  )
  if (top !== scroller.scrollTop) scrollInstantly(scroller, top)
}
