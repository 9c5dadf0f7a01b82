// The rule for a create whose answer was never seen: when a look is due, when the person decides, and which
// failures leave the outcome unknown at all.
import { describe, expect, it } from 'vitest'
import { answerUnseen, outcomeStep, settleCreate } from '../../../../main/core/drafts/unknown-outcome'

const SENT = Date.parse('2026-07-15T03:00:00.000Z')
const at = (minutes: number) => new Date(SENT + minutes * 60_000)
const pending = (lookedAtMinutes?: number) => ({
  startedAt: at(0).toISOString(),
  ...(lookedAtMinutes === undefined ? {} : { lookedAt: at(lookedAtMinutes).toISOString() }),
})

describe('outcomeStep', () => {
  it('looks at once, then at +2, +5 and +10 minutes, and waits in between', () => {
    expect(outcomeStep(pending(), at(0))).toEqual({ kind: 'look', last: false })
    expect(outcomeStep(pending(0), at(1))).toEqual({ kind: 'wait', nextLookAt: at(2).toISOString() })
    expect(outcomeStep(pending(0), at(2))).toEqual({ kind: 'look', last: false })
    expect(outcomeStep(pending(2.5), at(4.9))).toEqual({ kind: 'wait', nextLookAt: at(5).toISOString() })
    expect(outcomeStep(pending(5), at(9))).toEqual({ kind: 'wait', nextLookAt: at(10).toISOString() })
    expect(outcomeStep(pending(5), at(10))).toEqual({ kind: 'look', last: true })
    // A process that comes back an hour later looks once, and that look is the last.
    expect(outcomeStep(pending(), at(60))).toEqual({ kind: 'look', last: true })
  })

  it('counts a clock set back before the send as the send itself', () => {
    expect(outcomeStep(pending(0), at(-5))).toEqual({ kind: 'wait', nextLookAt: at(2).toISOString() })
  })
})

describe('settleCreate', () => {
  it('records the look that found nothing, adopts what a later look finds, and gives up only after the last', async () => {
    const none = async () => null
    expect(await settleCreate(pending(), () => at(0), none)).toEqual({
      kind: 'wait',
      lookedAt: at(0).toISOString(),
      nextLookAt: at(2).toISOString(),
    })
    let asked = 0
    const counted = async () => (asked++, null)
    expect(await settleCreate(pending(0), () => at(1), counted)).toMatchObject({ kind: 'wait' })
    expect(asked).toBe(0)
    expect(
      await settleCreate(
        pending(2),
        () => at(5),
        async () => 'post',
      ),
    ).toEqual({
      kind: 'found',
      found: 'post',
    })
    expect(await settleCreate(pending(5), () => at(10), none)).toEqual({ kind: 'unknown' })
  })
})

describe('answerUnseen', () => {
  it.each([
    [{ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT' }, true],
    [{ kind: 'network', code: 'ECONNRESET' }, true],
    [{ kind: 'network' }, true],
    [{ kind: 'server', status: 504 }, true],
    [{ kind: 'server', status: 200 }, true],
    [{ kind: 'network', code: 'ECONNREFUSED' }, false],
    [{ kind: 'timeout', code: 'UND_ERR_CONNECT_TIMEOUT' }, false],
    [{ kind: 'server', status: 503 }, false],
    [{ kind: 'validation', status: 400 }, false],
    [{ kind: 'cancelled' }, false],
  ] as const)('%o -> %s', (failure, unseen) => {
    expect(answerUnseen(failure)).toBe(unseen)
  })
})
