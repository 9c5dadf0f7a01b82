// One redrawn line on a terminal for the whole queue: bar, bytes, rate, ETA, files.
import type { Writable } from 'node:stream'
import type { UploadTotals } from '../../common/uploads'
import { formatBytes, formatRate } from '../../common/format-bytes'

export function renderBar(t: UploadTotals, width = 24): string {
  const fraction = t.bytesTotal > 0 ? Math.min(1, t.bytesSent / t.bytesTotal) : 0
  const filled = Math.round(fraction * width)
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled)
  const eta = t.etaSeconds === null ? '--' : formatDuration(t.etaSeconds)
  const finished = t.done + t.failed + t.cancelled
  return (
    `[${bar}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${formatBytes(t.bytesSent)}/${formatBytes(t.bytesTotal)}` +
    `  ${formatRate(t.rateBytesPerSec)}  ETA ${eta}  ${finished}/${t.files} files`
  )
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`
  const m = Math.floor(seconds / 60)
  if (m < 60) return `${m}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
}

export interface ProgressLine {
  update(t: UploadTotals): void
  /** Prints a line above the bar (a finished file) without tearing it. */
  log(stream: Writable, line: string): void
  clear(): void
}

export function createProgressLine(stream: Writable, enabled: boolean): ProgressLine {
  let shown = ''
  const erase = (): void => {
    if (shown) stream.write('\r\x1b[2K')
  }
  return {
    update(t) {
      if (!enabled) return
      erase()
      shown = renderBar(t)
      stream.write(shown)
    },
    log(target, line) {
      erase()
      target.write(line + '\n')
      if (enabled && shown) stream.write(shown)
    },
    clear() {
      erase()
      shown = ''
    },
  }
}
