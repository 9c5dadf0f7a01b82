// A week planned in a spreadsheet, imported through the planner's dialog in Chromium against the real embedded
// sandbox, in English and in Bahasa Indonesia: a CSV as Excel on Windows saves it (Windows-1252, times without
// a zone, accounts by username and network) is read as its text in the planner's zone, the preview names the
// zone, the date order and each row's fate, and the result says it in the preview's counts. A file with
// problems lists every problem of every row at once, in the interface's language. A file over the app's limit
// is refused by its size before it is sent: 50 MB in browser mode used to close the socket. axe in both themes;
// screenshots (@screenshots) in both themes and languages at 1366×768 and 900 px.
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { PlannerPage } from './pages/planner-page'
import { screenshotThemes, setLanguage } from './pages/screenshots'
import { auditInBothThemes } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const SHOTS = join('.test-results', 'screenshots', 'import-spreadsheet')

// The planner reads times in the computer's zone: Jakarta's here, so 09:00 is 02:00 UTC.
test.use({ timezoneId: 'Asia/Jakarta' })

type Language = 'en' | 'id'

const words = {
  en: {
    zone: 'Times without a zone were read in Asia/Jakarta',
    latin1: 'read as Windows text (Latin-1)',
    dayFirst: 'Day first (5 December)',
    create: 'Create a draft',
    done: 'Done: 2 created, 0 updated, 0 left unchanged and 0 in conflict kept as they are now.',
    timeProblem: 'Not a time this import reads',
    typeProblem: 'Must be one of: text,',
    booleanProblem: 'Must be true or false',
    tooLarge: 'This file is 52.4 MB; Mediadeck imports files of at most 5 MB.',
  },
  id: {
    zone: 'Waktu tanpa zona dibaca dalam Asia/Jakarta',
    latin1: 'dibaca sebagai teks Windows (Latin-1)',
    dayFirst: 'Hari lebih dulu (5 Desember)',
    create: 'Membuat draf',
    done: 'Selesai: 2 dibuat, 0 diperbarui, 0 dibiarkan tidak berubah, dan 0 bentrok disimpan seperti sekarang.',
    timeProblem: 'Bukan waktu yang dapat dibaca impor ini',
    typeProblem: 'Harus salah satu dari: text,',
    booleanProblem: 'Harus true atau false',
    tooLarge: 'Berkas ini 52.4 MB; Mediadeck mengimpor berkas paling besar 5 MB.',
  },
} as const

/** The planner, in `language`, with the Import / export dialog open. */
async function openDialog(page: Page, language: Language) {
  await new PlannerPage(page).open()
  await setLanguage(page, language)
  await page.getByTestId('planner-transfer').click()
  await expect(page.getByTestId('import-file')).toBeAttached()
}

/** Two posts as a person types them in Excel on Windows: Windows-1252 bytes, spreadsheet times, usernames. */
function excelSheet(stamp: string): Buffer {
  const csv = Papa.unparse([
    ['account', 'network', 'scheduleAt', 'type', 'description'],
    ['kopisenja.id', 'instagram', '05/12/2026 09:00', 'text', `Café naïve ${stamp}`],
    ['@kopisenja', 'facebook', '2026-12-06 10:30', 'text', `Kopi ${stamp}`],
  ])
  return Buffer.from(csv, 'latin1')
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer })
}

async function accountId(app: BrowserModeApp, username: string): Promise<string> {
  const page = await app.host.active().client.listAccounts({ page: 1, limit: 100 })
  return page.docs.find((a) => a.username === username)!.id
}

for (const language of ['en', 'id'] as const) {
  test(`a sheet Excel saved on Windows is imported as written, in the planner's zone (${language})`, async ({
    appPage,
    app,
    consoleErrors,
  }) => {
    const say = words[language]
    await openDialog(appPage, language)
    const stamp = String(Date.now())
    await chooseFile(appPage, 'minggu-ini.csv', excelSheet(stamp))
    const preview = appPage.getByTestId('import-preview')
    await expect(preview).toBeVisible()
    await expect(appPage.getByTestId('import-zone')).toContainText(say.zone)
    await expect(appPage.getByTestId('import-encoding')).toContainText(say.latin1)
    await expect(
      appPage.getByTestId('import-date-order').getByRole('radio', { name: say.dayFirst }),
    ).toBeChecked()
    await expect(appPage.getByTestId('import-row-2')).toContainText(say.create)
    await expect(appPage.getByTestId('import-row-2')).toContainText(`Café naïve ${stamp}`)
    await expect(appPage.getByTestId('import-row-3')).toContainText(`Kopi ${stamp}`)

    await appPage.getByTestId('import-apply').click()
    await expect(appPage.getByTestId('import-result')).toHaveText(say.done)
    const drafts = (await app.host.call('drafts:list')).filter((d) => d.post.description.endsWith(stamp))
    expect(drafts.map((d) => [d.post.description, d.post.scheduleAt, d.post.accountId])).toEqual([
      [`Café naïve ${stamp}`, '2026-12-05T02:00:00.000Z', await accountId(app, 'kopisenja.id')],
      [`Kopi ${stamp}`, '2026-12-06T03:30:00.000Z', await accountId(app, 'kopisenja')],
    ])
    expect(consoleErrors).toEqual([])
  })

  test(`every problem of every row is listed at once, with its row and column (${language})`, async ({
    appPage,
  }) => {
    const say = words[language]
    await openDialog(appPage, language)
    const bad =
      'scheduleAt,type,additionalInfo.isDraft,description\n31/31/2026 09:00,poem,maybe,x\nok,text,no,y\n'
    await chooseFile(appPage, 'salah.csv', Buffer.from(bad))
    const table = appPage.getByTestId('import-errors')
    await expect(table).toBeVisible()
    const rows = table.locator('tbody tr')
    await expect(rows).toHaveCount(4)
    await expect(rows.nth(0)).toContainText('2')
    await expect(rows.filter({ hasText: 'additionalInfo.isDraft' })).toContainText(say.booleanProblem)
    await expect(rows.filter({ hasText: 'type' })).toContainText(say.typeProblem)
    const times = rows.filter({ hasText: 'scheduleAt' })
    await expect(times).toHaveCount(2)
    await expect(times.nth(0)).toContainText(say.timeProblem)
    await expect(times.nth(1)).toContainText('3')
  })
}

test("a 50 MB file is refused by its size with the app's limit, and the app keeps answering", async ({
  appPage,
}) => {
  await openDialog(appPage, 'en')
  const big = join(tmpdir(), `mediadeck-big-${process.pid}.csv`)
  // 52.4 MB of one long caption: over the socket's 32 MB frame if it were sent.
  writeFileSync(big, `description\n"${'a'.repeat(52_400_000 - 16)}"\n`)
  await appPage.getByTestId('import-file').setInputFiles(big)
  await expect(appPage.getByTestId('import-result')).toContainText(words.en.tooLarge)
  // The connection is still there: a file of the right size is previewed.
  await chooseFile(appPage, 'small.csv', Buffer.from('description\nstill here\n'))
  await expect(appPage.getByTestId('import-row-2')).toContainText('still here')
  await expect(appPage.getByText('Mediadeck has stopped')).toHaveCount(0)
})

test('the export names each post with its account username and network, beside the id', async ({
  appPage,
}) => {
  await openDialog(appPage, 'en')
  const download = appPage.waitForEvent('download')
  await appPage.getByTestId('export-csv').click()
  const path = await (await download).path()
  const { readFileSync } = await import('node:fs')
  const sheet = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true })
  expect(sheet.meta.fields).toEqual(expect.arrayContaining(['accountId', 'account', 'network']))
  const named = sheet.data.filter((r) => r.accountId && r.account && r.network)
  expect(named.length).toBeGreaterThan(0)
})

test('no serious or critical axe violation in the spreadsheet preview and the problems', async ({
  appPage,
}) => {
  await openDialog(appPage, 'id')
  await chooseFile(appPage, 'minggu-ini.csv', excelSheet('axe'))
  await expect(appPage.getByTestId('import-preview')).toBeVisible()
  const findings = await auditInBothThemes(appPage, 'spreadsheet preview')
  await chooseFile(appPage, 'salah.csv', Buffer.from('scheduleAt,type\n31/31/2026 09:00,poem\n'))
  await expect(appPage.getByTestId('import-errors')).toBeVisible()
  findings.push(...(await auditInBothThemes(appPage, 'spreadsheet problems')))
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

test(
  'the spreadsheet preview in both themes and languages, at 1366×768 and 900 px',
  { tag: '@screenshots' },
  async ({ appPage }) => {
    mkdirSync(SHOTS, { recursive: true })
    await openDialog(appPage, 'en')
    for (const language of ['en', 'id'] as const) {
      await setLanguage(appPage, language)
      for (const [width, height] of [
        [1366, 768],
        [900, 768],
      ] as const) {
        await appPage.setViewportSize({ width, height })
        await chooseFile(appPage, 'minggu-ini.csv', excelSheet('shot'))
        await appPage.getByTestId('import-preview').scrollIntoViewIfNeeded()
        await screenshotThemes(appPage, (theme) => join(SHOTS, `preview-${width}-${theme}-${language}.png`))
        await chooseFile(appPage, 'salah.csv', Buffer.from('scheduleAt,type\n31/31/2026 09:00,poem\n'))
        await appPage.getByTestId('import-errors').scrollIntoViewIfNeeded()
        await screenshotThemes(appPage, (theme) => join(SHOTS, `problems-${width}-${theme}-${language}.png`))
      }
    }
  },
)
