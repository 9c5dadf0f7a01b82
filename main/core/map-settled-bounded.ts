// Promise.allSettled over many items with at most `limit` of them in flight: probing 200 dropped files at
// once queued 200 opens and reads in libuv's pool and stalled the event loop for 357 ms (bench/RESULTS.md);
// a few at a time keeps the pool and the loop free for the transfers under way.
export async function mapSettledBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      try {
        results[i] = { status: 'fulfilled', value: await fn(items[i]!) }
      } catch (reason) {
        results[i] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
