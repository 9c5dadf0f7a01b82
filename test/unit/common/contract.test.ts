import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  CALL_NAMES,
  EVENT_NAMES,
  apiPathOfCall,
  apiPathOfEvent,
  expectedApiPaths,
  requestSchemas,
  type MediadeckApi,
  type ReplicaMark,
} from '../../../common/contract'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import {
  emptyScheduleRequest,
  scheduleSchema,
  type CreateScheduleRequest,
  type Schedule,
  type StorageStatistic,
} from '../../../common/service'
import type { UploadProgressEvent } from '../../../common/uploads'

describe('IPC contract', () => {
  it('names every call and event domain:verb in kebab case', () => {
    for (const name of [...CALL_NAMES, ...EVENT_NAMES]) expect(name).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/)
  })

  it('maps channel names to window.mediadeck paths', () => {
    expect(apiPathOfCall('uploads:retry-failed')).toEqual(['uploads', 'retryFailed'])
    expect(apiPathOfEvent('uploads:batch-finished')).toEqual(['uploads', 'onBatchFinished'])
    expect(expectedApiPaths()).toContain('storage.stats')
    expect(expectedApiPaths()).toContain('files.fromDrop')
    expect(expectedApiPaths()).not.toContain('files.grantDropped')
    expect(expectedApiPaths()).toContain('uploads.startDropped')
  })

  it('bounds a drop granted and queued in one call', () => {
    const schema = requestSchemas['uploads:start-dropped']
    expect(schema.safeParse({ paths: ['/home/me/a.png'] }).success).toBe(true)
    expect(schema.safeParse({ paths: [] }).success).toBe(false)
    expect(schema.safeParse({ paths: Array.from({ length: 10_001 }, (_, i) => `/f${i}`) }).success).toBe(
      false,
    )
    expect(schema.safeParse({ paths: ['x'.repeat(4097)] }).success).toBe(false)
    expect(schema.safeParse({ paths: [''] }).success).toBe(false)
    expect(schema.safeParse({ paths: ['/a'], queue: true }).success).toBe(false)
  })

  it("takes an older page's anchor time only when it reads as a time", () => {
    const schema = requestSchemas['inbox:older-messages']
    const asked = { id: 'chat-1', before: 'm-9', shown: 50 }
    expect(schema.safeParse({ ...asked, at: '2026-11-28T10:00:00.000Z' }).success).toBe(true)
    // The service's own wording of a time, not ISO: still a time.
    expect(schema.safeParse({ ...asked, at: 'Sat, 28 Nov 2026 10:00:00 GMT' }).success).toBe(true)
    expect(schema.safeParse(asked).success).toBe(true)
    // Unreadable, it stood at 1970: nothing older was found and the chat was told complete.
    expect(schema.safeParse({ ...asked, at: 'yesterday-ish' }).success).toBe(false)
  })

  it('rejects payloads that do not match the schema', () => {
    expect(requestSchemas['storage:files'].safeParse({ page: 0, limit: 20 }).success).toBe(false)
    expect(requestSchemas['storage:files'].safeParse({ page: 1, limit: 101 }).success).toBe(false)
    expect(requestSchemas['storage:files'].safeParse({ page: 1, limit: 20, extra: 1 }).success).toBe(false)
    expect(requestSchemas['storage:stats'].safeParse({}).success).toBe(false)
    expect(requestSchemas['storage:stats'].safeParse(undefined).success).toBe(true)
    expect(requestSchemas['settings:update'].safeParse({ uploadConcurrency: 99 }).success).toBe(false)
    const quiet = (from: string) =>
      requestSchemas['settings:update'].safeParse({ quietHours: { enabled: true, from, to: '07:00' } })
        .success
    expect(quiet('22:00')).toBe(true)
    expect(quiet('24:00')).toBe(false)
    expect(quiet('9:00')).toBe(false)
    expect(requestSchemas['uploads:start'].safeParse({ paths: [] }).success).toBe(false)
    expect(requestSchemas['storage:unused'].safeParse(undefined).success).toBe(true)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: [] }).success).toBe(false)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: ['a'], extra: 1 }).success).toBe(false)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: Array(501).fill('a') }).success).toBe(false)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: ['x'.repeat(201)] }).success).toBe(false)
  })

  it('types window.mediadeck by domain', () => {
    expectTypeOf<MediadeckApi['storage']['stats']>().returns.resolves.toEqualTypeOf<
      StorageStatistic & ReplicaMark
    >()
    expectTypeOf<MediadeckApi['uploads']['onProgress']>()
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<UploadProgressEvent & { seq: number }>()
    expectTypeOf<MediadeckApi['uploads']['retryFailed']>().toBeFunction()
  })
})

describe('schedules:update keeps what the editor does not show', () => {
  it('passes the newer members and unknown ones through, and still bounds them', () => {
    // As the composer opens a post of the service (renderer/lib/planner/composer-form.ts postOfSchedule).
    const postOfSchedule = (s: Schedule) =>
      mergeScheduleEdit(
        { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' },
        s as unknown as CreateScheduleRequest,
      )
    const record = scheduleSchema.parse({
      _id: 's1',
      status: 'pending',
      scheduleAt: '2026-10-05T07:41:58.486Z',
      accountId: 'a1',
      type: 'video',
      templateId: 't1',
      medias: [{ type: 'video', url: 'https://storage.repliz.com/v.mp4', customThumbnail: true }],
      additionalInfo: {
        isShareToFeed: true,
        music: { id: '1', artist: 'A', name: 'N', thumbnail: '', volume: { video: 20, music: 80 } },
        channel: { id: '1@newsletter', name: 'News', picture: '', type: 'community' },
        futureFlag: 'x',
      },
    })
    const parsed = requestSchemas['schedules:update'].parse({ id: 's1', post: postOfSchedule(record) })
    expect(parsed.post).toMatchObject({
      templateId: 't1',
      medias: [{ customThumbnail: true }],
      additionalInfo: {
        isShareToFeed: true,
        music: { volume: { video: 20, music: 80 } },
        channel: { id: '1@newsletter', type: 'community' },
        futureFlag: 'x',
      },
    })
    expect(parsed.post).not.toHaveProperty('status')
    const deep = { a: { b: { c: { d: { e: 1 } } } } }
    const tooDeep = { ...postOfSchedule(record), extra: deep }
    expect(requestSchemas['schedules:update'].safeParse({ id: 's1', post: tooDeep }).success).toBe(false)
    const loud = postOfSchedule(record)
    loud.additionalInfo.music.volume.music = 101
    expect(requestSchemas['schedules:update'].safeParse({ id: 's1', post: loud }).success).toBe(false)
  })
})
