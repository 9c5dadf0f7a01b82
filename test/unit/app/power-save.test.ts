// The thin adapter: Electron's powerSaveBlocker (mocked: the binary cannot run here) held through the host's
// events while its uploads run.
import { describe, expect, it, vi } from 'vitest'
import type { UploadTotals } from '../../../common/uploads'
import { createEventHub } from '../../../main/host/event-hub'
import { silentLogger } from '../../../main/host/logging'

const electron = vi.hoisted(() => {
  const calls: string[] = []
  return {
    calls,
    powerSaveBlocker: {
      start: (type: string) => (calls.push(`start:${type}`), 42),
      stop: (id: number) => calls.push(`stop:${id}`),
    },
  }
})
vi.mock('electron', () => ({ powerSaveBlocker: electron.powerSaveBlocker }))

const { keepAwakeDuringUploads } = await import('../../../main/app/power-save')

const idle: UploadTotals = {
  files: 0,
  queued: 0,
  active: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
  bytesTotal: 0,
  bytesSent: 0,
  rateBytesPerSec: 0,
  etaSeconds: null,
}

describe('power save during uploads (Electron)', () => {
  it("prevents app suspension while the host's uploads run and lets go when they end or the app quits", () => {
    const events = createEventHub()
    const host = { events, log: silentLogger, active: () => ({ uploads: { totals: () => idle } }) }
    const stop = keepAwakeDuringUploads(host as never)
    events.emit('uploads:progress', { items: [], removed: [], totals: { ...idle, active: 1 } })
    events.emit('uploads:progress', { items: [], removed: [], totals: idle })
    events.emit('uploads:progress', { items: [], removed: [], totals: { ...idle, queued: 2 } })
    stop()
    expect(electron.calls).toEqual([
      'start:prevent-app-suspension',
      'stop:42',
      'start:prevent-app-suspension',
      'stop:42',
    ])
  })
})
