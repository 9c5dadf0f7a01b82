// The window opens where it was left, at the size it had, unless that place is no longer on any screen
// (a monitor unplugged): then it opens at the saved size on the primary display.
import type { WindowState } from '../core/settings/app-store'

export const DEFAULT_WINDOW = { width: 1200, height: 800 }
const MIN_VISIBLE = 100

export interface Area {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
}

export function initialBounds(saved: WindowState | null, workAreas: Area[]): WindowBounds {
  if (!saved) return { ...DEFAULT_WINDOW }
  const size = { width: saved.width, height: saved.height }
  if (saved.x === undefined || saved.y === undefined) return size
  const { x, y } = saved
  const visible = workAreas.some(
    (area) =>
      x + MIN_VISIBLE <= area.x + area.width &&
      x + saved.width - MIN_VISIBLE >= area.x &&
      y >= area.y &&
      y + MIN_VISIBLE <= area.y + area.height,
  )
  return visible ? { ...size, x, y } : size
}

/** The parts of BrowserWindow tracked. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown
  getNormalBounds(): Area
  isMaximized(): boolean
  isDestroyed(): boolean
}

export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  delayMs = 500,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const write = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (win.isDestroyed()) return
    const b = win.getNormalBounds()
    save({ x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() })
  }
  const later = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(write, delayMs)
  }
  win.on('resize', later)
  win.on('move', later)
  win.on('close', write)
}
