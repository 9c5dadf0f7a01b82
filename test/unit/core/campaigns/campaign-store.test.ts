// The campaigns repository on a real database file: what is written is what another connection (the CLI, a
// restart) reads, offsets outside ±12 h are refused, and a campaign of fewer than two posts is no campaign.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCampaignStore, forgetCampaignSchedules } from '../../../../main/core/campaigns/campaign-store'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})
function open(file = join(mkdtempSync(join(tmpdir(), 'mediadeck-campaigns-')), 'mediadeck.db')) {
  const database = openDatabase({ file })
  opened.push(database)
  let n = 0
  const store = createCampaignStore(database, {
    now: () => new Date('2026-11-26T10:00:00Z'),
    newId: () => `c${++n}`,
  })
  return { file, database, store }
}

const members = [
  { accountId: 'ig', offsetMinutes: 0, draftId: 'd1' },
  { accountId: 'tt', offsetMinutes: 30, draftId: 'd2' },
  { accountId: 'x', offsetMinutes: -720, draftId: 'd3' },
]

describe('campaign store', () => {
  it('keeps a campaign with its members in order, readable by another connection', () => {
    const { file, store } = open()
    const created = store.create({ profileId: 'p1', at: '2026-12-01T02:00:00.000Z', members })
    expect(created).toMatchObject({ id: 'c1', profileId: 'p1', at: '2026-12-01T02:00:00.000Z', members })

    const other = open(file).store
    expect(other.get('c1')?.members).toEqual(members)
    expect(other.listForProfile('p1').map((c) => c.id)).toEqual(['c1'])
    expect(other.listForProfile('p2')).toEqual([])
    expect(other.byDraft('d2')?.id).toBe('c1')
    expect(other.byDraft('nope')).toBeUndefined()
  })

  it('refuses an offset past 12 hours either way, or not in whole minutes, and keeps nothing', () => {
    const { store } = open()
    for (const offsetMinutes of [721, -721, 1.5]) {
      expect(() =>
        store.create({
          profileId: 'p1',
          at: '2026-12-01T02:00:00.000Z',
          members: [
            { accountId: 'ig', offsetMinutes: 0 },
            { accountId: 'tt', offsetMinutes },
          ],
        }),
      ).toThrow(/between -12 h and \+12 h/)
    }
    expect(store.listForProfile('p1')).toEqual([])
  })

  it('refuses a campaign of one account and an account listed twice', () => {
    const { store } = open()
    const at = '2026-12-01T02:00:00.000Z'
    expect(() => store.create({ profileId: 'p1', at, members: [members[0]!] })).toThrow(/two or more/)
    expect(() => store.create({ profileId: 'p1', at, members: [members[0]!, members[0]!] })).toThrow(
      /listed twice/,
    )
  })

  it('links sent drafts to the service ids once, and follows a replaced post', () => {
    const { store } = open()
    store.create({ profileId: 'p1', at: '2026-12-01T02:00:00.000Z', members })
    expect(
      store.linkSchedules([
        { draftId: 'd1', scheduleId: 's1' },
        { draftId: 'zz', scheduleId: 's9' },
      ]),
    ).toBe(1)
    expect(store.linkSchedules([{ draftId: 'd1', scheduleId: 's1' }])).toBe(0)
    store.replaceSchedule('s1', 's1b')
    expect(store.get('c1')?.members[0]).toEqual({
      accountId: 'ig',
      offsetMinutes: 0,
      draftId: 'd1',
      scheduleId: 's1b',
    })
  })

  it('removing an account keeps the others; the campaign goes when one post is left', () => {
    const { store } = open()
    store.create({ profileId: 'p1', at: '2026-12-01T02:00:00.000Z', members })
    expect(store.removeMember('c1', 'tt')?.members.map((m) => m.accountId)).toEqual(['ig', 'x'])
    expect(store.removeMember('c1', 'x')).toBeUndefined()
    expect(store.get('c1')).toBeUndefined()
    expect(store.byDraft('d1')).toBeUndefined()
  })

  it('updates the time and the members whole', () => {
    const { store } = open()
    store.create({ profileId: 'p1', at: '2026-12-01T02:00:00.000Z', members })
    const next = store.update('c1', {
      at: '2026-12-02T02:00:00.000Z',
      members: [members[2]!, { ...members[0]!, offsetMinutes: 15 }],
    })
    expect(next?.at).toBe('2026-12-02T02:00:00.000Z')
    expect(next?.members.map((m) => [m.accountId, m.offsetMinutes])).toEqual([
      ['x', -720],
      ['ig', 15],
    ])
    expect(() =>
      store.update('c1', { members: [{ accountId: 'ig', offsetMinutes: 800 }, members[1]!] }),
    ).toThrow()
    expect(store.get('c1')?.members).toHaveLength(2)
  })

  it('forgets the posts a profile’s campaigns name on its old account, keeping the members still drafts', () => {
    const { database, store } = open()
    // c1: one draft left once the old account's posts go, so no campaign. c2: two drafts left, kept.
    store.create({ profileId: 'p1', at: '2026-12-01T02:00:00.000Z', members })
    store.create({
      profileId: 'p1',
      at: '2026-12-02T02:00:00.000Z',
      members: [
        { accountId: 'ig', offsetMinutes: 0, draftId: 'd4' },
        { accountId: 'tt', offsetMinutes: 0, draftId: 'd5' },
        { accountId: 'x', offsetMinutes: 0, draftId: 'd6' },
      ],
    })
    const other = store.create({
      profileId: 'p2',
      at: '2026-12-01T02:00:00.000Z',
      members: [
        { accountId: 'ig', offsetMinutes: 0, draftId: 'o1' },
        { accountId: 'tt', offsetMinutes: 0, draftId: 'o2' },
      ],
    })
    store.linkSchedules([
      { draftId: 'd2', scheduleId: 's2' },
      { draftId: 'd3', scheduleId: 's3' },
      { draftId: 'd6', scheduleId: 's6' },
      { draftId: 'o1', scheduleId: 'o-s1' },
    ])

    forgetCampaignSchedules(database, 'p1')

    expect(store.get('c1')).toBeUndefined()
    expect(store.get('c2')?.members.map((m) => m.draftId)).toEqual(['d4', 'd5'])
    for (const scheduleId of ['s2', 's3', 's6']) expect(store.idOf({ scheduleId })).toBeUndefined()
    // Another profile's campaign, service ids and all, is left as it was.
    expect(store.get(other.id)?.members).toHaveLength(2)
    expect(store.idOf({ scheduleId: 'o-s1' })).toBe(other.id)
  })
})
