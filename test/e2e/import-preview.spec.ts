// The planner's Import / export dialog end to end, in Chromium through the browser mode against the real
// embedded sandbox: export the posts as CSV (the page's own download), change one scheduled post's text and
// time in the file, import. The preview says 1 to update before anything changes; confirmed, the same post on
// the service changed, and nothing was duplicated. A row edited from an older copy of a post that has moved on
// since is a conflict, and the person's choice for it is what the service ends up with. axe in both themes;
// screenshots (@screenshots) in both themes and languages at 1280 and 900 px.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { readAllPages } from '../../main/core/storage/read-all-pages'
import { PlannerPage } from './pages/planner-page'
import { screenshotThemes, setLanguage } from './pages/screenshots'
import { audit, type Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const SHOTS = join('.test-results', 'screenshots', 'import-preview')

type Row = Record<string, string>

/** Opens the dialog, exports the planner's period as CSV through the page's download, and reads the file. */
async function exportCsv(page: Page): Promise<{ fields: string[]; rows: Row[] }> {
  await page.getByTestId('planner-transfer').click()
  const download = page.waitForEvent('download')
  await page.getByTestId('export-csv').click()
  const file = await (await download).path()
  const sheet = Papa.parse<Row>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true })
  expect(sheet.errors).toEqual([])
  return { fields: sheet.meta.fields!, rows: sheet.data }
}

const allPosts = (app: BrowserModeApp) =>
  readAllPages((page, limit) => app.host.active().client.listSchedules({ page, limit }), {
    what: 'scheduled posts',
  })

/** Two pending posts of the service in the file: what an import may still change. */
function pendingRows(rows: Row[]): [Row, Row] {
  const pending = rows.filter((row) => row.id && row.status === 'pending' && row.accountId && row.scheduleAt)
  expect(pending.length).toBeGreaterThanOrEqual(2)
  return [pending[0]!, pending[1]!]
}

/** One hour later, written as the file writes times: in the planner's zone, with its offset. */
function hourLater(time: string): string {
  const offset = /([+-]\d\d:\d\d|Z)$/.exec(time)![1]!
  const later = new Date(Date.parse(time) + 3_600_000)
  if (offset === 'Z') return later.toISOString()
  const sign = offset.startsWith('-') ? -1 : 1
  const [h, m] = offset.slice(1).split(':').map(Number) as [number, number]
  const local = new Date(later.getTime() + sign * (h * 60 + m) * 60_000)
  return `${local.toISOString().slice(0, 23)}${offset}`
}

/**
 * The file as exported with row A's text and time changed, and row B edited from that same (now older) copy
 * while the post itself was changed elsewhere after the export: B is a conflict.
 */
async function preparedImport(page: Page, app: BrowserModeApp) {
  const planner = new PlannerPage(page)
  await planner.open()
  const sheet = await exportCsv(page)
  const [a, b] = pendingRows(sheet.rows)
  const stamp = Date.now()
  const original = { a: { ...a }, b: { ...b } }
  // Changed elsewhere after the export: another window imported its own edit of B.
  const elsewhere = sheet.rows.map((row) => (row === b ? { ...row, description: `Elsewhere ${stamp}` } : row))
  const other = await app.host.call('drafts:import', {
    format: 'csv',
    content: Papa.unparse({ fields: sheet.fields, data: elsewhere }),
  })
  expect(other.updatedOnService).toEqual([b.id])
  a.description = `Moved an hour ${stamp}`
  a.scheduleAt = hourLater(original.a.scheduleAt!)
  b.description = `From the file ${stamp}`
  const content = Papa.unparse({ fields: sheet.fields, data: sheet.rows })
  // Rows are counted as a spreadsheet shows them: the header is row 1.
  const conflictRow = sheet.rows.indexOf(b) + 2
  return { a: original.a, b: original.b, stamp, content, newTime: a.scheduleAt, conflictRow }
}

async function chooseFile(page: Page, content: string) {
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') })
  await expect(page.getByTestId('import-preview')).toBeVisible()
}

test('a row changed in the file updates the same post in place after the preview; a conflict follows the choice', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const { a, b, stamp, content, newTime, conflictRow } = await preparedImport(appPage, app)
  const postsBefore = (await allPosts(app)).length
  const draftsBefore = (await app.host.call('drafts:list')).length

  await chooseFile(appPage, content)
  const preview = appPage.getByTestId('import-preview')
  await expect(preview.getByRole('status')).toHaveText(
    /This file has 0 new, 1 to update, \d+ unchanged and 1 in conflict\./,
  )
  // Nothing changed before the person confirms.
  expect((await app.host.active().client.getSchedule(a.id!)).description).toBe(a.description)
  // The one conflict is row B, named by its row and the time each version was made.
  await expect(appPage.getByTestId('import-conflicts').getByRole('row')).toHaveCount(2)
  const conflict = appPage.getByTestId(`conflict-${conflictRow}`)
  await expect(conflict).toContainText('File edited from the version of')
  // Keeping the post as it is now is the default; the person takes the file's version instead.
  await expect(conflict.getByRole('radio', { name: 'The post as it is now' })).toBeChecked()
  await conflict.getByRole('radio', { name: "The file's version" }).check()
  await appPage.getByTestId('import-apply').click()
  // What it did, in the preview's words: the conflict taken from the file is one more update.
  await expect(appPage.getByTestId('import-result')).toHaveText(
    /^Done: 0 created, 2 updated, \d+ left unchanged and 0 in conflict kept as they are now\.$/,
  )
  // The focus stays in the dialog, on the file field.
  await expect(appPage.getByTestId('import-file')).toBeFocused()

  const after = await app.host.active().client.getSchedule(a.id!)
  expect(after.description).toBe(`Moved an hour ${stamp}`)
  expect(Date.parse(after.scheduleAt)).toBe(Date.parse(newTime))
  expect(Date.parse(newTime) - Date.parse(a.scheduleAt!)).toBe(3_600_000)
  expect((await app.host.active().client.getSchedule(b.id!)).description).toBe(`From the file ${stamp}`)
  // Nothing duplicated: as many posts on the service and drafts here as before.
  expect((await allPosts(app)).length).toBe(postsBefore)
  expect((await app.host.call('drafts:list')).length).toBe(draftsBefore)

  // The same file again: nothing left to change.
  await chooseFile(appPage, content)
  await expect(appPage.getByTestId('import-preview').getByRole('status')).toHaveText(
    /This file has 0 new, 0 to update, \d+ unchanged and 0 in conflict\./,
  )
  await appPage.getByTestId('import-cancel').click()
  await expect(appPage.getByTestId('import-preview')).toBeHidden()
  expect(consoleErrors).toEqual([])
})

test('keeping the post as it is now leaves the conflicting post untouched', async ({ appPage, app }) => {
  const { b, stamp, content } = await preparedImport(appPage, app)
  await chooseFile(appPage, content)
  await appPage.getByTestId('import-apply').click()
  await expect(appPage.getByTestId('import-result')).toHaveText(
    /^Done: 0 created, 1 updated, \d+ left unchanged and 1 in conflict kept as they are now\.$/,
  )
  expect((await app.host.active().client.getSchedule(b.id!)).description).toBe(`Elsewhere ${stamp}`)
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation in the import preview, ${colorScheme} theme`, async ({
    appPage,
    app,
  }) => {
    const { content } = await preparedImport(appPage, app)
    await appPage.emulateMedia({ colorScheme })
    await chooseFile(appPage, content)
    await expect(appPage.getByTestId('import-conflicts')).toBeVisible()
    const findings: Finding[] = [...(await audit(appPage, 'import preview with a conflict'))]
    await appPage.getByTestId('import-apply').click()
    await expect(appPage.getByTestId('import-result')).toBeVisible()
    findings.push(...(await audit(appPage, 'import applied')))
    // A file with a bad row: the refusal table.
    await appPage.getByTestId('import-file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('description,scheduleAt\nx,tomorrow\n'),
    })
    await expect(appPage.getByTestId('import-errors')).toBeVisible()
    findings.push(...(await audit(appPage, 'import refused')))
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  })
}

test(
  'the import preview in both themes and languages, at 1280 and 900 px',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    mkdirSync(SHOTS, { recursive: true })
    const { content } = await preparedImport(appPage, app)
    await chooseFile(appPage, content)
    await expect(appPage.getByTestId('import-conflicts')).toBeVisible()
    for (const language of ['en', 'id'] as const) {
      await setLanguage(appPage, language)
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        await appPage.getByTestId('import-preview').scrollIntoViewIfNeeded()
        await screenshotThemes(appPage, (theme) => join(SHOTS, `preview-${width}-${theme}-${language}.png`))
      }
    }
  },
)
