// Reusable text end to end in Chromium through the browser mode, on the real host and database: a snippet
// made in Settings, inserted in the composer from the menu and with Ctrl+;, at the caret, taken back with
// Ctrl+Z; one saved by another process on the same database shows without a reload. axe in both themes, and
// screenshots (@screenshots) in both themes and languages at 1280 and 900 px.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { DATABASE_FILE, openDatabase } from '../../main/core/db/database'
import { createSnippetStore } from '../../main/core/snippets/snippet-store'
import { AppShell } from './pages/app-shell'
import { PlannerPage } from './pages/planner-page'
import { screenshotThemes, setLanguage } from './pages/screenshots'
import { audit, type Finding } from './support/axe'
import { expect, test, type BrowserModeApp } from './support/browser-mode'

const SHOTS = join('.test-results', 'screenshots', 'snippets')

/** Another process on the same data folder (the CLI): its own connection to the database file. */
function otherProcess(app: BrowserModeApp) {
  const database = openDatabase({ file: join(app.dataDir, DATABASE_FILE) })
  return { store: createSnippetStore(database), close: () => database.close() }
}

async function makeInSettings(page: Page, kind: 'caption' | 'hashtags', name: string, body: string) {
  await page.getByTestId(`snippet-add-${kind}`).click()
  const dialog = page.getByTestId('snippet-dialog')
  await dialog.getByTestId('snippet-name').fill(name)
  await dialog.getByTestId('snippet-body').fill(body)
  await page.getByTestId('snippet-save').click()
  await expect(dialog).toBeHidden()
}

test('a snippet made in Settings goes in at the caret from the menu and with Ctrl+;, and Ctrl+Z takes it back', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  await shell.open('Settings')
  const panel = appPage.getByTestId('snippets-panel')
  await expect(panel).toContainText('Reusable text')
  // Bad input is said at its field, and nothing is saved.
  await appPage.getByTestId('snippet-add-hashtags').click()
  await appPage.getByTestId('snippet-name').fill('Bali')
  await appPage.getByTestId('snippet-body').fill('bali travel-tips')
  await appPage.getByTestId('snippet-save').click()
  await expect(appPage.getByTestId('snippet-body-error')).toHaveText(
    '“travel-tips” is not a hashtag: use letters, digits and _ only.',
  )
  await appPage.getByTestId('snippet-body').fill('bali, travel\n#sunset')
  await appPage.getByTestId('snippet-save').click()
  await expect(panel).toContainText('#bali #travel #sunset')
  await makeInSettings(appPage, 'caption', 'Sign-off', 'Terima kasih sudah membaca!')
  // A name already used, in another case, is refused by the store.
  await appPage.getByTestId('snippet-add-caption').click()
  await appPage.getByTestId('snippet-name').fill('SIGN-OFF')
  await appPage.getByTestId('snippet-body').fill('Another')
  await appPage.getByTestId('snippet-save').click()
  await expect(appPage.getByTestId('snippet-name-error')).toHaveText(
    'There is already one named “Sign-off”: choose another name.',
  )
  await appPage.keyboard.press('Escape')
  expect((await app.host.call('snippets:list')).map((s) => s.name)).toEqual(['Sign-off', 'Bali'])

  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  const description = appPage.getByTestId('composer-description')
  await description.fill('Pagi di Ubud. Sampai jumpa!')
  // The caret after "Ubud.": the menu's pick goes there, spaced from the words around it.
  await description.evaluate((el) => {
    const field = el as unknown as { setSelectionRange(a: number, b: number): void }
    field.setSelectionRange('Pagi di Ubud.'.length, 'Pagi di Ubud.'.length)
  })
  await appPage.getByTestId('composer-snippets-button').click()
  const menu = appPage.getByTestId('composer-snippets-menu')
  await expect(menu.getByRole('option')).toHaveText([/Sign-off/, /Bali/])
  await menu.getByRole('option', { name: /Bali/ }).click()
  await expect(description).toHaveValue('Pagi di Ubud. #bali #travel #sunset Sampai jumpa!')
  await expect(description).toBeFocused()

  // The shortcut from the end of the text, the keyboard only: filter, arrow, Enter.
  await description.press('End')
  await description.press('Control+;')
  const filter = appPage.getByTestId('composer-snippets-filter')
  await expect(filter).toBeFocused()
  await filter.pressSequentially('terima')
  await expect(menu.getByRole('option')).toHaveCount(1)
  await filter.press('Enter')
  await expect(description).toHaveValue(
    'Pagi di Ubud. #bali #travel #sunset Sampai jumpa! Terima kasih sudah membaca!',
  )
  // The textarea's own undo takes the insertion back, as it would a paste.
  await description.press('Control+z')
  await expect(description).toHaveValue('Pagi di Ubud. #bali #travel #sunset Sampai jumpa!')
  await description.press('Control+z')
  await expect(description).toHaveValue('Pagi di Ubud. Sampai jumpa!')

  // Saved by another process on the same database: in the open menu within the watch's second.
  const other = otherProcess(app)
  try {
    other.store.create({ kind: 'caption', name: 'Dari CLI', body: 'Ditulis di terminal' })
  } finally {
    other.close()
  }
  await description.press('Control+;')
  await expect(menu.getByRole('option', { name: /Dari CLI/ })).toBeVisible()
  // Escape closes the menu, not the composer.
  await filter.press('Escape')
  await expect(menu).toBeHidden()
  await expect(planner.composer).toBeVisible()
  await expect(description).toBeFocused()

  // The draft the composer saved holds the text as shown.
  await appPage.getByTestId('composer-save').click()
  await expect(planner.composer).toBeHidden()
  await expect
    .poll(async () => (await app.host.call('drafts:list')).map((d) => d.post.description))
    .toContain('Pagi di Ubud. Sampai jumpa!')
  expect(consoleErrors).toEqual([])
})

test('deleting a snippet waits for its Undo; the shortcut is in the help', async ({ appPage, app }) => {
  await app.host.call('snippets:create', { kind: 'caption', name: 'Promo', body: 'Diskon 20% hari ini' })
  const shell = new AppShell(appPage)
  await shell.open('Settings')
  const row = appPage.getByTestId('snippets-panel').getByRole('listitem').filter({ hasText: 'Promo' })
  await row.getByRole('button', { name: 'Delete Promo' }).click()
  await expect(row).toBeHidden()
  await appPage.getByRole('button', { name: 'Undo' }).click()
  await expect(row).toBeVisible()
  expect(await app.host.call('snippets:list')).toHaveLength(1)

  const planner = new PlannerPage(appPage)
  await planner.open()
  await appPage.keyboard.press('?')
  await expect(appPage.getByTestId('planner-shortcuts')).toContainText(
    'Insert a snippet or hashtag group, in a text of the composer',
  )
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation in reusable text, ${colorScheme} theme`, async ({
    appPage,
    app,
  }) => {
    await app.host.call('snippets:create', { kind: 'caption', name: 'Sign-off', body: 'Thanks!' })
    await app.host.call('snippets:create', { kind: 'hashtags', name: 'Bali', body: '#bali #travel' })
    await appPage.emulateMedia({ colorScheme })
    const findings: Finding[] = []
    await new AppShell(appPage).open('Settings')
    await expect(appPage.getByTestId('snippets-panel')).toContainText('Bali')
    findings.push(...(await audit(appPage, 'settings: reusable text')))
    await appPage.getByTestId('snippet-add-hashtags').click()
    await appPage.getByTestId('snippet-save').click()
    await expect(appPage.getByTestId('snippet-name-error')).toBeVisible()
    findings.push(...(await audit(appPage, 'snippet dialog with an error')))
    await appPage.keyboard.press('Escape')

    const planner = new PlannerPage(appPage)
    await planner.open()
    await planner.newPost()
    await appPage.getByTestId('composer-description').press('Control+;')
    await expect(appPage.getByTestId('composer-snippets-menu')).toBeVisible()
    findings.push(...(await audit(appPage, 'composer: snippet menu')))
    await appPage.getByTestId('composer-snippets-manage').click()
    await expect(appPage.getByTestId('snippets-manager')).toBeVisible()
    findings.push(...(await audit(appPage, 'composer: snippet manager')))
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  })
}

test(
  'reusable text in both themes and languages, at 1280 and 900 px',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    // 24 pictures on a shared machine: more than the default minute.
    test.setTimeout(180_000)
    mkdirSync(SHOTS, { recursive: true })
    await app.host.call('snippets:create', {
      kind: 'caption',
      name: 'Sign-off',
      body: 'Terima kasih sudah membaca! Sampai jumpa besok pagi di Senja.',
    })
    await app.host.call('snippets:create', {
      kind: 'caption',
      name: 'Link in bio',
      body: 'Menu lengkap: link di bio.',
    })
    await app.host.call('snippets:create', {
      kind: 'hashtags',
      name: 'Kopi',
      body: '#kopi #kopisusu #gulaaren #senja #jakarta #coffeeshop #baristaindonesia #ngopi',
    })
    for (const language of ['en', 'id'] as const) {
      await setLanguage(appPage, language)
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        await go(appPage, '#/settings')
        await appPage.getByTestId('snippets-panel').scrollIntoViewIfNeeded()
        await shots(appPage, `settings-${width}`, language)
        await go(appPage, '#/planner')
        await appPage.getByTestId('planner-new').click()
        await appPage.getByTestId('composer-description').press('Control+;')
        await expect(appPage.getByTestId('composer-snippets-menu')).toBeVisible()
        await shots(appPage, `menu-${width}`, language)
        await appPage.getByTestId('composer-snippets-manage').click()
        await expect(appPage.getByTestId('snippets-manager')).toBeVisible()
        await shots(appPage, `manager-${width}`, language)
        // Leaving the planner closes the composer with it (an empty draft is not kept).
        await appPage.keyboard.press('Escape')
        await go(appPage, '#/settings')
        await expect(appPage.getByTestId('composer')).toBeHidden()
      }
    }
  },
)

/** A view by its address, whatever the language of the navigation's names. */
async function go(page: Page, hash: string) {
  await page.evaluate(
    (h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h),
    hash,
  )
}

async function shots(page: Page, name: string, language: string) {
  await screenshotThemes(page, (theme) => join(SHOTS, `${name}-${theme}-${language}.png`))
}
