import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createHashOnTheWay } from '../../../../main/core/uploads/hash-on-the-way'

const MiB = 1024 * 1024
const sha256 = (chunks: Buffer[]) => createHash('sha256').update(Buffer.concat(chunks)).digest('hex')
const chunk = (i: number) => Buffer.alloc(MiB, i)

/**
 * A clock the test moves: each hash.update "takes" `hashMs`, and between two chunks the socket "takes" `waitMs`
 * (what the link costs: long on a real network, next to nothing on loopback).
 */
function run(o: { chunks: number; hashMs: number; waitMs: number; alwaysBytes?: number }) {
  let now = 0
  let inUpdate = false
  const hasher = createHashOnTheWay({
    alwaysBytes: o.alwaysBytes ?? 4 * MiB,
    timeShare: 0.1,
    // Called twice per update, before and after: the hash's own time passes between the two calls.
    clock: () => {
      if (inUpdate) now += o.hashMs
      inUpdate = !inUpdate
      return now
    },
  })
  const sent: Buffer[] = []
  for (let i = 0; i < o.chunks; i++) {
    const c = chunk(i)
    sent.push(c)
    hasher.update(c)
    now += o.waitMs
  }
  return { hasher, sent }
}

describe('hashing a file on its way to the storage', () => {
  it('keeps the hash when the link is slower than the hash (the socket waits, the hash fits)', () => {
    // 100 MiB/s: 10 ms a MiB on the socket, 0.7 ms to hash it.
    const { hasher, sent } = run({ chunks: 32, hashMs: 0.7, waitMs: 10 })
    expect(hasher.dropped()).toBe(false)
    expect(hasher.digest()).toBe(sha256(sent))
  })

  it('drops it when the link outruns the hash, once past the bytes always hashed', () => {
    // Loopback: the socket takes a MiB in 0.7 ms, as long as the hash.
    const { hasher } = run({ chunks: 32, hashMs: 0.7, waitMs: 0.7 })
    expect(hasher.dropped()).toBe(true)
    expect(hasher.digest()).toBeUndefined()
  })

  it('always hashes a file up to the bytes always hashed, whatever it costs', () => {
    const { hasher, sent } = run({ chunks: 4, hashMs: 5, waitMs: 0 })
    expect(hasher.dropped()).toBe(false)
    expect(hasher.digest()).toBe(sha256(sent))
  })

  it('stops hashing once dropped: later chunks cost nothing', () => {
    let calls = 0
    const hasher = createHashOnTheWay({ alwaysBytes: 0, timeShare: 0.1, clock: () => (calls++, calls) })
    hasher.update(chunk(0))
    expect(hasher.dropped()).toBe(true)
    const before = calls
    for (let i = 1; i < 10; i++) hasher.update(chunk(i))
    expect(calls).toBe(before)
  })
})
