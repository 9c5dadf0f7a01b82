// A batch entering the queue: every path probed (type, size, readable), the batch fitted to the free space,
// and each file made an entry with the row that adds it. A file refused before any request keeps
// its place in the batch as a failed row naming the reason.
import { randomUUID } from 'node:crypto'
import { basename, resolve as resolvePath } from 'node:path'
import { AppError } from '../../../common/errors'
import type { AppErrorData } from '../../../common/errors'
import type { UploadItem } from '../../../common/uploads'
import { mapSettledBounded } from '../map-settled-bounded'
import { probeFile } from './file-probe'
import type { ProbedFile, ReadCheck } from './file-probe'
import { createRateMeter } from './rate-meter'
import type { SpaceAccounting } from './space-accounting'
import type { AddOptions, Entry } from './upload-engine-types'
import type { NewUpload } from './upload-queue-types'

/** Files probed at once (each a stat, an open and a 4 KiB read): see ../map-settled-bounded.ts. */
const PROBES_AT_ONCE = 4

export interface Intake {
  entries: Entry[]
  uploads: NewUpload[]
  batchId: string
}

export async function takeIn(
  paths: string[],
  options: AddOptions,
  deps: { space: SpaceAccounting; now: () => number; checkRead?: ReadCheck; idempotencyKey?: string },
): Promise<Intake> {
  const { now, idempotencyKey } = deps
  // The free space is asked as soon as one file has proved readable, while the rest are probed: on a distant
  // service its round trip then overlaps the disk work instead of following it (bench/, 200 x 32 KiB at
  // R = 40 ms: about 60 ms). A batch with no readable file asks nothing. The answer is awaited only when some
  // file is to be fitted, so its failure is otherwise not this batch's.
  let statistic: ReturnType<SpaceAccounting['askStatistic']> | undefined
  const results = await mapSettledBounded(paths, PROBES_AT_ONCE, async (p) => {
    const probe = await probeFile(p, deps.checkRead)
    if (!statistic) {
      statistic = deps.space.askStatistic()
      statistic.catch(() => undefined)
    }
    return probe
  })
  const problems = results.flatMap((r) => (r.status === 'rejected' ? [AppError.from(r.reason)] : []))
  if (problems.length > 0 && options.whenUnreadable !== 'fail-each') {
    throw new AppError({ kind: 'file', message: problems.map((p) => p.message).join('; ') })
  }
  const probes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  // The question went out with the first readable file, so there is one exactly when there is something to fit.
  const verdicts = statistic ? await deps.space.fitBatch(probes, options.whenFull ?? 'refuse', statistic) : []
  const batchId = randomUUID()
  const createdAt = new Date(now()).toISOString()
  const newItem = (p: ProbedFile, error: AppErrorData | undefined): UploadItem => ({
    id: randomUUID(),
    path: p.path,
    // A name given is for a batch of one (a crop); a batch of several keeps each file's own.
    name: options.name && paths.length === 1 ? options.name : p.name,
    size: p.size,
    mimetype: p.mimetype,
    ...(p.mimeWarning ? { mimeWarning: p.mimeWarning } : {}),
    state: error ? 'failed' : 'queued',
    bytesSent: 0,
    rateBytesPerSec: 0,
    etaSeconds: null,
    attempts: 0,
    ...(error ? { error, finishedAt: createdAt } : {}),
    batchId,
    createdAt,
  })
  let probed = 0
  const entries: Entry[] = results.map((r, i) => {
    if (r.status === 'fulfilled') {
      const p = r.value
      return {
        item: newItem(p, verdicts[probed++]?.toJSON()),
        identity: { size: p.size, mtimeMs: p.mtimeMs, ctimeMs: p.ctimeMs, ino: p.ino },
        meter: createRateMeter(now),
        idempotencyKey,
        headSha256: p.headSha256,
      }
    }
    // A file refused before any request: its row carries the reason, in the batch's order.
    const path = resolvePath(paths[i]!)
    const name = basename(path)
    const error = AppError.from(r.reason).toJSON()
    const p: ProbedFile = {
      path,
      name,
      size: 0,
      mtimeMs: 0,
      mimetype: 'application/octet-stream',
      headSha256: '',
    }
    return {
      item: newItem(p, { ...error, message: error.message.split(path).join(name) }),
      identity: { size: 0, mtimeMs: 0 },
      meter: createRateMeter(now),
      idempotencyKey,
      unprobed: true,
    }
  })
  const uploads = entries.map(({ item, identity }): NewUpload => ({
    item: {
      id: item.id,
      path: item.path,
      name: item.name,
      size: item.size,
      mtimeMs: identity.mtimeMs,
      ...(identity.ctimeMs !== undefined ? { ctimeMs: identity.ctimeMs } : {}),
      ...(identity.ino !== undefined ? { ino: identity.ino } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      mimetype: item.mimetype!,
      ...(item.mimeWarning ? { mimeWarning: item.mimeWarning } : {}),
      batchId,
      createdAt,
    },
    ...(item.error ? { refused: { error: item.error, at: createdAt } } : {}),
  }))
  return { entries, uploads, batchId }
}
