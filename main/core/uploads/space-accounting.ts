// Will it fit? The storage's free space, as the service reports it, less what the queue has reserved: bytes
// of unfinished items that hold no pending file on the service yet (the service already counts a pending
// file's declared size as used).
import { fitInOrder } from '../../../common/fit-to-space'
import type { ProbedFile } from './file-probe'
import { batchDoesNotFit, fileDoesNotFit } from './upload-messages'
import type { AppError } from '../../../common/errors'
import { isFinal } from './upload-engine-types'
import type { Entry, UploadEngineOptions } from './upload-engine-types'

type StatisticClient = Pick<UploadEngineOptions['client'], 'storageStatistic'>
type StorageStatistic = Awaited<ReturnType<StatisticClient['storageStatistic']>>

export interface SpaceAccounting {
  /**
   * The service's answer on free space, asked now: a batch asks while its files are still being probed, so a
   * distant service's round trips overlap the disk work instead of following it.
   */
  askStatistic(): Promise<StorageStatistic>
  /**
   * Checks a batch against an answer of askStatistic: per file, the storage-full error it fails with
   * (`fail-excess`), or throws one for the whole batch (`refuse`). Reservations are counted now, after that
   * answer came.
   */
  fitBatch(
    probes: ProbedFile[],
    whenFull: 'refuse' | 'fail-excess',
    statistic: Promise<StorageStatistic>,
  ): Promise<(AppError | undefined)[]>
  /**
   * A retried item that failed for lack of storage checks again before its init; it holds no reservation until
   * this passes. Throws its storage-full error when it still does not fit.
   */
  checkRetry(entry: Entry, signal: AbortSignal): Promise<void>
}

export function createSpaceAccounting(
  client: StatisticClient,
  entries: ReadonlyMap<string, Entry>,
): SpaceAccounting {
  function reservedBytes(except?: Entry): number {
    let bytes = 0
    for (const entry of entries.values()) {
      if (entry === except || entry.checkSpace || isFinal(entry.item.state)) continue
      if (entry.item.fileId || entry.recoverFileId) continue
      bytes += entry.item.size
    }
    return bytes
  }

  return {
    askStatistic: () => client.storageStatistic(),
    async fitBatch(probes, whenFull, statistic) {
      const stat = await statistic
      const { free, total } = stat.usage
      const reserved = reservedBytes()
      if (whenFull === 'refuse') {
        const batchBytes = probes.reduce((sum, p) => sum + p.size, 0)
        if (batchBytes + reserved > free) throw batchDoesNotFit(batchBytes, reserved, free, total)
        return probes.map(() => undefined)
      }
      const verdicts = fitInOrder(
        probes.map((p) => p.size),
        free - reserved,
      )
      return probes.map((p, i) => {
        const verdict = verdicts[i]
        return verdict?.fits === false
          ? fileDoesNotFit(p.name, p.size, verdict.availableBytes, total)
          : undefined
      })
    },
    async checkRetry(entry, signal) {
      if (!entry.checkSpace) return
      const stat = await client.storageStatistic({ signal })
      // Reservations are read after the await, in the same turn as the flag is cleared: of several retried
      // items checking at once, each sees the ones that passed before it.
      const available = stat.usage.free - reservedBytes(entry)
      const { item } = entry
      if (item.size > available) throw fileDoesNotFit(item.name, item.size, available, stat.usage.total)
      entry.checkSpace = false
    },
  }
}
