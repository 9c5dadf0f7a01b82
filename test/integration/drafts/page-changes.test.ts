// What the page hears of the drafts, through the real handlers, drafts outbox and database on disk: after a
// save, the one draft that changed (not the profile's whole list, 6.8 MB at 10,000 drafts before), numbered so
// the page can tell a missed one; another process's commits as changes too, removals included; a profile switch
// as "read the list again"; and a page applying every change while the CLI imports ends with the list main holds.
// The change events run on the test's clock.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import type { Draft } from '../../../common/drafts'
import { applyChanges, changeStep, type ListChanges } from '../../../common/list-changes'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { openDraftStore } from '../../../main/core/drafts/draft-store'
import type { ActiveService } from '../../../main/core/ports'
import type { HandlerDeps } from '../../../main/handlers/types'
import { LIST_CHANGES_INTERVAL_MS } from '../../../main/core/list-publisher'
import { draftHandlersOver } from '../../support/draft-handlers'
import { manualClock } from '../../support/manual-clock'
import { sampleDraft, samplePost } from '../../unit/core/drafts/helpers'
import { tempFolder } from './helpers'

let dataDir: string
let cleanup: () => Promise<void>
const disposers: Array<() => void | Promise<void>> = []

beforeEach(async () => {
  const folder = await tempFolder('page-changes-')
  cleanup = folder.cleanup
  dataDir = path.join(folder.dir, 'data')
  mkdirSync(dataDir, { recursive: true })
})
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose()
  await cleanup()
})

const offline: ConnectionState = {
  status: 'offline',
  mode: 'sandbox',
  profileId: 'sandbox',
  profileName: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1',
  lastCheckedAt: null,
}

/** The handlers of an app whose data folder holds `count` drafts already (written as another process would). */
async function appWith(count: number) {
  const database = openDatabase({ file: path.join(dataDir, DATABASE_FILE) })
  disposers.push(() => database.close())
  const seeded = await openDraftStore(database)
  seeded.putMany(
    Array.from({ length: count }, (_, i) =>
      sampleDraft({ id: `seed-${i}`, post: samplePost({ description: `post ${i} `.repeat(20) }) }),
    ),
  )
  const events: Array<ListChanges<Draft>> = []
  const switches: Array<(active: ActiveService) => void> = []
  let profileId = 'sandbox'
  const active = () => ({ profileId, mode: 'sandbox' }) as ActiveService
  const time = manualClock(1_000)
  const deps: HandlerDeps = {
    dataDir,
    active,
    onActiveChanged: (listener) => {
      switches.push(listener)
      return () => undefined
    },
    connection: {
      current: () => offline,
      isOnline: () => false,
      check: async () => offline,
      onChange: () => () => undefined,
    },
    emit: (name, payload) => {
      if (name === 'drafts:changed') events.push(payload as ListChanges<Draft>)
    },
    onDispose: (dispose) => void disposers.push(dispose),
  }
  const app = draftHandlersOver(deps, { database, timers: time.clock })
  const switchTo = (next: string) => {
    profileId = next
    for (const listener of switches) listener(active())
  }
  return { app, events, time, database, switchTo }
}

/** The bytes one save sends the page, once its list is open. */
async function bytesOfOneSave(count: number): Promise<number> {
  const { app, events, time } = await appWith(count)
  const { items, seq } = await app['drafts:snapshot'](undefined)
  expect(items).toHaveLength(count)
  const draft = items[0]!
  await time.advance(LIST_CHANGES_INTERVAL_MS)
  const before = events.length
  await app['drafts:save']({
    id: draft.id,
    revision: draft.revision,
    post: { ...draft.post, description: `${draft.post.description}!` },
    localMedia: [],
  })
  await time.advance(LIST_CHANGES_INTERVAL_MS)
  const sent = events.slice(before)
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({ seq: seq + 1, removed: [] })
  expect(sent[0]!.changed.map((d) => d.id)).toEqual([draft.id])
  return JSON.stringify(sent[0]).length
}

describe('the drafts the page hears of', () => {
  it('after a save of one draft, the same few bytes whether the profile holds 10 drafts or 2,000', async () => {
    const few = await bytesOfOneSave(10)
    for (const dispose of disposers.splice(0).reverse()) await dispose()
    const many = await bytesOfOneSave(2_000)
    expect(many).toBe(few)
    expect(many).toBeLessThan(2_000)
  })

  it("hears another process's commits as changes, removals included, at the watch's look", async () => {
    const { app, events, time } = await appWith(3)
    const { seq } = await app['drafts:snapshot'](undefined)
    // Another process (the CLI) on its own connection.
    const other = openDatabase({ file: path.join(dataDir, DATABASE_FILE) })
    disposers.push(() => other.close())
    const cli = await openDraftStore(other)
    cli.put(sampleDraft({ id: 'from-cli' }))
    cli.remove('seed-1')
    // What the watch does at its look (every 1 s), and a list asked for does first: read the change log past
    // what this process read.
    await app['drafts:list'](undefined)
    await time.advance(LIST_CHANGES_INTERVAL_MS)
    const heard = events.filter((event) => event.seq > seq)
    expect(heard.flatMap((event) => event.changed.map((d) => d.id))).toEqual(['from-cli'])
    expect(heard.flatMap((event) => event.removed)).toEqual(['seed-1'])
    expect(heard.map((event) => event.seq)).toEqual(heard.map((_, index) => seq + 1 + index))
  })

  it('a page applying each change ends with the list main holds while the CLI imports 1,000 drafts and it edits', async () => {
    const { app, events, time } = await appWith(50)
    const first = await app['drafts:snapshot'](undefined)
    // The page's side by the rule its stores follow (common/list-changes.ts, renderer/lib/list-mirror.ts):
    // each change applied in turn, the list read whole on a missed number.
    let held = new Map(first.items.map((d) => [d.id, d]))
    let seq = first.seq
    let reloads = 0
    let delivered = 0
    const deliver = async () => {
      for (const event of events.slice(delivered)) {
        const step = changeStep(seq, event)
        if (step === 'apply') {
          held = new Map(applyChanges([...held.values()], event).map((d) => [d.id, d]))
          seq = event.seq
        } else if (step === 'reload') {
          reloads++
          const whole = await app['drafts:snapshot'](undefined)
          held = new Map(whole.items.map((d) => [d.id, d]))
          seq = whole.seq
        }
      }
      delivered = events.length
    }
    // The CLI on its own connection: its import commits 100 rows at a time and drops a draft each time, while
    // the page saves an edit of one it shows, on the revision it holds.
    const other = openDatabase({ file: path.join(dataDir, DATABASE_FILE) })
    disposers.push(() => other.close())
    const cli = await openDraftStore(other)
    for (let batch = 0; batch < 10; batch++) {
      cli.putMany(Array.from({ length: 100 }, (_, i) => sampleDraft({ id: `cli-${batch * 100 + i}` })))
      cli.remove(`seed-${batch}`)
      const shown = held.get(`seed-${20 + batch}`)!
      await app['drafts:save']({
        id: shown.id,
        revision: shown.revision,
        post: { ...shown.post, description: `edited ${batch}` },
        localMedia: [],
      })
      // The watch's look at the change log (every second), then the interval's end.
      await app['drafts:list'](undefined)
      await time.advance(LIST_CHANGES_INTERVAL_MS)
      await deliver()
    }
    const final = await app['drafts:snapshot'](undefined)
    await deliver()
    const view = (drafts: Iterable<Draft>) =>
      [...drafts]
        .map((d) => [d.id, d.revision, d.post.description] as const)
        .sort(([a], [b]) => a.localeCompare(b))
    expect(final.items).toHaveLength(50 + 1_000 - 10)
    expect(view(held.values())).toEqual(view(final.items))
    // Changes all the way: no whole list read again, and a few events, not one a row.
    expect(reloads).toBe(0)
    expect(events.filter((event) => event.seq > first.seq).length).toBeLessThanOrEqual(20)
  })

  it('a profile switch tells the page to read its list again, whole', async () => {
    const { app, events, switchTo } = await appWith(2)
    await app['drafts:snapshot'](undefined)
    switchTo('work')
    expect(events.at(-1)).toMatchObject({ reload: true, changed: [], removed: [] })
    expect((await app['drafts:snapshot'](undefined)).items).toEqual([])
  })
})
