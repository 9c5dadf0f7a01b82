// The retry hold waits for a retry's pictures to be measured before it decides, but never longer than
// MEASURE_WAIT_MS: a picture that never loads holds no retry back. Time is the test's.
import { effectScope } from 'vue'
import { describe, expect, it } from 'vitest'
import { MEASURE_WAIT_MS, useRetryHold } from '../../../renderer/components/planner/use-retry-hold'
import { makeSchedule } from '../support/fixtures'

function setUp(badShape: () => boolean) {
  const sent: string[][] = []
  const waits: Array<{ ms: number; done: () => void }> = []
  const post = makeSchedule(1, { status: 'error' })
  const failed = [post]
  const hold = effectScope().run(() =>
    useRetryHold({
      posts: () => failed,
      isDisconnected: () => false,
      hasBadShape: badShape,
      send: (ids) => sent.push(ids),
      // The picture's measure never comes.
      measured: () => new Promise<void>(() => {}),
      delay: (ms) => new Promise<void>((done) => waits.push({ ms, done })),
    }),
  )!
  return { hold, sent, waits, failed, id: post.id ?? post._id }
}

describe('a retry and its pictures’ measures', () => {
  it('waits at most MEASURE_WAIT_MS for a measure that never comes, then sends on what is known', async () => {
    const { hold, sent, waits, id } = setUp(() => false)
    const asked = hold.ask([id])
    expect(hold.measuring.value).toBe(true)
    // A second click while it waits adds nothing.
    await hold.ask([id])
    expect(sent).toEqual([])
    expect(waits.map((w) => w.ms)).toEqual([MEASURE_WAIT_MS])
    waits[0]!.done()
    await asked
    expect(sent).toEqual([[id]])
    expect(hold.measuring.value).toBe(false)
  })

  it('holds the post when what is known after the wait breaks its rule', async () => {
    const { hold, sent, waits, id } = setUp(() => true)
    const asked = hold.ask([id])
    waits[0]!.done()
    await asked
    expect(sent).toEqual([])
    expect(hold.open.value).toBe(true)
    expect(hold.badShape.value.map((p) => p.id ?? p._id)).toEqual([id])
  })

  it('sends nothing for a post that left the failed list while its measures were awaited', async () => {
    const { hold, sent, waits, failed, id } = setUp(() => false)
    const asked = hold.ask([id])
    // Retried from its detail meanwhile, or gone with a switch of profile.
    failed.splice(0)
    waits[0]!.done()
    await asked
    expect(sent).toEqual([])
    expect(hold.open.value).toBe(false)
  })
})
