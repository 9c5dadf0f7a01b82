// Drafts imported from a file: listed once (main's drafts:changed may bring them before the import's answer),
// and the file field keeps the focus while it imports, so Escape still closes the dialog afterwards.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import ImportExportDialog from '../../../renderer/components/planner/ImportExportDialog.vue'
import { useDraftsStore } from '../../../renderer/stores/drafts'
import { useToastsStore } from '../../../renderer/stores/toasts'
import { NOW } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const imported: Draft = {
  id: 'd-imported',
  profileId: 'sandbox',
  status: 'draft',
  post: { ...emptyScheduleRequest(), description: 'Dari CSV', accountId: 'acc-ig', scheduleAt: '' },
  localMedia: [],
  createdAt: NOW,
  updatedAt: NOW,
}

describe('ImportExportDialog', () => {
  let context: TestContext
  beforeEach(() => {
    context = setupTest()
  })
  afterEach(() => document.body.replaceChildren())

  it('lists imported drafts once, though main announced them before the import answered', async () => {
    let disabledWhileImporting: boolean | undefined
    context.fake.api.drafts.import = async () => {
      disabledWhileImporting = document.querySelector<HTMLInputElement>('[data-testid=import-file]')!.disabled
      context.fake.data.drafts = [imported]
      context.fake.draftsChanged([imported])
      return {
        imported: [imported],
        changed: [],
        updatedOnService: [],
        unchanged: 0,
        kept: 0,
        errors: [],
        counts: { new: 1, updated: 0, unchanged: 0, conflict: 0 },
      }
    }
    const store = useDraftsStore()
    const stop = store.subscribe()
    await mountWith(ImportExportDialog, context, { props: { open: true } })
    const input = document.querySelector<HTMLInputElement>('[data-testid=import-file]')!
    const file = new File(['description\nDari CSV\n'], 'drafts.csv', { type: 'text/csv' })
    Object.defineProperty(input, 'files', { value: [file], configurable: true })
    input.dispatchEvent(new Event('change'))
    await flushPromises()
    // The file is previewed first; nothing changes until the person applies it.
    document.querySelector<HTMLButtonElement>('[data-testid="import-apply"]')!.click()
    await flushPromises()
    expect(store.drafts.map((d) => d.id)).toEqual(['d-imported'])
    // The field stays enabled (busy is said with aria-busy): disabling it threw the focus to the page body.
    expect(disabledWhileImporting).toBe(false)
    stop()
  })

  it('schedules every draft the file brought with one call, and says it in one toast', async () => {
    const rows: Draft[] = ['a', 'b', 'c'].map((id, i) => ({
      ...imported,
      id: `csv-${id}`,
      revision: 1,
      post: { ...imported.post, accountId: `acc-${i}`, scheduleAt: '2026-12-01T02:00:00.000Z' },
    }))
    context.fake.api.drafts.import = async () => {
      context.fake.data.drafts = rows
      context.fake.draftsChanged(rows)
      return {
        imported: rows,
        changed: [],
        updatedOnService: [],
        unchanged: 0,
        kept: 0,
        errors: [],
        counts: { new: 3, updated: 0, unchanged: 0, conflict: 0 },
      }
    }
    const stop = useDraftsStore().subscribe()
    await mountWith(ImportExportDialog, context, { props: { open: true } })
    const input = document.querySelector<HTMLInputElement>('[data-testid=import-file]')!
    Object.defineProperty(input, 'files', { value: [new File(['x'], 'posts.csv')], configurable: true })
    input.dispatchEvent(new Event('change'))
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-testid="import-apply"]')!.click()
    await flushPromises()
    const all = document.querySelector<HTMLButtonElement>('[data-testid="import-schedule-all"]')!
    expect(all.textContent).toContain('Schedule all 3 imported')
    all.click()
    await flushPromises()
    expect(context.fake.requests('drafts:schedule-many')).toEqual([
      { drafts: rows.map(({ id }) => ({ id, revision: 1 })) },
    ])
    expect(useToastsStore().items.map((toast) => toast.title)).toEqual(['3 posts scheduled for 3 accounts'])
    expect(document.querySelector('[data-testid="import-schedule-all"]')).toBeNull()
    stop()
  })
})
