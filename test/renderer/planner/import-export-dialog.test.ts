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
      { format: 'csv', content: 'id,description\nsch-1,Moved to ten\n' },
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
      },
    ])
    expect($('[data-testid="import-preview"]')).toBeNull()
    // What it did stays said, and follows the language when the person switches it.
    expect($('[data-testid="import-result"]')!.textContent!.trim()).toBe('0 posts added or updated')
    context.i18n.global.locale.value = 'id'
    await flushPromises()
    expect($('[data-testid="import-result"]')!.textContent!.trim()).toBe(
      '0 postingan ditambahkan atau diperbarui',
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
