// The one definition of how far a copy can be trusted (common/freshness.ts): its transitions keep the time the
// service last confirmed it, so the age a view shows is the copy's real one.
import { describe, expect, it } from 'vitest'
import { ageOf, asShown, checking, confirmed, freshnessOf, stale } from '../../../common/freshness'

const AT = '2026-11-26T10:00:00.000Z'

describe('freshness', () => {
  it('keeps the time of the last confirmation through checking and stale', () => {
    const fresh = confirmed(new Date(AT))
    expect(fresh).toEqual({ state: 'fresh', confirmedAt: AT })
    expect(checking(fresh)).toEqual({ state: 'checking', confirmedAt: AT })
    expect(stale(checking(fresh))).toEqual({ state: 'stale', confirmedAt: AT })
    expect(stale(AT)).toEqual({ state: 'stale', confirmedAt: AT })
    expect(checking(null)).toEqual({ state: 'checking', confirmedAt: null })
  })

  it('says the age against the clock given, never negative, null when never confirmed', () => {
    expect(ageOf(confirmed(AT), Date.parse(AT) + 300_000)).toBe(300_000)
    expect(ageOf(confirmed(AT), Date.parse(AT) - 5_000)).toBe(0)
    expect(ageOf(checking(null), Date.parse(AT))).toBeNull()
    expect(ageOf({ state: 'stale', confirmedAt: 'not a time' }, Date.parse(AT))).toBeNull()
  })

  it('shows a fresh copy stale while offline; checking and stale stay as they are', () => {
    expect(asShown(confirmed(AT), true)).toEqual({ state: 'stale', confirmedAt: AT })
    expect(asShown(confirmed(AT), false)).toEqual({ state: 'fresh', confirmedAt: AT })
    expect(asShown(checking(confirmed(AT)), true).state).toBe('checking')
  })

  it("main's word on a copy it reads on its own: checking while a read runs, else stale when the last failed, else fresh", () => {
    const at = '2026-11-20T09:00:00.000Z'
    expect(freshnessOf(at, { reading: true, failed: true })).toEqual({ state: 'checking', confirmedAt: at })
    expect(freshnessOf(at, { reading: false, failed: true })).toEqual({ state: 'stale', confirmedAt: at })
    expect(freshnessOf(at, { reading: false, failed: false })).toEqual(confirmed(at))
    expect(freshnessOf(null, { reading: true, failed: false })).toEqual({
      state: 'checking',
      confirmedAt: null,
    })
  })
})
