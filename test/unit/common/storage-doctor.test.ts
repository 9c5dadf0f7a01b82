// "Free up X" as one rule for the app and the CLI: X is what must be free, not what to delete, and the last
// seven days' uploads are left out unless asked for (or, for the CLI, only as far as the older files fall short).
import { describe, expect, it } from 'vitest'
import { isRecentUpload, planFreeSpace, RECENT_UPLOAD_DAYS } from '../../../common/storage-doctor'

const NOW = Date.parse('2026-11-20T10:00:00.000Z')
const DAY = 86_400_000
const file = (id: string, size: number, daysAgo: number) => ({
  id,
  size,
  createdAt: new Date(NOW - daysAgo * DAY).toISOString(),
})
const ids = (files: { id: string }[] | null) => files?.map((f) => f.id) ?? null

describe('isRecentUpload', () => {
  it('is recent under seven days, old from seven days on; unreadable or future dates count as recent', () => {
    expect(RECENT_UPLOAD_DAYS).toBe(7)
    expect(isRecentUpload(file('a', 1, 6.99), NOW)).toBe(true)
    expect(isRecentUpload(file('a', 1, 7), NOW)).toBe(false)
    expect(isRecentUpload(file('a', 1, -1), NOW)).toBe(true)
    expect(isRecentUpload({ createdAt: '' }, NOW)).toBe(true)
    expect(isRecentUpload({ createdAt: 'yesterday' }, NOW)).toBe(true)
  })
})

describe('planFreeSpace', () => {
  // 300 uploaded yesterday; 250, 200 and 100 weeks ago.
  const files = [
    file('new-300', 300, 1),
    file('old-250', 250, 30),
    file('old-200', 200, 10),
    file('old-100', 100, 8),
  ]
  const report = (free: number) => ({ files, usage: { free } })

  it('X is what must be free: nothing is deleted when it already is, and only the difference otherwise', () => {
    const already = planFreeSpace(report(1000), 900, { now: NOW, recent: 'leave-out' })
    expect(already).toMatchObject({ free: 1000, needed: 0, files: [] })
    // 1000 free, 1250 wanted: 250 to delete, one file of 250 (not 1250 more, as "delete X" read it).
    const some = planFreeSpace(report(1000), 1250, { now: NOW, recent: 'leave-out' })
    expect(some.needed).toBe(250)
    expect(ids(some.files)).toEqual(['old-250'])
  })

  it('leaves the last days’ uploads out, though one of them alone would be fewer files', () => {
    const plan = planFreeSpace(report(0), 300, { now: NOW, recent: 'leave-out' })
    expect(ids(plan.files)).toEqual(['old-250', 'old-100'])
    expect(plan.recentLeftOut).toEqual({ count: 1, bytes: 300 })
    expect(plan.tookRecent).toBe(false)
  })

  it('left out, the older files may not be enough: null, with what was left out to say so', () => {
    const plan = planFreeSpace(report(0), 600, { now: NOW, recent: 'leave-out' })
    expect(plan.files).toBeNull()
    expect(plan.recentLeftOut).toEqual({ count: 1, bytes: 300 })
  })

  it('asked for, they are chosen like any other', () => {
    const plan = planFreeSpace(report(0), 300, { now: NOW, recent: 'include' })
    expect(ids(plan.files)).toEqual(['new-300'])
    expect(plan.tookRecent).toBe(true)
    expect(plan.recentLeftOut).toEqual({ count: 0, bytes: 0 })
  })

  it('if needed (the CLI), older files first, then as few recent ones as they lack', () => {
    const enough = planFreeSpace(report(0), 300, { now: NOW, recent: 'if-needed' })
    expect(ids(enough.files)).toEqual(['old-250', 'old-100'])
    expect(enough.tookRecent).toBe(false)
    // 600: the older files hold 550, so one recent file is needed; then the fewest older for the other 300.
    const short = planFreeSpace(report(0), 600, { now: NOW, recent: 'if-needed' })
    expect(ids(short.files)).toEqual(['old-250', 'old-100', 'new-300'])
    expect(short.tookRecent).toBe(true)
    expect(short.recentLeftOut).toEqual({ count: 0, bytes: 0 })
    expect(planFreeSpace(report(0), 851, { now: NOW, recent: 'if-needed' }).files).toBeNull()
  })
})
