import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  CALL_NAMES,
  EVENT_NAMES,
  apiPathOfCall,
  apiPathOfEvent,
  expectedApiPaths,
  requestSchemas,
  type MediadeckApi,
} from '../../../common/contract'
import type { StorageStatistic } from '../../../common/service'
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
  })

  it('rejects payloads that do not match the schema', () => {
    expect(requestSchemas['storage:files'].safeParse({ page: 0, limit: 20 }).success).toBe(false)
    expect(requestSchemas['storage:files'].safeParse({ page: 1, limit: 101 }).success).toBe(false)
    expect(requestSchemas['storage:files'].safeParse({ page: 1, limit: 20, extra: 1 }).success).toBe(false)
    expect(requestSchemas['storage:stats'].safeParse({}).success).toBe(false)
    expect(requestSchemas['storage:stats'].safeParse(undefined).success).toBe(true)
    expect(requestSchemas['settings:update'].safeParse({ uploadConcurrency: 99 }).success).toBe(false)
    expect(requestSchemas['uploads:start'].safeParse({ paths: [] }).success).toBe(false)
    expect(requestSchemas['storage:unused'].safeParse(undefined).success).toBe(true)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: [] }).success).toBe(false)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: ['a'], extra: 1 }).success).toBe(false)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: Array(501).fill('a') }).success).toBe(false)
    expect(requestSchemas['storage:free-up'].safeParse({ ids: ['x'.repeat(201)] }).success).toBe(false)
  })

  it('types window.mediadeck by domain', () => {
    expectTypeOf<MediadeckApi['storage']['stats']>().returns.resolves.toEqualTypeOf<StorageStatistic>()
    expectTypeOf<MediadeckApi['uploads']['onProgress']>()
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<UploadProgressEvent>()
    expectTypeOf<MediadeckApi['uploads']['retryFailed']>().toBeFunction()
  })
})
