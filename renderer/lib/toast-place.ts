// Where the toasts lie over the content column: its lower right corner, unless something a page marks with
// `data-toasts-avoid` (the planner's failed list) lies there; then the lower left, then the upper right. A
// toast saying "3 posts scheduled" must not hide the posts that failed, which the person is reading.

export const TOAST_PLACES = ['bottom-end', 'bottom-start', 'top-end'] as const
export type ToastPlace = (typeof TOAST_PLACES)[number]

export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

function boxAt(place: ToastPlace, column: Box, width: number, height: number): Box {
  const left = place.endsWith('end') ? column.right - width : column.left
  const top = place.startsWith('bottom') ? column.bottom - height : column.top
  return { left, top, right: left + width, bottom: top + height }
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

/**
 * The first place where toasts `width` × `height` cover none of `avoid` (boxes in the same coordinates as
 * `column`, the part of the column on screen); the lower right when every place covers one of them.
 */
export function toastPlace(column: Box, width: number, height: number, avoid: readonly Box[]): ToastPlace {
  const clear = TOAST_PLACES.find((place) =>
    avoid.every((box) => !overlap(boxAt(place, column, width, height), box)),
  )
  return clear ?? 'bottom-end'
}
