// The Instagram grid's swap against the real sandbox over HTTP: two upcoming posts trade their times, each
// written back whole; a post edited on the service since the page saw it refuses the swap and nothing moves;
// when the second PUT fails, the first is put back, unless reading both again shows the write landed (an
// answer lost on the way), the first moved on, or neither can be read.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { mergeScheduleEdit } from '../../../../common/schedule-merge'
import type { Schedule } from '../../../../common/service'
import { emptyScheduleRequest } from '../../../../common/service-vocabulary'
import { swapScheduleTimes, type SeenPost } from '../../../../main/core/insights/grid-swap'
import { createServiceClient, type ServiceClient } from '../../../../main/core/service-client'
import { startSandbox, type RunningSandbox } from '../../../../sandbox'
import { accountRecord, publishedPost } from '../../../support/insights-history'

const HOUR = 3_600_000
const IG = '6f00000000000000000000e1'
const KEYS = { accessKey: 'grid', secretKey: 'grid-secret' }

let sandbox: RunningSandbox
let client: ServiceClient
let n = 0
/** The sandbox's clock: stepped, never waited on. */
let clock = Date.now()

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(mkdtempSync(join(tmpdir(), 'mediadeck-grid-swap-')), 'sandbox'),
    now: () => new Date(clock),
    publisherIntervalMs: 0,
    config: { users: [{ ...KEYS, tier: 'premium', storageLimit: 1e9, seed: 'empty' }] },
  })
  await sandbox.insertRecords(KEYS.accessKey, { accounts: [accountRecord(IG, 'instagram')], schedules: [] })
  client = createServiceClient({ baseUrl: sandbox.url, ...KEYS, retry: { maxRetries: 0 } })
})
afterAll(async () => {
  await client?.close()
  await sandbox?.close()
})
beforeEach(() => sandbox.setFaults({}))

/** Two upcoming posts, one and two days out, with members the grid never shows. */
async function twoUpcoming(): Promise<[Schedule, Schedule]> {
  const at = (days: number) => clock + days * 24 * HOUR
  const ids = [`grid${++n}a`.padEnd(24, '0'), `grid${n}b`.padEnd(24, '0')] as const
  await sandbox.insertRecords(KEYS.accessKey, {
    schedules: [
      {
        ...publishedPost(ids[0], IG, at(1), { description: 'first' }),
        status: 'pending',
        additionalInfo: { collaborators: ['kopi.teman'], isDraft: false },
      },
      { ...publishedPost(ids[1], IG, at(2), { description: 'second' }), status: 'pending' },
    ],
  })
  return [await client.getSchedule(ids[0]), await client.getSchedule(ids[1])]
}
const seen = (s: Schedule): SeenPost => ({ id: s._id, scheduleAt: s.scheduleAt, updatedAt: s.updatedAt })

describe('swapping two upcoming posts', () => {
  it('trades their times on the service and keeps every other member', async () => {
    const [a, b] = await twoUpcoming()
    const result = await swapScheduleTimes(client, seen(a), seen(b))
    expect(result.posts).toEqual([
      { id: a._id, scheduleAt: b.scheduleAt },
      { id: b._id, scheduleAt: a.scheduleAt },
    ])
    const [afterA, afterB] = [await client.getSchedule(a._id), await client.getSchedule(b._id)]
    expect(Date.parse(afterA.scheduleAt)).toBe(Date.parse(b.scheduleAt))
    expect(Date.parse(afterB.scheduleAt)).toBe(Date.parse(a.scheduleAt))
    expect(afterA.description).toBe('first')
    expect(afterA.additionalInfo).toMatchObject({ collaborators: ['kopi.teman'] })
    expect(afterA.status).toBe('pending')
  })

  it('is refused, and moves nothing, when a post was edited on the service since the page saw it', async () => {
    const [a, b] = await twoUpcoming()
    // Someone else edits the second post meanwhile (another device, the service's own app).
    const other = createServiceClient({ baseUrl: sandbox.url, ...KEYS, retry: { maxRetries: 0 } })
    clock += 60_000
    await other.updateSchedule(
      b._id,
      mergeScheduleEdit(mergeScheduleEdit(emptyScheduleRequest(), b), {
        description: 'edited elsewhere',
      }) as never,
    )
    await other.close()

    const refused = await swapScheduleTimes(client, seen(a), seen(b)).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('grid-moved-on')
    expect(Date.parse((await client.getSchedule(a._id)).scheduleAt)).toBe(Date.parse(a.scheduleAt))
    expect(Date.parse((await client.getSchedule(b._id)).scheduleAt)).toBe(Date.parse(b.scheduleAt))
  })

  it('is refused when a post moved to another time since the page saw it', async () => {
    const [a, b] = await twoUpcoming()
    const stale = { ...seen(a), scheduleAt: new Date(Date.parse(a.scheduleAt) - HOUR).toISOString() }
    const refused = await swapScheduleTimes(client, stale, seen(b)).catch((e: unknown) => e)
    expect((refused as AppError).code).toBe('grid-moved-on')
    expect(Date.parse((await client.getSchedule(b._id)).scheduleAt)).toBe(Date.parse(b.scheduleAt))
  })

  it('puts the first post back when the second PUT fails', async () => {
    const [a, b] = await twoUpcoming()
    sandbox.setFaults({ scheduleUpdateFailIds: [b._id] })
    const failed = await swapScheduleTimes(client, seen(a), seen(b)).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(AppError)
    expect((failed as AppError).kind).toBe('server')
    sandbox.setFaults({})
    const afterA = await client.getSchedule(a._id)
    // Written twice (moved, then put back): at its own time again, nothing else lost.
    expect(Date.parse(afterA.scheduleAt)).toBe(Date.parse(a.scheduleAt))
    expect(afterA.updatedAt).not.toBe(a.updatedAt)
    expect(afterA.additionalInfo).toMatchObject({ collaborators: ['kopi.teman'] })
    expect(Date.parse((await client.getSchedule(b._id)).scheduleAt)).toBe(Date.parse(b.scheduleAt))
  })

  it('keeps the swap when the second PUT was applied but its answer was lost, rather than undo into one slot', async () => {
    const [a, b] = await twoUpcoming()
    sandbox.setFaults({ scheduleUpdateLostIds: [b._id] })
    const result = await swapScheduleTimes(client, seen(a), seen(b))
    sandbox.setFaults({})
    expect(result.posts.map((p) => p.id)).toEqual([a._id, b._id])
    const [afterA, afterB] = [await client.getSchedule(a._id), await client.getSchedule(b._id)]
    expect(Date.parse(afterA.scheduleAt)).toBe(Date.parse(b.scheduleAt))
    expect(Date.parse(afterB.scheduleAt)).toBe(Date.parse(a.scheduleAt))
  })

  it('writes nothing back when the posts cannot be read again after the second PUT failed', async () => {
    const [a, b] = await twoUpcoming()
    // The service answers again for writes but not for reads once the second write failed: where the second
    // post is cannot be told, so putting the first back could as well make the collision as mend it.
    let failed = false
    const writes: string[] = []
    const flaky = {
      getSchedule: async (id: string) => {
        if (failed) throw new AppError({ kind: 'network', message: 'unreachable' })
        return client.getSchedule(id)
      },
      updateSchedule: async (id: string, body: Parameters<ServiceClient['updateSchedule']>[1]) => {
        writes.push(id)
        try {
          await client.updateSchedule(id, body)
        } catch (error) {
          failed = true
          throw error
        }
      },
    }
    sandbox.setFaults({ scheduleUpdateFailIds: [b._id] })
    const outcome = await swapScheduleTimes(flaky, seen(a), seen(b)).catch((e: unknown) => e)
    sandbox.setFaults({})
    expect((outcome as AppError).code).toBe('grid-undo-failed')
    expect(writes).toEqual([a._id, b._id])
  })

  it('does not put the first post back over a move made by someone else meanwhile', async () => {
    const [a, b] = await twoUpcoming()
    const elsewhere = new Date(Date.parse(a.scheduleAt) + 5 * HOUR).toISOString()
    // Between the failed second write and the undo, another device moves the first post.
    const racing = {
      getSchedule: (id: string) => client.getSchedule(id),
      updateSchedule: async (id: string, body: Parameters<ServiceClient['updateSchedule']>[1]) => {
        try {
          await client.updateSchedule(id, body)
        } catch (error) {
          const now = await client.getSchedule(a._id)
          clock += 60_000
          await client.updateSchedule(
            a._id,
            mergeScheduleEdit(mergeScheduleEdit(emptyScheduleRequest(), now as never), {
              scheduleAt: elsewhere,
            }) as never,
          )
          throw error
        }
      },
    }
    sandbox.setFaults({ scheduleUpdateFailIds: [b._id] })
    const failed = await swapScheduleTimes(racing, seen(a), seen(b)).catch((e: unknown) => e)
    sandbox.setFaults({})
    expect((failed as AppError).kind).toBe('server')
    expect(Date.parse((await client.getSchedule(a._id)).scheduleAt)).toBe(Date.parse(elsewhere))
    expect(Date.parse((await client.getSchedule(b._id)).scheduleAt)).toBe(Date.parse(b.scheduleAt))
  })
})
