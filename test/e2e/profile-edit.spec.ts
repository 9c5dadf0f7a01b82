// Another access key for a profile, by keyboard only, through the browser mode: before it saves, Settings says
// what that ends for the old account (its unsent inbox reply) and that its queued posts stay with the profile,
// in English and Bahasa Indonesia, with axe at 0 serious/critical in both themes; the save then removes the
// old account's reply from the data folder and keeps the posts. Before, the save removed the reply without a
// word. Screenshots at 1280 and 900 px, light and dark, both languages, under
// .test-results/screenshots/profile-edit/.
import { join } from 'node:path'
import { openDraftStore } from '../../main/core/drafts/draft-store'
import { sampleDraft } from '../unit/core/drafts/helpers'
import { queueReply } from '../integration/shell/support/profile-work'
import { AppShell } from './pages/app-shell'
import { SettingsPage } from './pages/settings-page'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import { dialogInEveryLook } from './support/dialog-looks'

const DIR = join('.test-results', 'screenshots', 'profile-edit')

test('another access key says what it ends for the old account before it saves, in both languages', async ({
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
  queueReply(host.database, profile.id, 'comment-of-the-old-account')

  const shell = new AppShell(appPage)
  const settings = new SettingsPage(appPage)
  await shell.open('Settings')
  await settings.profile('Toko Batik').getByRole('button', { name: 'Edit Toko Batik' }).focus()
  await appPage.keyboard.press('Enter')
  const access = appPage.getByRole('dialog').getByLabel('Access key')
  await access.focus()
  await access.press('ControlOrMeta+a')
  await appPage.keyboard.type('rotated-key')
  await appPage.keyboard.press('Enter')

  const confirm = appPage.getByRole('dialog').filter({ has: appPage.getByTestId('confirm') })
  await expect(confirm.getByTestId('profile-account-work')).toContainText('One inbox reply not sent yet')
  await expect(confirm.getByTestId('profile-account-drafts')).toContainText(
    '2 queued posts stay with this profile',
  )
  await expect(confirm.getByTestId('confirm-cancel')).toBeFocused()
  expect(await host.call('profiles:held-work', { id: profile.id })).toMatchObject({ replies: 1 })

  const findings = await dialogInEveryLook(appPage, app, {
    dir: DIR,
    name: 'confirm',
    async inLanguage(language) {
      if (language !== 'id') return
      await expect(confirm).toContainText('Pakai kunci akun lain?')
      await expect(confirm).toContainText('1 balasan kotak masuk belum terkirim')
      await expect(confirm).toContainText('2 postingan dalam antrean tetap di profil ini')
    },
  })
  expect(findings).toEqual([])

  // From Cancel, one Tab reaches the save.
  await appPage.keyboard.press('Tab')
  await expect(confirm.getByTestId('confirm')).toBeFocused()
  await appPage.keyboard.press('Enter')
  await expect(appPage.getByRole('dialog')).toHaveCount(0)
  expect(host.profiles.get(profile.id)).toMatchObject({ accessKey: 'rotated-key' })
  expect(await host.call('profiles:held-work', { id: profile.id })).toEqual({
    queuedDrafts: 2,
    otherDrafts: 0,
    replies: 0,
    statusChanges: 0,
    uploads: 0,
  })
  expect(host.profiles.unfinishedEnds()).toEqual([])
  expect(consoleErrors).toEqual([])
})
