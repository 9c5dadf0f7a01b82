import { describe, expect, it } from 'vitest'
import { reveal, revealOffset } from '../../../renderer/lib/reveal'

// A content column seen from y 100 to 700 (600 px), scrolled by 40.
const view = { top: 100, bottom: 700 }
const span = (top: number, bottom: number) => ({ top, bottom })

describe('the scroll offset that shows a part of the page', () => {
  it('is unchanged when the part is already seen whole', () => {
    expect(revealOffset(40, view, span(100, 700))).toBe(40)
    expect(revealOffset(40, view, span(300, 420))).toBe(40)
  })

  it('moves the least for a part below the fold: its bottom at the view’s bottom', () => {
    // Today's week from 760 to 880: 180 px further down.
    expect(revealOffset(40, view, span(760, 880))).toBe(220)
  })

  it('brings a part above the view down to its top', () => {
    expect(revealOffset(300, view, span(20, 60))).toBe(220)
  })

  it('shows the top of a part taller than the view, whichever side it lies', () => {
    expect(revealOffset(0, view, span(400, 1400))).toBe(300)
    expect(revealOffset(500, view, span(-200, 800))).toBe(200)
  })

  it('shows the context along with the part when both fit, the part alone when not', () => {
    // The weekdays' row at 250, today's week ending at 820: 570 px, it fits with the row.
    expect(revealOffset(0, view, span(700, 820), span(250, 280))).toBe(120)
    // The weekdays' row at 80 (above), today’s week ending at 670: both fit; the row comes down into sight.
    expect(revealOffset(300, view, span(550, 670), span(80, 110))).toBe(280)
    // The weekdays' row at 150, today's week ending at 900: 750 px, more than the view; the week alone.
    expect(revealOffset(0, view, span(780, 900), span(150, 180))).toBe(200)
  })
})

describe('reveal', () => {
  const box = (top: number, bottom: number) => ({ getBoundingClientRect: () => span(top, bottom) })

  function scroller(scrollTop: number) {
    const moves: Array<{ top: number; behavior: string }> = []
    const element = {
      scrollTop,
      clientTop: 0,
      clientHeight: 600,
      getBoundingClientRect: () => span(100, 700),
      scrollTo: (options: { top: number; behavior: string }) => moves.push(options),
    }
    return { element: element as unknown as HTMLElement, moves }
  }

  it('moves the scroller at once, never gliding', () => {
    const { element, moves } = scroller(40)
    reveal(element, box(760, 880) as unknown as Element)
    expect(moves).toEqual([{ top: 220, behavior: 'instant' }])
  })

  it('leaves a scroller alone when the part is in sight', () => {
    const { element, moves } = scroller(40)
    reveal(element, box(300, 420) as unknown as Element)
    expect(moves).toEqual([])
  })
})
