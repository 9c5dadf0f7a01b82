// Deleting a profile through the browser mode, by keyboard only: the dialog says what the profile holds on this
// computer (posts queued to send, drafts, inbox replies) in English and Bahasa Indonesia, with axe at 0
// serious/critical in both themes, and the delete removes that work from the data folder. Screenshots at 1280
// and 900 px, light and dark, both languages, under .test-results/screenshots/profile-delete/.
import { join } from 'node:path'
import { openDraftStore } from '../../main/core/drafts/draft-store'
import { sampleDraft } from '../unit/core/drafts/helpers'
import { queueReply } from '../integration/shell/support/profile-work'
import { AppShell } from './pages/app-shell'
import { SettingsPage } from './pages/settings-page'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import { dialogInEveryLook } from './support/dialog-looks'

const DIR = join('.test-results', 'screenshots', 'profile-delete')

test('the delete dialog says what the profile holds, in both languages, and the delete removes it', async ({
  appPage,
  app,
  consoleErrors,
}) => {
  test.setTimeout(axeTimeout(4, 120_000))
  const { host } = app
  const profile = await host.call('profiles:save', {
    name: 'Toko Batik',
    baseUrl: host.sandbox.url,
    ...host.sandbox.credentials,
  })
  // Work of a profile that is not the active one: nothing here sends it.
  const drafts = await openDraftStore(host.database, { dataDir: host.dataDir })
  drafts.put(sampleDraft({ id: 'q1', profileId: profile.id, status: 'queued' }))
  drafts.put(sampleDraft({ id: 'q2', profileId: profile.id, status: 'queued' }))
  drafts.put(sampleDraft({ id: 'd1', profileId: profile.id, status: 'draft' }))
  queueReply(host.database, profile.id, 'comment-1')

  const shell = new AppShell(appPage)
  const settings = new SettingsPage(appPage)
  await shell.open('Settings')
  await expect(settings.profiles).toHaveCount(2)

  const remove = settings.profile('Toko Batik').getByTestId('profile-delete')
  await remove.focus()
  await appPage.keyboard.press('Enter')
  const dialog = appPage.getByRole('dialog')
  const work = dialog.getByTestId('profile-delete-work')
  await expect(work).toContainText('2 posts queued to send')
  await expect(work).toContainText('One draft not sent yet')
  await expect(work).toContainText('One inbox reply not sent yet')
  await expect(dialog.getByTestId('confirm-cancel')).toBeFocused()

  const findings = await dialogInEveryLook(appPage, app, {
    dir: DIR,
    name: 'dialog',
    async inLanguage(language) {
      if (language !== 'id') return
      await expect(work).toContainText('2 postingan dalam antrean kirim')
      await expect(work).toContainText('1 draf belum terkirim')
      await expect(work).toContainText('1 balasan kotak masuk belum terkirim')
      await expect(dialog).toContainText('pekerjaannya di komputer ini akan dihapus')
    },
  })
  expect(findings).toEqual([])

  // From Cancel, one Tab reaches Delete.
  await appPage.keyboard.press('Tab')
  await expect(dialog.getByTestId('confirm')).toBeFocused()
  await appPage.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(settings.profiles).toHaveCount(1)
  expect(drafts.listForProfile(profile.id)).toEqual([])
  expect(await host.call('profiles:held-work', { id: profile.id })).toEqual({
    queuedDrafts: 0,
    otherDrafts: 0,
    replies: 0,
    statusChanges: 0,
    uploads: 0,
  })
  expect(consoleErrors).toEqual([])
})
