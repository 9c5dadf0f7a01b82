// The one definition of how far a copy can be trusted (common/freshness.ts): its transitions keep the time the
// service last confirmed it, so the age a view shows is the copy's real one.
import { describe, expect, it } from 'vitest'
import { ageOf, asShown, checking, confirmed, stale } from '../../../common/freshness'

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
})
