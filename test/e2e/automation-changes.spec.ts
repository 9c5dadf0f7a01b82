// Changing automations and reading what they did, through the browser mode on the sandbox's demo data: a rule
// switched off from the reader, texts and delays edited, a template applied, one created and one deleted behind
// Undo (sent when the toast closes, or when the window goes), offline controls disabled, and the Activity view
// filtered and retried. Also its axe audit in both themes and its screenshots (1280 and 900 px, light and dark,
// English and Bahasa Indonesia) under .test-results/screenshots/.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { AutomationsPage } from './pages/automations-page'
import { animationsSettled } from './support/animations'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'

async function seriousAxe(page: Page, where: string) {
  // Let transitions end (by their own promises, not a guessed 400 ms): axe measures colours as painted.
  await animationsSettled(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
}

function openId(page: Page): string {
  return new URL(page.url().replace('#/', '')).searchParams.get('open')!
}

test('switches a rule off, edits texts and a delay, applies a template, and the service holds it', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await automations.rows.first().getByRole('link').click()
  await expect(automations.detail).toBeVisible()
  const id = openId(appPage)
  const before = await app.host.call('automations:get', { id })

  // The switch in the reader sends at once.
  const like = automations.rule('like').getByRole('switch')
  await expect(like).toHaveAttribute('aria-checked', String(before.config.like.isActive))
  await like.click()
  await expect(like).toHaveAttribute('aria-checked', String(!before.config.like.isActive))
  await expect
    .poll(async () => (await app.host.call('automations:get', { id })).config.like.isActive)
    .toBe(!before.config.like.isActive)

  // The editor: the reply as a fixed text, a new text, a two-minute wait, exception words.
  await automations.detail.getByTestId('automation-edit').click()
  const editor = appPage.getByTestId('automation-editor')
  const reply = editor.locator('fieldset[data-rule="reply"]')
  await reply.getByTestId('edit-active').check()
  await reply.getByTestId('edit-type').selectOption('text')
  await reply.getByTestId('edit-text').fill('Terima kasih! Info lengkap di DM ya')
  await reply.getByTestId('edit-delay-active').check()
  await reply.getByTestId('edit-delay-value').fill('2')
  await reply.getByTestId('edit-delay-unit').selectOption('minute')
  await reply.getByTestId('edit-exception-active').check()
  await reply.getByTestId('edit-exception').fill('judi, slot')
  await reply.getByTestId('edit-exception').blur()
  await reply.getByTestId('edit-answer-add').click()
  await reply.getByTestId('edit-answer-keyword').last().fill('ongkir')
  await reply.getByTestId('edit-answer-text').last().fill('Ongkir gratis se-Jawa')
  await editor.getByTestId('editor-save').click()
  await expect(editor).toBeHidden()
  const saved = await app.host.call('automations:get', { id })
  expect(saved.config.reply).toMatchObject({
    isActive: true,
    type: 'text',
    text: 'Terima kasih! Info lengkap di DM ya',
    delay: { isActive: true, value: 2, type: 'minute' },
    exception: { isActive: true, keywords: ['judi', 'slot'] },
  })
  expect(saved.config.reply.keyword.values.at(-1)).toEqual({
    keyword: 'ongkir',
    text: 'Ongkir gratis se-Jawa',
  })
  await expect(automations.rule('reply')).toContainText('Terima kasih! Info lengkap di DM ya')

  // A template fills the form; nothing is sent until Save.
  const [template] = await app.host.call('templates:list')
  await automations.detail.getByTestId('automation-edit').click()
  await editor.getByTestId('template-select').selectOption({ label: template!.name })
  await editor.getByTestId('template-apply').click()
  await expect(editor.locator('fieldset[data-rule="story"]').getByTestId('edit-text')).toHaveValue(
    template!.config.story.text,
  )
  expect((await app.host.call('automations:get', { id })).config.story).toEqual(saved.config.story)
  await editor.getByTestId('editor-save').click()
  await expect(editor).toBeHidden()
  const applied = await app.host.call('automations:get', { id })
  expect(applied.config.story.text).toBe(template!.config.story.text)
  expect(applied.config.delete).toEqual(template!.config.delete)
  expect(consoleErrors).toEqual([])
})

test('creates an automation for a published post, then deletes it behind Undo', async ({ appPage, app }) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  const total = (await app.host.call('automations:list', { page: 1, limit: 1 })).value.totalDocs

  await appPage.getByTestId('automation-new').click()
  const dialog = appPage.getByTestId('new-automation')
  // The first connected account with a published post (a WhatsApp account, say, has none to answer on).
  const accountOptions = await dialog.getByTestId('create-account').locator('option').count()
  for (let index = 1; index < accountOptions; index += 1) {
    await dialog.getByTestId('create-account').selectOption({ index })
    // Settled: the account's posts arrived (their first option no longer says it is loading).
    await expect(dialog.getByTestId('create-content').locator('option').first()).not.toHaveText('Loading…')
    if (await dialog.getByTestId('create-content').isEnabled()) break
  }
  await expect(dialog.getByTestId('create-content')).toBeEnabled()
  await dialog.getByTestId('create-content').selectOption({ index: 1 })
  await appPage.getByTestId('create-submit').click()
  await expect(automations.detail).toBeVisible()
  const id = openId(appPage)
  expect((await app.host.call('automations:list', { page: 1, limit: 1 })).value.totalDocs).toBe(total + 1)
  // No template: every rule starts off.
  await expect(automations.detail.getByRole('switch', { checked: true })).toHaveCount(0)

  // Delete asks first; Undo brings it back and nothing is sent.
  await automations.detail.getByTestId('automation-delete').click()
  await appPage.getByTestId('confirm-cancel').click()
  await automations.detail.getByTestId('automation-delete').click()
  await appPage.getByRole('dialog').getByRole('button', { name: 'Delete automation' }).click()
  await expect(automations.detail).toBeHidden()
  await appPage.getByTestId('toast-undo').click()
  expect((await app.host.call('automations:get', { id })).id).toBe(id)

  // Deleted again: the toast closing sends the DELETE.
  await appPage.goto(`${app.url}#/automations?open=${id}`)
  await expect(automations.detail).toBeVisible()
  await automations.detail.getByTestId('automation-delete').click()
  await appPage.getByRole('dialog').getByRole('button', { name: 'Delete automation' }).click()
  await appPage.getByTestId('toast').getByRole('button', { name: 'Dismiss' }).click()
  await expect
    .poll(() =>
      app.host.call('automations:get', { id }).then(
        () => 'there',
        () => 'gone',
      ),
    )
    .toBe('gone')
})

test('a delete pending behind Undo is sent when the window goes', async ({ appPage, app }) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await automations.rows.first().getByRole('link').click()
  await expect(automations.detail).toBeVisible()
  const id = openId(appPage)
  await automations.detail.getByTestId('automation-delete').click()
  await appPage.getByRole('dialog').getByRole('button', { name: 'Delete automation' }).click()
  await expect(appPage.getByTestId('toast-undo')).toBeVisible()
  await appPage.reload()
  await expect
    .poll(() =>
      app.host.call('automations:get', { id }).then(
        () => 'there',
        () => 'gone',
      ),
    )
    .toBe('gone')
})

test('offline, the controls that change an automation are disabled and say why', async ({ appPage, app }) => {
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await automations.rows.first().getByRole('link').click()
  await expect(automations.detail).toBeVisible()
  await app.host.sandbox.stop()
  try {
    await app.host.call('connection:check', undefined).catch(() => undefined)
    await expect(automations.detail.getByTestId('changes-offline')).toBeVisible({ timeout: 20_000 })
    await expect(automations.detail.getByTestId('automation-edit')).toBeDisabled()
    await expect(automations.detail.getByTestId('automation-delete')).toBeDisabled()
    for (const toggle of await automations.detail.getByRole('switch').all())
      await expect(toggle).toBeDisabled()
    await expect(appPage.getByTestId('automation-new')).toBeDisabled()
    await shell.open('Activity')
    await expect(appPage.getByTestId('retry-offline')).toBeVisible()
  } finally {
    await app.host.sandbox.start()
  }
})

test('Activity: filters, failures in plain words, retry one and several', async ({ appPage, app }) => {
  const shell = new AppShell(appPage)
  await shell.open('Activity')
  const rows = appPage.getByTestId('report-row')
  await expect(rows.first()).toBeVisible()
  await appPage.getByTestId('filter-status').getByRole('combobox').selectOption({ label: 'Failed' })
  const failed = (await app.host.call('reports:list', { page: 1, limit: 20, status: 'error' })).value.docs
  await expect(rows).toHaveCount(failed.length)
  for (const status of await rows.getByTestId('report-status').allTextContents()) {
    expect(status.trim()).toBe('Failed')
  }
  // The disconnected account's failure is said in the person's words, not the service's.
  await expect(appPage.getByText(/is disconnected: reconnect it, then retry/).first()).toBeVisible()

  const fixable = failed.find((r) => r.account?.isConnected)!
  await rows.filter({ hasText: fixable.value.text }).first().getByTestId('report-retry').click()
  await expect(appPage.getByTestId('toast').last()).toContainText('worked')
  await expect
    .poll(async () => (await app.host.call('reports:get', { id: fixable.id })).status)
    .toBe('success')

  await appPage.getByTestId('select-all-failed').check()
  await appPage.getByTestId('retry-selected').click()
  await expect(appPage.getByTestId('toast').last()).toContainText('retried')
})

test('axe: no serious or critical finding in the editor, dialogs and Activity, both themes', async ({
  appPage,
}) => {
  test.setTimeout(axeTimeout(8))
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  const findings = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await appPage.emulateMedia({ colorScheme })
    await shell.open('Automations')
    await automations.rows.first().getByRole('link').click()
    await automations.detail.getByTestId('automation-edit').click()
    await expect(appPage.getByTestId('automation-editor')).toBeVisible()
    findings.push(...(await seriousAxe(appPage, `editor ${colorScheme}`)))
    await appPage.getByTestId('editor-cancel').click()
    await appPage.getByTestId('automation-delete').click()
    findings.push(...(await seriousAxe(appPage, `confirm delete ${colorScheme}`)))
    await appPage.getByTestId('confirm-cancel').click()
    await appPage.getByTestId('automation-new').click()
    await expect(appPage.getByTestId('new-automation')).toBeVisible()
    findings.push(...(await seriousAxe(appPage, `new automation ${colorScheme}`)))
    await appPage.keyboard.press('Escape')
    await shell.open('Activity')
    await expect(appPage.getByTestId('report-row').first()).toBeVisible()
    findings.push(...(await seriousAxe(appPage, `activity ${colorScheme}`)))
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
})

// Pictures for a person to look at, compared with nothing: `npm run screenshots`, not `npm test`.
test(
  'screenshots of the editor and Activity at 1280 and 900 px, light and dark, English and Indonesian',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(180_000)
    const dir = join('.test-results', 'screenshots')
    mkdirSync(dir, { recursive: true })
    const automations = new AutomationsPage(appPage)
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      for (const width of [1280, 900]) {
        await appPage.setViewportSize({ width, height: 900 })
        await appPage.getByTestId('nav-automations').click()
        await automations.rows.first().getByRole('link').click()
        await automations.detail.getByTestId('automation-edit').click()
        await expect(appPage.getByTestId('automation-editor')).toBeVisible()
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await appPage.waitForTimeout(250)
          await appPage.screenshot({
            path: join(dir, `automation-editor-${width}-${language}-${colorScheme}.png`),
          })
          // The reply rule's own fields (texts, words, keyword answers, delay) lie below the fold.
          await appPage
            .getByTestId('automation-editor')
            .locator('fieldset[data-rule="reply"]')
            .screenshot({
              path: join(dir, `automation-editor-reply-${width}-${language}-${colorScheme}.png`),
            })
        }
        await appPage.getByTestId('editor-cancel').click()
        await appPage.getByTestId('nav-activity').click()
        await expect(appPage.getByTestId('report-row').first()).toBeVisible()
        for (const colorScheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme })
          await appPage.waitForTimeout(250)
          await appPage.screenshot({ path: join(dir, `activity-${width}-${language}-${colorScheme}.png`) })
        }
      }
    }
    await appPage.emulateMedia({ colorScheme: 'light' })
  },
)
