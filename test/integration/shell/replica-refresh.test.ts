// schedules:list through the service handlers, against a real sandbox over HTTP, into a replica on a real
// database file: a refresh whose second page fails merges what arrived and deletes nothing; the next complete
// refresh drops the post deleted on the service. The client pages by 2 (the handlers ask for 100) so a month
// of three posts spans two pages; a page's failure is a network error, as a dropped connection gives.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReplicaPeek } from '../../../common/contract'
import { AppError } from '../../../common/errors'
import { emptyScheduleRequest } from '../../../common/service'
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
let failPage: number | undefined

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'replica-refresh-'))
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

const paging: ServiceClient = new Proxy({} as ServiceClient, {
  get(_target, key) {
    if (key === 'listSchedules')
      return async (query: Parameters<ServiceClient['listSchedules']>[0]) => {
        if (query.page === failPage) throw new AppError({ kind: 'network', message: 'connection reset' })
        return real.listSchedules({ ...query, limit: 2 })
      }
    return Reflect.get(real, key)
  },
})

describe('a refresh of a month of posts', () => {
  it('merges a partial refresh and drops a deleted post at the next complete one', async () => {
    const replica = createReplica({ database, profileId: 'p', identity: 'p' })
    const handlers = createServiceHandlers({
      active: () => ({ client: paging }) as ActiveService,
      replica: () => replica,
      database,
      emit: () => undefined,
    })
    // A month a year ahead: the demo seed has nothing there.
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1))
    const range = {
      from: start.toISOString(),
      to: new Date(Date.UTC(start.getUTCFullYear(), 6, 1) - 1).toISOString(),
    }
    const accountId = await connectedAccountId(real)
    const day = (d: number) => new Date(start.getTime() + d * 86_400_000).toISOString()
    const create = async (title: string, at: string) =>
      (
        await real.createSchedule({
          ...emptyScheduleRequest(),
          type: 'text',
          title,
          accountId,
          scheduleAt: at,
        })
      ).scheduleId
    const first = await create('first', day(1))
    await create('second', day(2))
    await create('third', day(3))
    const titles = () =>
      ((replica.peek({ what: 'schedules', request: range }) as ReplicaPeek<'schedules'>)?.value ?? []).map(
        (p) => p.title,
      )

    expect((await handlers['schedules:list'](range)).value.map((p) => p.title)).toEqual([
      'first',
      'second',
      'third',
    ])

    // On the service: the first is deleted, a fourth is added at the start of the month. The refresh's
    // second page fails: what arrived (fourth, second) is merged, nothing is deleted.
    await real.deleteSchedule(first)
    await create('fourth', day(0))
    failPage = 2
    const partial = await handlers['schedules:list'](range)
    expect(partial.stale).toBe(true)
    expect(titles()).toEqual(['fourth', 'first', 'second', 'third'])

    // Every page arrives: the deleted post is gone.
    failPage = undefined
    expect((await handlers['schedules:list'](range)).stale).toBe(false)
    expect(titles()).toEqual(['fourth', 'second', 'third'])
  })
})
