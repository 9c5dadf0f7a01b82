// A post of the service moved from the planner while the calendar's refresh hangs and the post was edited on
// the service's website meanwhile: the move is laid over the post as the service holds it, so the edit
// survives; a post that is no longer waiting to go out is refused by name and left alone. Against a real
// sandbox over HTTP, through the service handlers, the page's copy built as the planner builds it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import { emptyScheduleRequest, type CreateScheduleRequest, type Schedule } from '../../../common/service'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../main/core/db/database'
import type { ActiveService } from '../../../main/core/ports'
import { createReplica } from '../../../main/core/replica/replica'
import type { ServiceClient } from '../../../main/core/service-client'
import { createServiceHandlers } from '../../../main/handlers/service-handlers'
import type { RunningSandbox } from '../../../sandbox/index'
import { clientFor, connectedAccountId, sandboxOn } from '../drafts/helpers'

let root: string
let service: RunningSandbox
let real: ServiceClient
let database: AppDatabase
let hang = false

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'post-move-fresh-'))
  service = await sandboxOn(join(root, 'service'))
  real = clientFor(service.url)
  database = openDatabase({ file: join(root, DATABASE_FILE) })
})
afterAll(async () => {
  database?.close()
  await real?.close()
  await service?.close()
  rmSync(root, { recursive: true, force: true })
})

/** The service, whose list of posts (the calendar's refresh) never answers while `hang` is set. */
const slowList: ServiceClient = new Proxy({} as ServiceClient, {
  get(_target, key) {
    if (key === 'listSchedules' && hang) return () => new Promise(() => undefined)
    return Reflect.get(real, key)
  },
})

/** A post of the service as the planner's copy writes it back (renderer/lib/planner/composer-form.ts). */
const postOfSchedule = (post: Schedule): CreateScheduleRequest =>
  mergeScheduleEdit(emptyScheduleRequest(), post as unknown as CreateScheduleRequest)

function handlers() {
  const replica = createReplica({ database, profileId: 'p', identity: 'p' })
  return createServiceHandlers({
    active: () => ({ client: slowList }) as ActiveService,
    replica: () => replica,
    database,
    emit: () => undefined,
  })
}

describe('a post moved from the planner', () => {
  it('is moved over the post as the service holds it: an edit made on the website while the refresh hangs survives', async () => {
    const call = handlers()
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 1))
    const range = { from: start.toISOString(), to: new Date(start.getTime() + 28 * 86_400_000).toISOString() }
    const accountId = await connectedAccountId(real)
    const { scheduleId } = await real.createSchedule({
      ...emptyScheduleRequest(),
      type: 'text',
      title: 'Promo',
      description: 'as the calendar read it',
      accountId,
      scheduleAt: new Date(start.getTime() + 86_400_000).toISOString(),
    })
    const [copy] = (await call['schedules:list'](range)).value.filter((p) => (p.id ?? p._id) === scheduleId)
    expect(copy).toBeDefined()

    // The calendar's next refresh hangs; meanwhile the post is edited on the service's website.
    hang = true
    void call['schedules:list'](range).catch(() => undefined)
    await real.updateSchedule(scheduleId, {
      ...postOfSchedule(await real.getSchedule(scheduleId)),
      description: 'edited on the website',
    })

    // Alt+ArrowRight: the page's copy with the next day's time, and the copy it was made on.
    const base = postOfSchedule(copy!)
    const moved = new Date(start.getTime() + 2 * 86_400_000).toISOString()
    await call['schedules:update']({ id: scheduleId, post: { ...base, scheduleAt: moved }, base })
    const now = await real.getSchedule(scheduleId)
    expect(now.description).toBe('edited on the website')
    expect(new Date(now.scheduleAt).toISOString()).toBe(moved)
    hang = false
  })

  it('is refused, naming why, once the post is no longer waiting to go out; nothing is sent', async () => {
    const call = handlers()
    const published = (await real.listSchedules({ page: 1, limit: 100, status: 'success' })).docs[0]!
    const id = published.id ?? published._id
    const base = postOfSchedule(published)
    await expect(
      call['schedules:update']({ id, post: { ...base, description: 'changed' }, base }),
    ).rejects.toMatchObject({ kind: 'validation', code: 'post-moved-on', params: { status: 'success' } })
    expect((await real.getSchedule(id)).description).toBe(published.description)
  })
})
