// The active profile's campaigns reach the page as changes, on a real database file with a second connection
// standing for a second host or the CLI: a commit here or there sends the campaigns it changed and the ids it
// removed, numbered, never the list; another profile's campaigns never travel; a switch tells the page to read
// its list again. The events run on the test's clock, the watch on the test's tick.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Campaign } from '../../../../common/campaigns'
import type { ListChanges } from '../../../../common/list-changes'
import { createCampaignChanges } from '../../../../main/core/campaigns/campaign-changes'
import { createCampaignStore, deleteProfileCampaigns } from '../../../../main/core/campaigns/campaign-store'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { LIST_CHANGES_INTERVAL_MS } from '../../../../main/core/list-publisher'
import { manualClock } from '../../../support/manual-clock'

const opened: AppDatabase[] = []
const closers: Array<() => void> = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
  for (const database of opened.splice(0)) database.close()
})

let drafts = 0
/** Two posts, each its own draft (a draft is in one campaign at most). */
const members = () => [
  { accountId: 'ig', offsetMinutes: 0, draftId: `d${++drafts}` },
  { accountId: 'tt', offsetMinutes: 30, draftId: `d${++drafts}` },
]
const at = '2026-12-01T02:00:00.000Z'

function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-campaign-changes-')), 'mediadeck.db')
  const open = () => {
    const database = openDatabase({ file })
    opened.push(database)
    return database
  }
  const database = open()
  let n = 0
  const campaigns = createCampaignStore(database, { newId: () => `c${++n}` })
  const events: Array<ListChanges<Campaign>> = []
  const time = manualClock(1_000)
  let tick = () => {}
  let profileId = 'p1'
  const changes = createCampaignChanges({
    database,
    campaigns,
    profileId: () => profileId,
    send: (change) => events.push(change),
    timers: time.clock,
    watchTimers: { setInterval: (callback) => (tick = callback), clearInterval: () => (tick = () => {}) },
  })
  closers.push(() => changes.close())
  let m = 0
  return {
    changes,
    campaigns,
    database,
    events,
    later: () => time.advance(LIST_CHANGES_INTERVAL_MS),
    /** Another process on the same file (its own connection, its own ids). */
    other: () => createCampaignStore(open(), { newId: () => `other-${++m}` }),
    tick: () => tick(),
    switchTo: (id: string) => (profileId = id),
  }
}

describe('campaign changes', () => {
  it('sends what a commit here changed and removed, numbered, never the list', async () => {
    const { changes, campaigns, events, later } = setUp()
    const before = campaigns.create({ profileId: 'p1', at, members: members() })
    expect(changes.snapshot()).toEqual({ items: [before], seq: 0 })
    expect(events).toEqual([])

    const made = campaigns.create({ profileId: 'p1', at, members: members() })
    expect(events).toEqual([{ seq: 1, changed: [made], removed: [] }])

    // Within the interval: one event at its end, the final state of both.
    const moved = campaigns.update(made.id, { at: '2026-12-02T02:00:00.000Z' })!
    campaigns.remove(before.id)
    expect(events).toHaveLength(1)
    await later()
    expect(events[1]).toEqual({ seq: 2, changed: [moved], removed: [before.id] })
  })

  it('links of sent posts and a rolled back write: the first is a change, the second none', async () => {
    const { changes, campaigns, database, events, later } = setUp()
    const made = campaigns.create({ profileId: 'p1', at, members: members() })
    changes.snapshot()
    const draftId = made.members[0]!.draftId!
    expect(campaigns.linkSchedules([{ draftId, scheduleId: 's1' }])).toBe(1)
    expect(events.at(-1)?.changed[0]?.members[0]).toEqual({ ...made.members[0], scheduleId: 's1' })
    await later()
    const sent = events.length
    expect(() =>
      database.transaction(() => {
        campaigns.update(made.id, { at: '2026-12-03T02:00:00.000Z' })
        throw new Error('rolled back')
      }),
    ).toThrow('rolled back')
    await later()
    expect(events).toHaveLength(sent)
  })

  it("another process's commit arrives as the same change within the watch", async () => {
    const { changes, events, other, tick, later } = setUp()
    changes.snapshot()
    const elsewhere = other()
    const made = elsewhere.create({ profileId: 'p1', at, members: members() })
    elsewhere.create({ profileId: 'p2', at, members: members() })
    expect(events).toEqual([])
    tick()
    // Only the active profile's campaign travels.
    expect(events).toEqual([{ seq: 1, changed: [made], removed: [] }])
    elsewhere.removeMember(made.id, 'tt')
    await later()
    tick()
    expect(events[1]).toEqual({ seq: 2, changed: [], removed: [made.id] })
  })

  it("tells the page to read the list again once another profile is active; a profile's deletion is a change", async () => {
    const { changes, campaigns, database, events, switchTo, later } = setUp()
    const mine = campaigns.create({ profileId: 'p1', at, members: members() })
    changes.snapshot()
    switchTo('p2')
    campaigns.create({ profileId: 'p2', at, members: members() })
    expect(events).toEqual([{ seq: 1, changed: [], removed: [], reload: true }])
    const snapshot = changes.snapshot()
    expect(snapshot.items.map((c) => c.profileId)).toEqual(['p2'])
    switchTo('p1')
    changes.snapshot()
    await later()
    deleteProfileCampaigns(database, 'p1')
    await later()
    expect(events.at(-1)).toMatchObject({ changed: [], removed: [mine.id] })
  })
})
