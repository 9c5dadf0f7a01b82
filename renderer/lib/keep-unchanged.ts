// What a computed over a long list answers when a change left its result as it was: the list it answered
// before, so that nothing depending on it wakes (Vue compares a computed's value by identity). A change of one
// draft among 10,000 re-filters the list, but the month that shows none of them is not drawn again, and a
// list that did change keeps the items that did not, so only theirs are drawn.

/**
 * `next`, with each item equal (`same`) to the previous answer's item of the same key replaced by that one, or
 * the previous answer itself when every item is the one it held, in the same order.
 */
export function keepUnchanged<T>(
  previous: readonly T[] | undefined,
  next: T[],
  options: { key?: (item: T) => string; same?: (a: T, b: T) => boolean } = {},
): T[] {
  if (!previous) return next
  let result = next
  const { key, same } = options
  if (key && same) {
    const before = new Map(previous.map((item) => [key(item), item]))
    result = next.map((item) => {
      const old = before.get(key(item))
      return old !== undefined && old !== item && same(old, item) ? old : item
    })
  }
  if (result.length !== previous.length) return result
  for (let i = 0; i < result.length; i++) if (result[i] !== previous[i]) return result
  return previous as T[]
}
