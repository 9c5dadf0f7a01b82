// Transfer rate over a sliding window, so the figure follows the link without jumping on every chunk.

export interface RateMeter {
  sample(totalBytes: number): void
  /** Bytes per second over the window; 0 until two samples span a moment. */
  rate(): number
  reset(): void
}

/**
 * Samples closer together than `resolutionMs` are merged, so the window holds a few dozen points however fast
 * chunks arrive (at GiB/s a sample per 256 KiB chunk would keep ~12 000 and make every update O(n)).
 */
/**
 * The first `warmupMs` after a start or reset only set the baseline, and a figure is given once the samples
 * span `minSpanMs`: the first moments of a transfer fill the socket's buffers at memory speed, and a rate over
 * them read "52.3 MB/s · 1 sec left" under a 2 MB/s cap after a cancel and skipped duplicates (every restart of
 * a transfer resets its meter).
 */
export function createRateMeter(
  now: () => number,
  windowMs = 3000,
  resolutionMs = 100,
  minSpanMs = 1000,
  warmupMs = 500,
): RateMeter {
  let samples: { t: number; bytes: number }[] = []
  let startedAt: number | undefined
  return {
    sample(totalBytes) {
      const t = now()
      startedAt ??= t
      if (t - startedAt < warmupMs) {
        samples = [{ t, bytes: totalBytes }]
        return
      }
      const previous = samples[samples.length - 2]
      if (previous && t - previous.t < resolutionMs) {
        samples[samples.length - 1] = { t, bytes: totalBytes }
      } else {
        samples.push({ t, bytes: totalBytes })
      }
      // Keep one sample older than the window as the baseline of the span.
      while (samples.length > 2 && samples[1]!.t <= t - windowMs) samples.shift()
    },
    rate() {
      if (samples.length < 2) return 0
      const first = samples[0]!
      const last = samples[samples.length - 1]!
      const span = last.t - first.t
      if (span <= 0 || span < minSpanMs) return 0
      return ((last.bytes - first.bytes) * 1000) / span
    },
    reset() {
      samples = []
      startedAt = undefined
    },
  }
}
