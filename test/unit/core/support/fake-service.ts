// An in-memory service for engine unit tests: the ServiceClient calls the engine makes, backed by a map of
// files, with hooks to fail any call. Upload addresses point at a storage sink.
import { randomUUID } from 'node:crypto'
import { AppError } from '../../../../common/errors'
import type { InitFileRequest, StoredFile } from '../../../../common/service'
import type { UploadEngineOptions } from '../../../../main/core/uploads/upload-engine'

type Client = UploadEngineOptions['client']

export interface FakeService {
  client: Client
  files: Map<string, StoredFile>
  calls: { init: InitFileRequest[]; complete: string[]; delete: string[]; statistic: number }
  free: number
  /** Return an AppError to fail the call; called with the call's 1-based number. */
  failInit?: (n: number) => AppError | undefined
  failComplete?: (n: number) => AppError | undefined
  failDelete?: (n: number) => AppError | undefined
  /** Replaces complete entirely (e.g. to hang forever). */
  onComplete?: (id: string) => Promise<void>
}

export function createFakeService(sinkUrl: string, free = 10 * 2 ** 30): FakeService {
  const service: FakeService = {
    files: new Map(),
    calls: { init: [], complete: [], delete: [], statistic: 0 },
    free,
    client: {
      async storageStatistic() {
        service.calls.statistic++
        const used = [...service.files.values()].reduce((s, f) => s + f.size, 0)
        return {
          file: { total: service.files.size, success: 0, pending: 0 },
          usage: { total: service.free + used, used, free: service.free },
        }
      },
      async initFile(req) {
        service.calls.init.push(req)
        const fault = service.failInit?.(service.calls.init.length)
        if (fault) throw fault
        const id = randomUUID()
        const key = `uploads/u1/${id}.bin`
        const now = new Date().toISOString()
        service.files.set(id, {
          _id: id,
          id,
          filename: req.filename,
          mimetype: req.mimetype,
          size: req.size,
          key,
          url: `https://storage.example/${key}`,
          status: 'pending',
          userId: 'u1',
          createdAt: now,
          updatedAt: now,
        })
        return {
          id,
          key,
          url: `https://storage.example/${key}`,
          upload:
            `${sinkUrl}/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab%2Fcd` +
            '&x-amz-checksum-crc32=AAAAAA%3D%3D&x-amz-sdk-checksum-algorithm=CRC32&x-id=PutObject',
        }
      },
      async completeFile(id) {
        service.calls.complete.push(id)
        const fault = service.failComplete?.(service.calls.complete.length)
        if (fault) throw fault
        if (service.onComplete) return service.onComplete(id)
        const file = service.files.get(id)
        if (!file) throw new AppError({ kind: 'not-found', status: 404, message: 'file not found' })
        file.status = 'success'
      },
      async deleteFile(id) {
        service.calls.delete.push(id)
        const fault = service.failDelete?.(service.calls.delete.length)
        if (fault) throw fault
        if (!service.files.delete(id))
          throw new AppError({ kind: 'not-found', status: 404, message: 'file not found' })
      },
      async listFiles(q) {
        const matching = [...service.files.values()]
          .filter((f) => !q.search || f.filename.toLowerCase().includes(q.search.toLowerCase()))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        const docs = matching.slice((q.page - 1) * q.limit, q.page * q.limit).map((f) => ({ ...f }))
        const totalPages = Math.max(1, Math.ceil(matching.length / q.limit))
        return {
          docs,
          totalDocs: matching.length,
          limit: q.limit,
          page: q.page,
          totalPages,
          pagingCounter: (q.page - 1) * q.limit + 1,
          hasPrevPage: q.page > 1,
          hasNextPage: q.page < totalPages,
          prevPage: q.page > 1 ? q.page - 1 : null,
          nextPage: q.page < totalPages ? q.page + 1 : null,
        }
      },
      async getFile(id) {
        const file = service.files.get(id)
        if (!file) throw new AppError({ kind: 'not-found', status: 404, message: 'file not found' })
        return { ...file }
      },
    },
  }
  return service
}

export function httpError(kind: AppError['kind'], status: number, message: string): AppError {
  return new AppError({ kind, status, message })
}
