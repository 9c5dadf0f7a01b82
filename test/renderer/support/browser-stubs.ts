// jsdom lacks a few browser APIs the renderer uses; tests install these stand-ins.
import { vi } from 'vitest'

export function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  return writeText
}

export function stubMatchMedia(prefersDark = false) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>()
  const media = {
    matches: prefersDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  }
  window.matchMedia = vi.fn(() => media as unknown as MediaQueryList)
  return {
    set(dark: boolean) {
      media.matches = dark
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent)
    },
  }
}

/** The virtual list measures its scroller with clientHeight, which jsdom reports as 0. */
export function stubElementSize(height = 600, width = 1000) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width })
}
