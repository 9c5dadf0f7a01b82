// `schedules` through the CLI's dispatcher with a fake service: `--json` reads every page or says it did not,
// `--to DATE` includes that day of the person's calendar, and human output shows times in the person's zone.
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import type { Page, Schedule } from '../../../../common/service'
import { runCli } from '../../../../main/cli/run-cli'
import type { ServiceClient } from '../../../../main/core/service-client'

const ENV = {
  MEDIADECK_BASE_URL: 'http://127.0.0.1:9',
  MEDIADECK_ACCESS_KEY: 'a',
  MEDIADECK_SECRET_KEY: 'b',
  TZ: 'Asia/Jakarta',
}

function post(i: number): Schedule {
  return {
    _id: `s${i}`,
    id: `s${i}`,
    title: `Post ${i}`,
    description: '',
    topic: '',
    type: 'text',
    medias: [],
    replies: [],
    status: 'pending',
    accountId: 'acc-1',
    scheduleAt: '2026-12-05T02:00:00.000Z',
  } as Schedule
}

function pageOf(all: Schedule[], page: number, limit: number): Page<Schedule> {
  const totalPages = Math.max(1, Math.ceil(all.length / limit))
  return {
    docs: all.slice((page - 1) * limit, page * limit),
    totalDocs: all.length,
    limit,
    totalPages,
    page,
    pagingCounter: (page - 1) * limit + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  }
}

async function run(argv: string[], listSchedules: ServiceClient['listSchedules']) {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  const asked: Array<Parameters<ServiceClient['listSchedules']>[0]> = []
  const client = {
    listSchedules: (q: Parameters<ServiceClient['listSchedules']>[0]) => {
      asked.push(q)
      return listSchedules(q)
    },
    close: async () => undefined,
  } as unknown as ServiceClient
  const code = await runCli(argv, {
    stdout,
    stderr,
    isTTY: false,
    env: ENV,
    onInterrupt: () => () => undefined,
    createClient: () => client,
  })
  return { code, out, err, asked }
}

const all = Array.from({ length: 250 }, (_, i) => post(i))

describe('schedules --json', () => {
  it('prints every page, not the first', async () => {
    const r = await run(['schedules', '--json'], async (q) => pageOf(all, q.page ?? 1, q.limit ?? 20))
    expect(r.code).toBe(0)
    expect(r.out.trim().split('\n')).toHaveLength(250)
    expect(r.asked.map((q) => [q.page, q.limit])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ])
  })

  it('prints one page when --page asks for it', async () => {
    const r = await run(['schedules', '--json', '--page', '2', '--limit', '10'], async (q) =>
      pageOf(all, q.page ?? 1, q.limit ?? 20),
    )
    expect(
      r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)._id)[0],
    ).toBe('s10')
    expect(r.out.trim().split('\n')).toHaveLength(10)
  })

  it('says that it did not list every post when a page cannot be read, and exits 1', async () => {
    const r = await run(['schedules', '--json'], async (q) => {
      if (q.page === 2) throw new AppError({ kind: 'network', message: 'connection reset' })
      return pageOf(all, q.page ?? 1, q.limit ?? 20)
    })
    expect(r.code).toBe(1)
    expect(r.out.trim().split('\n')).toHaveLength(100)
    expect(r.err).toMatch(
      /^error: not every scheduled post was listed \(100 were\): stopped at page 2 of 3: /,
    )
  })

  it('reads the list again when it changes while read, rather than print a post twice or miss one', async () => {
    let calls = 0
    const r = await run(['schedules', '--json'], async (q) => {
      calls += 1
      // A post added between the first read's pages 1 and 2.
      const list = calls >= 2 ? [...all, post(999)] : all
      return pageOf(list, q.page ?? 1, q.limit ?? 20)
    })
    expect(r.code).toBe(0)
    expect(r.out.trim().split('\n')).toHaveLength(251)
  })
})

describe('schedules --from and --to', () => {
  it("take a date as the whole day of the person's calendar, so --to includes it", async () => {
    const r = await run(['schedules', '--from', '2026-12-05', '--to', '2026-12-05'], async (q) =>
      pageOf([], q.page ?? 1, q.limit ?? 20),
    )
    expect(r.code).toBe(0)
    // Jakarta is UTC+7: the 5th runs from 17:00 UTC on the 4th to the last millisecond before 17:00 on the 5th.
    expect(r.asked[0]).toMatchObject({
      fromDate: '2026-12-04T17:00:00.000Z',
      toDate: '2026-12-05T16:59:59.999Z',
    })
  })

  it('pass a timestamp with its zone as it is', async () => {
    const r = await run(['schedules', '--to', '2026-12-05T09:00:00+07:00'], async (q) =>
      pageOf([], q.page ?? 1, q.limit ?? 20),
    )
    expect(r.asked[0]!.toDate).toBe('2026-12-05T09:00:00+07:00')
  })
})

describe('schedules, human output', () => {
  it("shows each time in the person's zone with the zone named", async () => {
    const r = await run(['schedules'], async (q) => pageOf([post(1)], q.page ?? 1, q.limit ?? 20))
    expect(r.out).toContain('s1  2026-12-05 09:00 GMT+7  pending')
    const json = await run(['schedules', '--json'], async (q) =>
      pageOf([post(1)], q.page ?? 1, q.limit ?? 20),
    )
    expect(JSON.parse(json.out).scheduleAt).toBe('2026-12-05T02:00:00.000Z')
  })
})
