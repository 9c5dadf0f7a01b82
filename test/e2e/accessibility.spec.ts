// The accessibility audit: axe-core (through @axe-core/playwright) over every view and every dialog of the app,
// in the light and the dark theme, against the real host in browser mode. No serious or critical violation
// may remain; a failure lists each rule with the elements it found, so the fix can go to its root.
import { AppShell } from './pages/app-shell'
import { PlannerPage } from './pages/planner-page'
import { audit, type Finding } from './support/axe'
import { expect, test } from './support/browser-mode'

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation in any view or dialog, ${colorScheme} theme`, async ({
    appPage,
  }) => {
    test.setTimeout(180_000)
    await appPage.emulateMedia({ colorScheme })
    const shell = new AppShell(appPage)
    const findings: Finding[] = []

    // Library, with the file preview, the storage doctor and the delete confirmation.
    await expect(shell.heading('Library')).toBeVisible()
    await expect(appPage.getByTestId('stored-file').first()).toBeVisible()
    findings.push(...(await audit(appPage, 'library')))
    await appPage.getByTestId('file-preview-open').first().click()
    await expect(appPage.getByTestId('file-preview')).toBeVisible()
    findings.push(...(await audit(appPage, 'file preview')))
    await appPage.keyboard.press('Escape')
    await expect(appPage.getByTestId('file-preview')).toBeHidden()
    await appPage.getByTestId('doctor-open').click()
    await expect(appPage.getByTestId('storage-doctor')).toBeVisible()
    findings.push(...(await audit(appPage, 'storage doctor')))
    await appPage.keyboard.press('Escape')
    await appPage.getByTestId('stored-file').first().getByRole('checkbox').check()
    await appPage.getByTestId('bulk-delete').click()
    await expect(appPage.getByRole('alertdialog').or(appPage.getByRole('dialog'))).toBeVisible()
    findings.push(...(await audit(appPage, 'confirm delete')))
    await appPage.keyboard.press('Escape')

    // Automations with a detail open.
    await shell.open('Automations')
    await appPage.getByTestId('automation-title').first().click()
    await expect(appPage.getByRole('heading', { level: 2 }).first()).toBeVisible()
    findings.push(...(await audit(appPage, 'automations with a detail')))

    // Planner: month, week and list, the composer and the shortcuts.
    const planner = new PlannerPage(appPage)
    await planner.open()
    findings.push(...(await audit(appPage, 'planner month')))
    await appPage.getByTestId('planner-view-week').click()
    await expect(appPage.getByTestId('planner-week')).toBeVisible()
    findings.push(...(await audit(appPage, 'planner week')))
    await appPage.getByTestId('planner-view-list').click()
    findings.push(...(await audit(appPage, 'planner list')))
    await planner.newPost()
    findings.push(...(await audit(appPage, 'composer')))
    await appPage.keyboard.press('Escape')
    await expect(planner.composer).toBeHidden()
    await appPage.keyboard.press('?')
    await expect(appPage.getByRole('dialog')).toBeVisible()
    findings.push(...(await audit(appPage, 'shortcuts')))
    await appPage.keyboard.press('Escape')

    // Settings, with About.
    await shell.open('Settings')
    await expect(appPage.getByTestId('about-panel')).toBeVisible()
    findings.push(...(await audit(appPage, 'settings and about')))

    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  })
}
