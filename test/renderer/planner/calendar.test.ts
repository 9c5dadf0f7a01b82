// Calendar arithmetic in a time zone, pinned at the DST edges (the spring-forward gap and the fall-back repeat).
import { describe, expect, it } from 'vitest'
import {
  bucketByDay,
  dayKey,
  fromLocalTime,
  hourOf,
  moveToDay,
  moveToSlot,
  addDaysToKey,
  nudgeTarget,
  openingHour,
  periodDays,
  periodRange,
  toLocalTime,
  type CalendarEntry,
} from '../../../renderer/lib/planner/calendar'

const entry = (at: string, key = at): CalendarEntry => ({
  key,
  source: 'service',
  id: key,
  status: 'pending',
  at,
  title: '',
  text: '',
  accountId: 'a',
  movable: false,
})

describe('local time to UTC', () => {
  it('sends a normal local time as the right UTC instant, in and out of summer time', () => {
    expect(fromLocalTime({ date: '2026-01-15', time: '09:00' }, 'Europe/Berlin')).toEqual({
      iso: '2026-01-15T08:00:00.000Z',
    })
    expect(fromLocalTime({ date: '2026-07-15', time: '09:00' }, 'Europe/Berlin')).toEqual({
      iso: '2026-07-15T07:00:00.000Z',
    })
    expect(fromLocalTime({ date: '2026-07-15', time: '09:00' }, 'Asia/Jakarta')).toEqual({
      iso: '2026-07-15T02:00:00.000Z',
    })
  })

  it('resolves 02:30 on a spring-forward day to 03:30 and says it moved', () => {
    // Europe/Berlin jumps from 02:00 to 03:00 on 29 March 2026; New York on 8 March 2026.
    expect(fromLocalTime({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin')).toEqual({
      iso: '2026-03-29T01:30:00.000Z',
      shiftedTo: { date: '2026-03-29', time: '03:30' },
    })
    expect(fromLocalTime({ date: '2026-03-08', time: '02:30' }, 'America/New_York')).toEqual({
      iso: '2026-03-08T07:30:00.000Z',
      shiftedTo: { date: '2026-03-08', time: '03:30' },
    })
    // The hours around the gap are untouched.
    expect(fromLocalTime({ date: '2026-03-29', time: '01:59' }, 'Europe/Berlin')).toEqual({
      iso: '2026-03-29T00:59:00.000Z',
    })
    expect(fromLocalTime({ date: '2026-03-29', time: '03:00' }, 'Europe/Berlin')).toEqual({
      iso: '2026-03-29T01:00:00.000Z',
    })
  })

  it('takes the second 02:30 of a fall-back day and reads it back as 02:30', () => {
    const resolved = fromLocalTime({ date: '2026-10-25', time: '02:30' }, 'Europe/Berlin')
    expect(resolved).toEqual({ iso: '2026-10-25T01:30:00.000Z' })
    expect(toLocalTime(resolved!.iso, 'Europe/Berlin')).toEqual({ date: '2026-10-25', time: '02:30' })
  })

  it('refuses impossible dates and malformed input', () => {
    expect(fromLocalTime({ date: '2026-02-30', time: '10:00' }, 'Europe/Berlin')).toBeNull()
    expect(fromLocalTime({ date: '2026-13-01', time: '10:00' }, 'Europe/Berlin')).toBeNull()
    expect(fromLocalTime({ date: '2026-02-10', time: '25:00' }, 'Europe/Berlin')).toBeNull()
    expect(fromLocalTime({ date: '', time: '10:00' }, 'Europe/Berlin')).toBeNull()
  })
})

describe('periods', () => {
  it('builds a six-week month starting on Monday with local midnights across the DST change', () => {
    const days = periodDays(
      'month',
      new Date('2026-03-15T12:00:00Z'),
      'Europe/Berlin',
      new Date('2026-03-29T10:00:00Z'),
    )
    expect(days).toHaveLength(42)
    expect(days[0]!.key).toBe('2026-02-23')
    expect(days[41]!.key).toBe('2026-04-05')
    const dstDay = days.find((d) => d.key === '2026-03-29')!
    const after = days.find((d) => d.key === '2026-03-30')!
    expect(dstDay.start.toISOString()).toBe('2026-03-28T23:00:00.000Z')
    // That day lasts 23 hours.
    expect(after.start.getTime() - dstDay.start.getTime()).toBe(23 * 3_600_000)
    expect(dstDay.isToday).toBe(true)
    expect(days.filter((d) => d.inPeriod)).toHaveLength(31)
    // Every key is unique: no day lost or doubled by the shorter day.
    expect(new Set(days.map((d) => d.key)).size).toBe(42)
  })

  it('covers the view exactly with its UTC range', () => {
    expect(periodRange('week', new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin')).toEqual({
      from: '2026-10-18T22:00:00.000Z',
      to: '2026-10-25T22:59:59.999Z',
    })
  })
})

describe('placing posts', () => {
  it('puts a post on the day and hour of the zone, not of UTC', () => {
    // 23:30 UTC is 06:30 the next morning in Jakarta.
    const buckets = bucketByDay(
      [entry('2026-07-14T23:30:00.000Z'), entry('2026-07-14T10:00:00.000Z')],
      'Asia/Jakarta',
    )
    expect([...buckets.keys()]).toEqual(['2026-07-14', '2026-07-15'])
    expect(hourOf('2026-07-14T23:30:00.000Z', 'Asia/Jakarta')).toBe(6)
    expect(dayKey('2026-07-14T23:30:00.000Z', 'UTC')).toBe('2026-07-14')
  })

  it('sorts each day by time', () => {
    const buckets = bucketByDay(
      [entry('2026-07-14T12:00:00.000Z', 'b'), entry('2026-07-14T08:00:00.000Z', 'a')],
      'UTC',
    )
    expect(buckets.get('2026-07-14')!.map((e) => e.key)).toEqual(['a', 'b'])
  })

  it('keeps the wall-clock time when a post is dragged across the DST change', () => {
    // 09:00 in Berlin before the change is 08:00 UTC; after it, 07:00 UTC.
    expect(moveToDay('2026-03-27T08:00:00.000Z', '2026-03-30', 'Europe/Berlin')).toEqual({
      iso: '2026-03-30T07:00:00.000Z',
    })
    // A 02:30 post moved onto the spring-forward day lands at 03:30, and says so.
    expect(moveToDay('2026-03-27T01:30:00.000Z', '2026-03-29', 'Europe/Berlin')?.shiftedTo).toEqual({
      date: '2026-03-29',
      time: '03:30',
    })
    // A drop on the 14:00 row is 14:00, whatever the minutes were; the keyboard's hour nudge keeps them.
    expect(moveToSlot('2026-03-27T08:15:00.000Z', '2026-03-30', 14, 'Europe/Berlin')).toEqual({
      iso: '2026-03-30T12:00:00.000Z',
    })
    expect(moveToSlot('2026-03-27T08:15:00.000Z', '2026-03-30', 14, 'Europe/Berlin', true)).toEqual({
      iso: '2026-03-30T12:15:00.000Z',
    })
  })
})

describe('where the week view opens', () => {
  const zone = 'Asia/Jakarta'
  const week = periodDays('week', new Date('2026-11-24T05:00:00.000Z'), zone)
  const thisWeek = (today: string) => week.map((day) => ({ ...day, isToday: day.key === today }))

  it('at the earliest hour any post of the week goes out, so a 06:56 post is not above the fold', () => {
    // 06:56 on Wednesday and 09:00 on Monday, Jakarta time.
    const byDay = bucketByDay([entry('2026-11-23T02:00:00.000Z'), entry('2026-11-24T23:56:00.000Z')], zone)
    const notToday = week.map((day) => ({ ...day, isToday: false }))
    expect(openingHour(notToday, byDay, zone)).toBe(6)
  })

  it('at the current hour in the current week when that is earlier than its first post', () => {
    const byDay = bucketByDay([entry('2026-11-25T03:00:00.000Z')], zone)
    // 05:20 in Jakarta, before the week's 10:00 post.
    expect(openingHour(thisWeek('2026-11-24'), byDay, zone, new Date('2026-11-23T22:20:00.000Z'))).toBe(5)
    // 15:20, later than the post: the post wins.
    expect(openingHour(thisWeek('2026-11-24'), byDay, zone, new Date('2026-11-24T08:20:00.000Z'))).toBe(10)
  })

  it('at the start of a working day for an empty week that is not this one', () => {
    expect(
      openingHour(
        week.map((day) => ({ ...day, isToday: false })),
        new Map(),
        zone,
      ),
    ).toBe(8)
  })
})

describe('Alt+arrow targets (the keyboard drag)', () => {
  const zone = 'Europe/Berlin'
  it('moves by a day left and right, across a month end, and by a week up and down in the month view', () => {
    const at = '2026-03-31T08:15:00.000Z' // 10:15 in Berlin, summer time
    expect(nudgeTarget('month', at, 'ArrowRight', zone)).toEqual({ day: '2026-04-01' })
    expect(nudgeTarget('month', at, 'ArrowLeft', zone)).toEqual({ day: '2026-03-30' })
    expect(nudgeTarget('month', at, 'ArrowUp', zone)).toEqual({ day: '2026-03-24' })
    expect(nudgeTarget('month', at, 'ArrowDown', zone)).toEqual({ day: '2026-04-07' })
  })

  it('moves by an hour of the zone clock in the week view, past midnight into the next or previous day', () => {
    expect(nudgeTarget('week', '2026-03-31T08:15:00.000Z', 'ArrowDown', zone)).toEqual({
      day: '2026-03-31',
      hour: 11,
    })
    expect(nudgeTarget('week', '2026-03-31T08:15:00.000Z', 'ArrowRight', zone)).toEqual({
      day: '2026-04-01',
      hour: 10,
    })
    // 23:30 in Berlin -> 00:xx the next day; 00:30 -> 23:xx the day before.
    expect(nudgeTarget('week', '2026-01-15T22:30:00.000Z', 'ArrowDown', zone)).toEqual({
      day: '2026-01-16',
      hour: 0,
    })
    expect(nudgeTarget('week', '2026-01-15T23:30:00.000Z', 'ArrowUp', zone)).toEqual({
      day: '2026-01-15',
      hour: 23,
    })
  })

  it('adds days to a day key by the calendar, leap day and year end included', () => {
    expect(addDaysToKey('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDaysToKey('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDaysToKey('2026-03-01', -1)).toBe('2026-02-28')
  })
})
