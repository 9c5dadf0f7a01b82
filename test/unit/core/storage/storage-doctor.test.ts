// The doctor's pure parts: which files are "used" (the rule in main/core/storage/storage-doctor.ts) and which
// files free a given amount with the fewest deletions.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Draft } from '../../../../common/drafts'
import type { Schedule, StoredFile } from '../../../../common/service'
import { emptyScheduleRequest } from '../../../../common/service'
import { selectFewestToFree } from '../../../../common/storage-doctor'
import {
  createStorageDoctor,
  judgeUse,
  type DoctorClient,
  type UnusedFound,
} from '../../../../main/core/storage/storage-doctor'
// The pages are cut as the service cuts them: the sandbox's mongoose-paginate arithmetic.
import { paginate } from '../../../../sandbox/paginate'

const file = (n: number, status: StoredFile['status'] = 'success'): StoredFile => ({
  _id: `f${n}`,
  id: `f${n}`,
  filename: `file-${n}.png`,
  mimetype: 'image/png',
  size: 1000 * n,
  key: `uploads/u1/uuid-${n}.png`,
  url: `https://storage.example/uploads/u1/uuid-${n}.png`,
  status,
  userId: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

const media = (url: string, thumbnail = '') => ({ alt: '', type: 'image', url, thumbnail })

function post(status: Schedule['status'], over: Partial<Schedule> = {}): Schedule {
  return {
    ...emptyScheduleRequest(),
    _id: `p-${Math.random()}`,
    status,
    scheduleAt: '2026-02-01T00:00:00.000Z',
    accountId: 'a1',
    userId: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  } as Schedule
}

function draft(status: Draft['status'], over: Partial<Draft> = {}): Draft {
  return {
    id: `d-${Math.random()}`,
    profileId: 'sandbox',
    status,
    post: { ...emptyScheduleRequest(), accountId: 'a1', scheduleAt: '' },
    localMedia: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }
}

const usedIds = (uses: Map<string, { used: boolean }>) =>
  [...uses]
    .filter(([, u]) => u.used)
    .map(([id]) => id)
    .sort()

describe('judgeUse', () => {
  const files = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => file(n))

  it('counts upcoming and failed posts, covers, replies and drafts; not published posts', () => {
    const posts = [
      post('pending', { medias: [media(files[0]!.url)] }),
      post('error', { medias: [media('https://other.example/x.mp4', files[1]!.url)] }),
      post('process', { replies: [{ medias: [media(`/${files[2]!.key}`)] }] }),
      post('success', { medias: [media(files[3]!.url)], scheduleAt: '2026-03-01T00:00:00.000Z' }),
      post('success', { medias: [media(files[3]!.url)], scheduleAt: '2026-02-01T00:00:00.000Z' }),
      // A published post whose reply is still waiting: the reply's media is needed.
      post('success', { replies: [{ status: 'pending', medias: [media(files[4]!.url)] }] }),
    ]
    const drafts = [
      draft('draft', {
        localMedia: [
          {
            id: 'm',
            path: '/tmp/a',
            name: 'a',
            size: 1,
            mimetype: 'image/png',
            alt: '',
            type: 'image',
            thumbnail: '',
            uploadedUrl: `${files[5]!.url}?v=1`,
          },
        ],
      }),
      // Scheduled drafts are judged by their post on the service.
      draft('scheduled', {
        post: { ...emptyScheduleRequest(), accountId: 'a1', scheduleAt: '', medias: [media(files[6]!.url)] },
      }),
    ]
    const uses = judgeUse(files, posts, drafts)
    expect(usedIds(uses)).toEqual(['f1', 'f2', 'f3', 'f5', 'f6'])
    expect(uses.get('f4')!.lastUsedAt).toBe('2026-03-01T00:00:00.000Z')
    expect(uses.get('f8')!.lastUsedAt).toBeNull()
  })

  it('a link in a caption and an upload still pending are uses', () => {
    const pending = file(9, 'pending')
    const uses = judgeUse(
      [...files, pending],
      [post('pending', { description: `look: ${files[7]!.url}!` })],
      [],
    )
    expect(usedIds(uses)).toEqual(['f8', 'f9'])
  })
})

describe('findUnused', () => {
  it('hears the unused files of the first pages before the last page of files is read', async () => {
    const files = Array.from({ length: 1_000 }, (_, i) => file(i + 1))
    // A post still to publish uses file 1, a draft file 2: judged from the first page already.
    const posts = [post('pending', { medias: [media(files[0]!.url)] })]
    const drafts = [draft('draft', { post: { ...draft('draft').post, medias: [media(files[1]!.url)] } })]
    let releaseLast!: () => void
    const lastPage = new Promise<void>((resolve) => (releaseLast = resolve))
    const heard: UnusedFound[] = []
    const client = {
      storageStatistic: async () => ({
        file: { total: files.length, success: files.length, pending: 0 },
        usage: { total: 1e12, used: 1e9, free: 1e12 - 1e9 },
      }),
      listSchedules: async ({ page, limit }: { page: number; limit: number }) =>
        paginate(posts, { page, limit }),
      listFiles: async ({ page, limit }: { page: number; limit: number }) => {
        if (page === 10) await lastPage
        return paginate(files, { page, limit })
      },
      deleteFiles: async () => undefined,
    } as unknown as DoctorClient
    const doctor = createStorageDoctor({ client, localDrafts: async () => drafts })
    const report = doctor.findUnused(undefined, (found) => heard.push(found))
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(1)
    const first = heard.find((found) => found.files.some((f) => f.id === 'f3'))!
    expect(first.total).toBe(1_000)
    // Judged as the whole list judges it: the used files are not heard.
    expect(heard.flatMap((found) => found.files.map((f) => f.id))).not.toContain('f1')
    expect(heard.flatMap((found) => found.files.map((f) => f.id))).not.toContain('f2')
    expect(heard.some((found) => found.files.some((f) => f.id === 'f1000'))).toBe(false)
    releaseLast()
    const result = await report
    expect(result.files).toHaveLength(998)
    expect(result.files[0]!.id).toBe('f1000') // largest first
    expect(new Set(heard.flatMap((found) => found.files.map((f) => f.id)))).toEqual(
      new Set(result.files.map((f) => f.id)),
    )
    expect(heard.at(-1)!.checked).toBe(1_000)
  })
})

describe('selectFewestToFree', () => {
  it('picks the fewest files, and the smallest that completes the last slot', () => {
    const files = [50, 40, 30, 20, 10].map((size, i) => ({ id: String(i), size }))
    expect(selectFewestToFree(files, 0)).toEqual([])
    expect(selectFewestToFree(files, 15)!.map((f) => f.size)).toEqual([20])
    expect(selectFewestToFree(files, 60)!.map((f) => f.size)).toEqual([50, 10])
    expect(selectFewestToFree(files, 151)).toBeNull()
  })

  it('is minimal in count against brute force', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 10 }),
        fc.integer({ min: 1, max: 600 }),
        (sizes, target) => {
          const files = sizes.map((size, i) => ({ id: String(i), size }))
          let best: number | null = null
          for (let mask = 0; mask < 1 << files.length; mask++) {
            let sum = 0
            let count = 0
            for (let i = 0; i < files.length; i++) {
              if (!(mask & (1 << i))) continue
              sum += files[i]!.size
              count++
            }
            if (sum >= target && (best === null || count < best)) best = count
          }
          const picked = selectFewestToFree(files, target)
          if (best === null) return picked === null
          return picked !== null && picked.length === best && picked.reduce((s, f) => s + f.size, 0) >= target
        },
      ),
      { numRuns: 300 },
    )
  })
})
