// schedules:list through the service handlers, against a real sandbox over HTTP, into a replica on a real
// database file: a refresh whose second page fails merges what arrived and deletes nothing; the next complete
// refresh drops the post deleted on the service. The client pages by 2 (the handlers ask for 100) so a month
// of three posts spans two pages; a page's failure is a network error, as a dropped connection gives.
import { describe, expect, it } from 'vitest'
import type { ReplicaPeek } from '../../../common/contract'
import { AppError } from '../../../common/errors'
import { emptyScheduleRequest } from '../../../common/service'
import type { ServiceClient } from '../../../main/core/service-client'
import { connectedAccountId } from '../drafts/helpers'
import { useHandlersOnSandbox } from './handlers-on-sandbox'

const sandbox = useHandlersOnSandbox('replica-refresh-')
let failPage: number | undefined

const paging = sandbox.listing(() => async (query: Parameters<ServiceClient['listSchedules']>[0]) => {
  if (query.page === failPage) throw new AppError({ kind: 'network', message: 'connection reset' })
  return sandbox.real.listSchedules({ ...query, limit: 2 })
})

describe('a refresh of a month of posts', () => {
  it('merges a partial refresh and drops a deleted post at the next complete one', async () => {
    const { handlers, replica } = sandbox.handlers(paging)
    // A month a year ahead: the demo seed has nothing there.
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1))
    const range = {
      from: start.toISOString(),
      to: new Date(Date.UTC(start.getUTCFullYear(), 6, 1) - 1).toISOString(),
    }
    const accountId = await connectedAccountId(sandbox.real)
    const day = (d: number) => new Date(start.getTime() + d * 86_400_000).toISOString()
    const create = async (title: string, at: string) =>
      (
        await sandbox.real.createSchedule({
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
    await sandbox.real.deleteSchedule(first)
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
