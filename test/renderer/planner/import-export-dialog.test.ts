// The Import/export dialog against the fake window.mediadeck: an import is previewed (counts and conflicts)
// and changes nothing until confirmed; each conflict is the person's choice; the export names the range and
// the planner's zone. In English and Indonesian.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ImportPreview } from '../../../common/drafts'
import ImportExportDialog from '../../../renderer/components/planner/ImportExportDialog.vue'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { NOW } from '../support/fixtures'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)
afterEach(() => document.body.replaceChildren())

const preview: ImportPreview = {
  counts: { new: 1, updated: 2, unchanged: 3, conflict: 2 },
  rows: [
    { row: 2, outcome: 'new', target: 'draft', label: 'A new one' },
    { row: 3, outcome: 'updated', target: 'service', id: 'sch-1', label: 'Moved to ten' },
    {
      row: 5,
      outcome: 'conflict',
      target: 'service',
      id: 'sch-2',
      label: 'Edited from an old copy',
      fileUpdatedAt: '2026-11-20T01:00:00.000Z',
      currentUpdatedAt: '2026-11-21T01:00:00.000Z',
    },
    { row: 6, outcome: 'conflict', target: 'draft', id: 'd-3', label: 'Another', currentUpdatedAt: NOW },
  ],
  errors: [],
}

async function mountDialog(locale: 'en' | 'id' = 'en') {
  const context = setupTest({ data: { importPreview: preview }, locale })
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  const wrapper = await mountWith(ImportExportDialog, context, { props: { open: true }, route: '/planner' })
  return { context, wrapper }
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)

async function pickFile(text: string, name = 'posts.csv') {
  const input = $('[data-testid="import-file"]') as HTMLInputElement
  Object.defineProperty(input, 'files', { value: [new File([text], name)], configurable: true })
  input.dispatchEvent(new Event('change'))
  await flushPromises()
}

describe('ImportExportDialog', () => {
  it('shows what the import would do and imports nothing before it is confirmed', async () => {
    const { context } = await mountDialog()
    await pickFile('id,description\nsch-1,Moved to ten\n')
    expect(context.fake.requests('drafts:import-preview')).toEqual([
      { format: 'csv', content: 'id,description\nsch-1,Moved to ten\n', timeZone: 'Asia/Jakarta' },
    ])
    expect($('[data-testid="import-preview"]')!.textContent).toContain(
      '1 new, 2 to update, 3 unchanged and 2 in conflict',
    )
    expect(context.fake.requests('drafts:import')).toEqual([])
    // Only the conflicts ask for a choice; each starts on the post as it is now.
    expect($('[data-testid="conflict-5"]')!.textContent).toContain('Edited from an old copy')
    expect($('[data-testid="conflict-3"]')).toBeNull()
    expect(($('[data-testid="keep-5"]') as HTMLInputElement).checked).toBe(true)
    expect(($('[data-testid="keep-6"]') as HTMLInputElement).checked).toBe(true)

    $('[data-testid="take-5"]')!.click()
    await flushPromises()
    $('[data-testid="import-apply"]')!.click()
    await flushPromises()
    expect(context.fake.requests('drafts:import')).toEqual([
      {
        format: 'csv',
        content: 'id,description\nsch-1,Moved to ten\n',
        choices: { '5': 'file', '6': 'theirs' },
        timeZone: 'Asia/Jakarta',
      },
    ])
    expect($('[data-testid="import-preview"]')).toBeNull()
    // What it did stays said, and follows the language when the person switches it.
    // In the preview's words and counts.
    expect($('[data-testid="import-result"]')!.textContent!.trim()).toBe(
      'Done: 1 created, 2 updated, 3 left unchanged and 2 in conflict kept as they are now.',
    )
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect($('[data-testid="import-result"]')!.textContent!.trim()).toBe(
      'Selesai: 1 dibuat, 2 diperbarui, 3 dibiarkan tidak berubah, dan 2 bentrok disimpan seperti sekarang.',
    )
  })

  it('drops the preview on Cancel without importing', async () => {
    const { context } = await mountDialog()
    await pickFile('[]', 'posts.json')
    expect(context.fake.requests('drafts:import-preview')[0]!.format).toBe('json')
    $('[data-testid="import-cancel"]')!.click()
    await flushPromises()
    expect($('[data-testid="import-preview"]')).toBeNull()
    expect(context.fake.requests('drafts:import')).toEqual([])
  })

  it('says it in Indonesian', async () => {
    await mountDialog('id')
    // The app's own file button, not the browser's "Choose File" in the browser's language.
    expect($('.transfer__pick')!.textContent).toContain('Pilih berkas…')
    expect($('[data-testid="import-file-name"]')!.textContent).toBe('Belum ada berkas yang dipilih')
    await pickFile('x', 'jadwal-november.csv')
    expect($('[data-testid="import-file-name"]')!.textContent).toBe('jadwal-november.csv')
    const text = $('[data-testid="import-preview"]')!.textContent!
    expect(text).toContain('1 baru, 2 untuk diperbarui, 3 tidak berubah, dan 2 bentrok')
    expect(text).toContain('Versi dari berkas')
  })

  it('names what each row will do', async () => {
    await mountDialog()
    await pickFile('x')
    expect($('[data-testid="import-row-2"]')!.textContent).toContain('Create a draft')
    expect($('[data-testid="import-row-2"]')!.textContent).toContain('A new one')
    expect($('[data-testid="import-row-3"]')!.textContent).toContain('Update')
    // Conflicts are asked about in their own table.
    expect($('[data-testid="import-row-5"]')).toBeNull()
  })

  it('says the zone and the date order it read the times in, and reads again in the other order', async () => {
    const { context } = await mountDialog('id')
    context.fake.data.importPreview = {
      ...preview,
      reading: { timeZone: 'Asia/Jakarta', dateOrder: 'dmy', dayMonth: true, ambiguous: true },
    }
    await pickFile('scheduleAt\n05/12/2026 09:00\n')
    expect($('[data-testid="import-zone"]')!.textContent).toContain('Asia/Jakarta')
    const order = $('[data-testid="import-date-order"]')!
    expect(order.textContent).toContain('Hari lebih dulu')
    const monthFirst = [...order.querySelectorAll('input')].find((i) => i.value === 'mdy')!
    monthFirst.click()
    await flushPromises()
    expect(context.fake.requests('drafts:import-preview').at(-1)).toMatchObject({
      timeZone: 'Asia/Jakarta',
      dateOrder: 'mdy',
    })
  })

  it("lists every row's problem in the interface's language, with its row and column", async () => {
    const { context } = await mountDialog('id')
    context.fake.data.importPreview = {
      counts: { new: 0, updated: 0, unchanged: 0, conflict: 0 },
      rows: [],
      errors: [
        { row: 3, field: 'scheduleAt', message: 'must be a time', code: 'time-format' },
        {
          row: 4,
          field: 'type',
          message: 'must be one of',
          code: 'one-of',
          params: { options: 'text, image' },
        },
        { row: 4, field: 'accountId', message: 'English only' },
      ],
    }
    await pickFile('x')
    const rows = [...document.querySelectorAll('[data-testid="import-errors"] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
    )
    expect(rows).toEqual([
      ['3', 'scheduleAt', expect.stringContaining('Bukan waktu yang dapat dibaca')],
      ['4', 'type', 'Harus salah satu dari: text, image.'],
      // A problem without a code this version knows is shown as main worded it.
      ['4', 'accountId', 'English only'],
    ])
  })

  it('reads a Windows (Latin-1) file as its text and says so', async () => {
    const { context } = await mountDialog()
    const bytes = new Uint8Array([...new TextEncoder().encode('description\nCaf'), 0xe9, 0x0a])
    const input = $('[data-testid="import-file"]') as HTMLInputElement
    Object.defineProperty(input, 'files', { value: [new File([bytes], 'excel.csv')], configurable: true })
    input.dispatchEvent(new Event('change'))
    await flushPromises()
    expect(context.fake.requests('drafts:import-preview')[0]!.content).toBe('description\nCafé\n')
    expect($('[data-testid="import-encoding"]')!.textContent).toContain('Latin-1')
  })

  it("refuses a file over the app's limit by its size, without sending it", async () => {
    const { context } = await mountDialog()
    const input = $('[data-testid="import-file"]') as HTMLInputElement
    const big = new File([new Uint8Array(10_000_000)], 'big.csv')
    Object.defineProperty(input, 'files', { value: [big], configurable: true })
    input.dispatchEvent(new Event('change'))
    await flushPromises()
    expect(context.fake.requests('drafts:import-preview')).toEqual([])
    expect($('[data-testid="import-result"]')!.textContent).toContain(
      'This file is 10.0 MB; Mediadeck imports files of at most 5 MB.',
    )
  })

  it('downloads a template beside the import button, and shows how to fill it in', async () => {
    const { context } = await mountDialog()
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: () => undefined })
    $('[data-testid="import-template"]')!.click()
    await flushPromises()
    expect(context.fake.requests('drafts:export')).toEqual([
      { format: 'csv', template: true, timeZone: 'Asia/Jakarta' },
    ])
    expect($('[data-testid="import-format"]')!.textContent).toContain('05/12/2026 09:00')
  })

  it("exports the chosen days of the planner's zone, with the zone", async () => {
    const { context } = await mountDialog()
    const created = vi.fn(() => 'blob:x')
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined })
    $('[data-testid="export-csv"]')!.click()
    await flushPromises()
    const [request] = context.fake.requests('drafts:export')
    expect(request).toMatchObject({ format: 'csv', timeZone: 'Asia/Jakarta' })
    // Whole days from midnight in Jakarta (UTC+7): a start at 17:00 UTC the evening before.
    expect(request!.from).toMatch(/T17:00:00\.000Z$/)
    expect(request!.to).toMatch(/T17:00:00\.000Z$/)
    expect(Date.parse(request!.to!)).toBeGreaterThan(Date.parse(request!.from!))
    expect(created).toHaveBeenCalled()
  })
})
