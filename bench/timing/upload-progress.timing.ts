// The engine's progress messages on the wall clock: at most about one per interval (DESIGN.md: "at most ~10
// messages a second in total"). The same rule is pinned on the engine's own clock by
// test/unit/core/uploads/upload-engine.test.ts and test/unit/core/uploads/progress-feed.test.ts.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUploadEngine } from '../../main/core/uploads/upload-engine'
import { createFakeService } from '../../test/unit/core/support/fake-service'
import { startStorageSink } from '../../test/unit/core/support/storage-sink'
import type { StorageSink } from '../../test/unit/core/support/storage-sink'

let dir: string
let sink: StorageSink
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'timing-progress-'))
  sink = await startStorageSink()
})
afterEach(async () => {
  await sink.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('upload progress on the wall clock', () => {
  it('emits progress at most about once per interval', async () => {
    const paths = Array.from({ length: 30 }, (_, i) => {
      const path = join(dir, `p${i}.bin`)
      writeFileSync(path, createHash('sha256').update(`p${i}`).digest().toString('hex').repeat(160))
      return path
    })
    sink.behave = () => ({ kind: 'ok', delayMs: 30 })
    const up = createUploadEngine({
      client: createFakeService(sink.url).client,
      journalPath: join(dir, 'uploads.jsonl'),
      progressIntervalMs: 100,
    })
    try {
      const times: number[] = []
      up.onProgress(() => times.push(Date.now()))
      const started = Date.now()
      await up.add(paths)
      await up.whenIdle()
      const elapsed = Date.now() - started
      // The last message (final states, sent the moment the queue is idle) may come early; none other may.
      const gaps = times.slice(1, -1).map((t, i) => t - times[i]!)
      console.log(`${times.length} messages in ${elapsed} ms, shortest gap ${Math.min(...gaps)} ms`)
      expect(gaps.length).toBeGreaterThan(1)
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95)
      expect(times.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2)
      expect(up.totals().done).toBe(30)
    } finally {
      await up.close()
    }
  })
})
