// Waits for the page's finite animations and transitions to end (a dialog fading in, a theme's colours
// crossing over), by their own `finished` promises rather than a guessed number of milliseconds: on a loaded
// machine a 300 ms fade can take longer, and axe measuring it halfway reads a low contrast that is not there.
// Endless ones (a spinner) and paused ones (a countdown held while the pointer is over it) are left alone: their
// `finished` would never come. A finite one still running after 5 s is not a fade either, and is left too.
import type { Page } from '@playwright/test'

interface PageAnimation {
  finished: Promise<unknown>
  playState: string
  effect: { getComputedTiming(): { endTime?: number | string } } | null
}

export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const g = globalThis as unknown as {
      requestAnimationFrame(callback: () => void): number
      setTimeout(callback: () => void, ms: number): number
      document: { getAnimations(): PageAnimation[] }
    }
    const settle = async () => {
      // A change made just before starts its transition on the next frame: let it start, then wait for it.
      await new Promise<void>((resolve) =>
        g.requestAnimationFrame(() => g.requestAnimationFrame(() => resolve())),
      )
      const finite = g.document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
    }
    await Promise.race([settle(), new Promise<void>((resolve) => g.setTimeout(resolve, 5_000))])
  })
}
