// The spreadsheet guard and the zoned time of the CSV cells, alone and through a whole export and import.
import fc from 'fast-check'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import path from 'node:path'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { exportDrafts } from '../../../../main/core/drafts/import-export'
import { importDrafts } from '../../../../main/core/drafts/round-trip'
import { escapeCell, isoInZone, unescapeCell } from '../../../../main/core/drafts/transfer-cells'
import { NOW, sampleDraft, samplePost, tempDir } from './helpers'

describe('escapeCell', () => {
  it('quotes every cell a spreadsheet would run, and only those', () => {
    for (const cell of ['=1+1', '+62 812', '-5', '@SUM(A1)', '\tx', '\rx', "'quoted"]) {
      expect(escapeCell(cell)).toBe(`'${cell}`)
    }
    // Spaces before the formula, the fullwidth equals a spreadsheet also runs, and a DDE pipe.
    for (const cell of [' =1+1', '  @SUM(A1)', '\u00A0=x', '\uFF1D1+1', '\uFF0B1', '|cmd', ' |cmd']) {
      expect(escapeCell(cell)).toBe(`'${cell}`)
    }
    for (const cell of ['', 'Hola', '1+1', ' x', '#tag', 'a=b']) expect(escapeCell(cell)).toBe(cell)
  })

  it('is undone exactly by unescapeCell, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => unescapeCell(escapeCell(s)) === s))
    fc.assert(fc.property(fc.string(), (s) => unescapeCell(escapeCell(s)) === s))
  })
})

describe('isoInZone', () => {
  it("writes the planner's wall-clock time with its offset, naming the same moment", () => {
    expect(isoInZone('2026-03-29T02:30:00.000Z', 'Asia/Jakarta')).toBe('2026-03-29T09:30:00+07:00')
    expect(isoInZone('2026-03-29T02:30:00.250Z', 'America/New_York')).toBe('2026-03-28T22:30:00.250-04:00')
    expect(isoInZone('2026-01-10T02:30:00Z', 'America/New_York')).toBe('2026-01-09T21:30:00-05:00')
    expect(isoInZone('2026-03-29T02:30:00Z', 'Asia/Kolkata')).toBe('2026-03-29T08:00:00+05:30')
  })

  it('leaves an empty time, an unreadable one or an unknown zone as it came', () => {
    expect(isoInZone('', 'Asia/Jakarta')).toBe('')
    expect(isoInZone('soon', 'Asia/Jakarta')).toBe('soon')
    expect(isoInZone('2026-03-29T02:30:00Z', 'Mars/Olympus')).toBe('2026-03-29T02:30:00Z')
    expect(isoInZone('2026-03-29T02:30:00Z', undefined)).toBe('2026-03-29T02:30:00Z')
  })

  it('names the same instant for any time and zone', () => {
    const zones = ['Asia/Jakarta', 'America/St_Johns', 'Pacific/Chatham', 'Europe/London', 'UTC']
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (at, zone) => Date.parse(isoInZone(at.toISOString(), zone)) === at.getTime(),
      ),
    )
  })
})

describe('a caption through export and import', () => {
  let store: DraftStore
  let cleanup: () => Promise<void>
  beforeEach(async () => {
    const t = await tempDir()
    cleanup = t.cleanup
    store = await openStoreAt(path.join(t.dir, 'drafts.json'))
  })
  afterEach(async () => {
    closeStores()
    await cleanup()
  })

  it('is written so a spreadsheet does not run it', () => {
    const draft = sampleDraft({ post: samplePost({ description: '=HYPERLINK("http://evil","x")' }) })
    const { content } = exportDrafts([draft], 'csv', NOW)
    const row = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true }).data[0]!
    expect(row.description).toBe('\'=HYPERLINK("http://evil","x")')
  })

  it('round-trips exactly, whatever it starts with', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string({ unit: 'grapheme' }), async (title, description) => {
        const id = `d${++n}`
        const draft = sampleDraft({ id, post: samplePost({ title, description }) })
        const { content } = exportDrafts([draft], 'csv', NOW)
        const result = await importDrafts(
          { store, client: null, profileId: 'sandbox', now: () => NOW },
          'csv',
          content,
        )
        expect(result.errors).toEqual([])
        const back = store.get(id)!
        expect([back.post.title, back.post.description]).toEqual([title, description])
      }),
      { numRuns: 50 },
    )
  })
})
