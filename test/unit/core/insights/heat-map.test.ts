// The day × hour map and the best slots against a seeded year whose best slot is known: Tuesday 20:00 in
// Jakarta, on a history drawn at random hours with ±20 % noise per post.
import { describe, expect, it } from 'vitest'
import {
  bestSlots,
  heatMap,
  localSlot,
  median,
  MIN_POSTS_PER_SLOT,
  type ScoredPost,
} from '../../../../main/core/insights/heat-map'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const JAKARTA = 'Asia/Jakarta'

/** mulberry32: the same year every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Tuesday 20:00 Jakarta is the best; evenings and Tuesdays are good; nights are poor. */
function pattern(weekday: number, hour: number): number {
  const day = weekday === 2 ? 1.5 : weekday === 0 || weekday === 6 ? 0.7 : 1
  const evening = 0.4 + Math.exp(-((hour - 20) ** 2) / 8)
  return day * evening
}

/** A year of posts, 2,000 of them, at random hours; engagement from the pattern in Jakarta time. */
function seededYear(): ScoredPost[] {
  const random = seeded(20260715)
  const start = Date.UTC(2025, 6, 1)
  return Array.from({ length: 2000 }, () => {
    const publishedAt = start + Math.floor(random() * 365 * 24) * HOUR
    const slot = localSlot(publishedAt, JAKARTA)
    const engagement = Math.round(200 * pattern(slot.weekday, slot.hour) * (0.8 + 0.4 * random()))
    return { publishedAt, engagement }
  })
}

describe('heatMap', () => {
  const year = seededYear()

  it('finds the seeded best slot, with the count of posts behind each cell', () => {
    const map = heatMap(year, JAKARTA)
    expect(map.cells).toHaveLength(7 * 24)
    expect(map.cells.reduce((n, c) => n + c.posts, 0)).toBe(2000)
    const best = map.cells.filter((c) => !c.thin).reduce((a, b) => ((b.score ?? 0) > (a.score ?? 0) ? b : a))
    expect({ weekday: best.weekday, hour: best.hour }).toEqual({ weekday: 2, hour: 20 })
    expect(map.median).toBe(median(year.map((p) => p.engagement)))
    // Scores are against the account's median: the usual post scores about 1, the best cell well above.
    expect(best.score!).toBeGreaterThan(1.5)
  })

  it('reads days and hours on the clock it is given', () => {
    const utc = heatMap(year, 'UTC')
    const best = utc.cells.reduce((a, b) => ((b.score ?? 0) > (a.score ?? 0) && !b.thin ? b : a))
    // 20:00 in Jakarta (UTC+7) is 13:00 UTC, the same Tuesday.
    expect({ weekday: best.weekday, hour: best.hour }).toEqual({ weekday: 2, hour: 13 })
  })

  it('marks a cell with fewer than 3 posts and never offers it, however well its posts did', () => {
    // Three posts at the usual hour, two lucky ones on Sunday at 04:00 (Jakarta).
    const monday = Date.parse('2026-07-13T12:00:00+07:00')
    const sunday = Date.parse('2026-07-12T04:00:00+07:00')
    const posts: ScoredPost[] = [
      ...[0, 7, 14].map((w) => ({ publishedAt: monday - w * 7 * DAY, engagement: 100 })),
      ...[0, 7].map((w) => ({ publishedAt: sunday - w * 7 * DAY, engagement: 5000 })),
    ]
    const map = heatMap(posts, JAKARTA)
    const sundayCell = map.cells.find((c) => c.weekday === 0 && c.hour === 4)!
    expect(sundayCell).toMatchObject({ posts: 2, thin: true })
    expect(sundayCell.score).toBe(50)
    expect(MIN_POSTS_PER_SLOT).toBe(3)
    const mondayCell = map.cells.find((c) => c.weekday === 1 && c.hour === 12)!
    expect(mondayCell).toMatchObject({ posts: 3, thin: false, score: 1 })
    // Monday noon is only as good as usual (1×): nothing did better with enough posts behind it.
    expect(bestSlots(map, { now: Date.parse('2026-07-15T00:00:00Z') })).toEqual([])
  })

  it('scores an account whose usual post gets nothing against 1, not against zero', () => {
    const at = Date.parse('2026-07-13T12:00:00+07:00')
    const map = heatMap(
      [0, 1, 2, 3, 4].map((w) => ({ publishedAt: at - w * 7 * DAY, engagement: w === 0 ? 4 : 0 })),
      JAKARTA,
    )
    expect(map.median).toBe(0)
    expect(map.cells.find((c) => c.posts > 0)!.score).toBeCloseTo(0.8)
  })
})

describe('bestSlots', () => {
  const map = heatMap(seededYear(), JAKARTA)
  /** Wednesday 15 July 2026, 10:00 in Jakarta. */
  const now = Date.parse('2026-07-15T10:00:00+07:00')

  it('offers the three best trusted slots of the coming week, each at its next start', () => {
    const slots = bestSlots(map, { now })
    expect(slots).toHaveLength(3)
    expect(slots[0]).toMatchObject({ weekday: 2, hour: 20 })
    // The next Tuesday 20:00 after Wednesday 15 July is the 21st.
    expect(new Date(slots[0]!.at).toISOString()).toBe('2026-07-21T13:00:00.000Z')
    for (const s of slots) {
      expect(s.at).toBeGreaterThan(now)
      expect(s.at).toBeLessThanOrEqual(now + 7 * DAY)
      expect(s.posts).toBeGreaterThanOrEqual(MIN_POSTS_PER_SLOT)
      expect(localSlot(s.at, JAKARTA)).toEqual({ weekday: s.weekday, hour: s.hour, minute: 0 })
    }
    expect(slots.map((s) => s.score)).toEqual([...slots.map((s) => s.score)].sort((a, b) => b - a))
  })

  it('passes over a slot the account already posts at, and offers the next best', () => {
    const free = bestSlots(map, { now })
    const taken = [free[0]!.at + 10 * 60_000]
    const slots = bestSlots(map, { now, taken, gapMs: 30 * 60_000 })
    expect(slots.map((s) => s.at)).not.toContain(free[0]!.at)
    expect(slots[0]).toEqual(free[1])
    expect(slots).toHaveLength(3)
  })

  it('starts a slot on the hour of a half-hour time zone', () => {
    const india = heatMap(seededYear(), 'Asia/Kolkata')
    const [first] = bestSlots(india, { now })
    expect(first).toBeDefined()
    expect(localSlot(first!.at, 'Asia/Kolkata').minute).toBe(0)
    expect(new Date(first!.at).getUTCMinutes()).toBe(30)
  })
})
