import { describe, expect, it } from 'vitest'
import {
  MAX_OFFSET_MINUTES,
  isEditableStatus,
  isValidOffset,
  memberTime,
  sumStatuses,
} from '../../../common/campaigns'

describe('sumStatuses', () => {
  it('counts the posts per bucket, failures first, empty buckets left out', () => {
    expect(sumStatuses(['success', 'error', 'success'])).toEqual([
      { status: 'failed', count: 1 },
      { status: 'published', count: 2 },
    ])
  })
  it('puts local and service statuses in the same buckets', () => {
    expect(
      sumStatuses([
        'queued',
        'pending',
        'scheduled',
        'draft',
        'sending',
        'process',
        'needs-attention',
        'failed',
      ]),
    ).toEqual([
      { status: 'failed', count: 2 },
      { status: 'publishing', count: 2 },
      { status: 'scheduled', count: 2 },
      // In this computer's outbox only: not on the service yet.
      { status: 'waiting', count: 1 },
      { status: 'draft', count: 1 },
    ])
  })
  it('is empty for no posts', () => {
    expect(sumStatuses([])).toEqual([])
  })
})

describe('offsets', () => {
  it('takes whole minutes within 12 hours either way', () => {
    expect(MAX_OFFSET_MINUTES).toBe(720)
    expect([0, 30, -720, 720].every(isValidOffset)).toBe(true)
    expect([721, -721, 0.5, Number.NaN].some(isValidOffset)).toBe(false)
  })
  it('moves the campaign time by the offset', () => {
    expect(memberTime('2026-12-01T02:00:00.000Z', 30)).toBe('2026-12-01T02:30:00.000Z')
    expect(memberTime('2026-12-01T02:00:00.000Z', -720)).toBe('2026-11-30T14:00:00.000Z')
  })
})

describe('isEditableStatus', () => {
  it('locks published and publishing posts only', () => {
    expect(
      ['draft', 'queued', 'pending', 'error', 'failed'].every((s) => isEditableStatus(s as 'draft')),
    ).toBe(true)
    expect(['success', 'process', 'sending', 'scheduled'].some((s) => isEditableStatus(s as 'draft'))).toBe(
      false,
    )
  })
})
