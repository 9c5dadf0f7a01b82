// The content hash of a file, taken from its PUT's own reads (the file is not read twice), for as long as it is
// cheap. SHA-256 runs on the event loop in series with the PUT's own work, so what it costs depends on the link:
// - on a real network the PUT waits on the socket most of the time, and the hash fits in that wait: at 100 MiB/s
//   it takes about 7% of the elapsed time here (SHA-256 at about 0.7 s a GiB, 2 vCPUs with SHA-NI);
// - when the link outruns the CPU (loopback, a fast LAN), the hash would slow the upload itself: a 1 GiB PUT to
//   a loopback sink took 1.23 s hashed against 0.73 s unhashed (bench/, 0.58x of `curl -T` instead of 0.98x).
// So a file is hashed whole up to ALWAYS_BYTES (small files: their hash costs little, and the dedupe of photos
// depends on it); beyond that, hashing goes on only while its time stays within TIME_SHARE of the time elapsed
// since the first chunk (a quarter: at 100 MiB/s it is about 7% here, on loopback about half). Once over, the
// hash is dropped for this PUT, and the file's hash is learned later from its public URL, only if a same-size
// file with the same first bytes is ever added (./content-dedupe.ts).
import { createHash } from 'node:crypto'

const ALWAYS_BYTES = 16 * 1024 * 1024
const TIME_SHARE = 0.25

export interface HashOnTheWay {
  /** Each chunk of the body, in order, as it is read. */
  update(chunk: Buffer): void
  /** The SHA-256 (hex) of every chunk, or undefined when hashing was dropped along the way. */
  digest(): string | undefined
  /** Hashing was dropped: it cost more than its share of the transfer. */
  dropped(): boolean
}

export function createHashOnTheWay(
  o: { clock?: () => number; alwaysBytes?: number; timeShare?: number } = {},
): HashOnTheWay {
  const clock = o.clock ?? (() => performance.now())
  const alwaysBytes = o.alwaysBytes ?? ALWAYS_BYTES
  const timeShare = o.timeShare ?? TIME_SHARE
  const hash = createHash('sha256')
  let bytes = 0
  let hashingMs = 0
  let firstChunkAt: number | undefined
  let isDropped = false
  return {
    update(chunk) {
      if (isDropped) return
      const before = clock()
      firstChunkAt ??= before
      hash.update(chunk)
      const after = clock()
      bytes += chunk.length
      hashingMs += after - before
      if (bytes > alwaysBytes && hashingMs > timeShare * (after - firstChunkAt)) isDropped = true
    },
    digest: () => (isDropped ? undefined : hash.digest('hex')),
    dropped: () => isDropped,
  }
}
