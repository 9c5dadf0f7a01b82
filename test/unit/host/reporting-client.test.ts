// The active client tells the connection monitor about every call that fails, and is otherwise the client.
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../common/errors'
import type { ServiceClient } from '../../../main/core/service-client'
import { reportingFailures } from '../../../main/host/reporting-client'

describe('reporting client', () => {
  it('reports each failed call, passing answers and failures through unchanged', async () => {
    const refused = new AppError({ kind: 'network', message: 'ECONNREFUSED' })
    const stats = { file: { total: 1 } }
    const inner = {
      baseUrl: 'http://127.0.0.1:1/api',
      storageStatistic: vi.fn(async () => stats),
      deleteFile: vi.fn(async () => {
        throw refused
      }),
      close: vi.fn(async () => undefined),
    } as unknown as ServiceClient
    const report = vi.fn()
    const client = reportingFailures(inner, report)

    expect(client.baseUrl).toBe('http://127.0.0.1:1/api')
    await expect(client.storageStatistic()).resolves.toBe(stats)
    expect(report).not.toHaveBeenCalled()
    await expect(client.deleteFile('f1')).rejects.toBe(refused)
    expect(inner.deleteFile).toHaveBeenCalledWith('f1')
    expect(report).toHaveBeenCalledExactlyOnceWith(refused)
    await client.close()
    expect(inner.close).toHaveBeenCalledOnce()
    expect(report).toHaveBeenCalledOnce()
  })
})
