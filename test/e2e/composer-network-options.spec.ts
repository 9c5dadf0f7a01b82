// The composer's per-network options of the newer service, end to end in Chromium through the browser mode on
// the built-in sandbox (its demo WhatsApp account, its channels, its music chart and link cards are the real
// sandbox's answers): in English and Bahasa Indonesia, axe with no serious or critical finding in either
// theme, and screenshots at 1280 and 900 px, light and dark, under .test-results/screenshots/network-options/.
import AxeBuilder from '@axe-core/playwright'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { animationsSettled } from './support/animations'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import type { PageGlobals } from './support/page-globals'
import { PlannerPage } from './pages/planner-page'

const SHOTS = join('.test-results', 'screenshots', 'network-options')

const WORDS = {
  en: {
    channel: 'WhatsApp channel or group',
    shareToFeed: 'Also share to feed',
    findMusic: 'Find music',
    more: 'More options',
    refusal: 'Choose the channel or group this WhatsApp post goes to.',
  },
  id: {
    channel: 'Saluran atau grup WhatsApp',
    shareToFeed: 'Bagikan juga ke feed',
    findMusic: 'Cari musik',
    more: 'Opsi lainnya',
    refusal: 'Pilih saluran atau grup tujuan postingan WhatsApp ini.',
  },
} as const

async function seriousFindings(page: Page): Promise<string[]> {
  // Let transitions end (by their own promises, not a guessed 400 ms): axe measures colours as painted.
  await animationsSettled(page)
  const { violations } = await new AxeBuilder({ page }).include('[data-testid=composer]').analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const language of ['en', 'id'] as const) {
  test(`WhatsApp channel, share to feed and TikTok music, saved with the draft (${language})`, async ({
    appPage,
    app,
  }) => {
    test.setTimeout(axeTimeout(2, 120_000))
    mkdirSync(SHOTS, { recursive: true })
    const words = WORDS[language]
    const accounts = (await app.host.call('accounts:list', {})).value
    const whatsapp = accounts.find((a) => a.type === 'whatsapp')!
    const instagram = accounts.find((a) => a.isConnected && a.type === 'instagram')!
    const tiktok = accounts.find((a) => a.isConnected && a.type === 'tiktok')!
    const planner = new PlannerPage(appPage)
    await planner.open()
    await appPage.evaluate(
      (lang) => (globalThis as unknown as PageGlobals).mediadeck.settings.update({ language: lang }),
      language,
    )
    await planner.newPost()
    await planner.chooseAccount(whatsapp.name)
    await planner.chooseAccount(instagram.name)
    await planner.chooseAccount(tiktok.name)
    await appPage.getByTestId('composer-type').selectOption('video')
    const text = `Network options ${language} ${Date.now()}`
    await appPage.getByTestId('composer-description').fill(text)

    // WhatsApp: the sandbox's channel and groups of the demo account; none chosen is refused.
    const channel = appPage.getByTestId('composer-whatsapp-channel')
    await expect(appPage.getByTestId('composer-whatsapp')).toContainText(words.channel)
    await expect(channel.locator('option')).toHaveCount(4)
    await expect(appPage.getByTestId('composer-preflight')).toContainText(words.refusal)
    const group = await channel.locator('option').nth(2).getAttribute('value')
    await channel.selectOption(group!)
    await expect(
      appPage.getByTestId('composer-preflight').or(appPage.getByTestId('composer')),
    ).not.toContainText(words.refusal)

    // Instagram video: also to the feed.
    await appPage.getByText(words.shareToFeed).click()
    await expect(appPage.getByTestId('composer-share-to-feed')).toBeChecked()

    // TikTok: the sandbox's chart, one track chosen, its volume set with the sliders.
    await appPage.getByRole('button', { name: words.findMusic }).click()
    await expect(appPage.getByTestId('composer-music-track').first()).toBeVisible()
    await appPage.getByTestId('composer-music-track').first().click()
    await expect(appPage.getByTestId('composer-music-chosen')).toBeVisible()
    await appPage.getByText(words.more, { exact: true }).click()
    await appPage.getByTestId('composer-volume-video').fill('30')

    // Reachable by keyboard: the picker and the checkbox take focus in turn.
    await channel.focus()
    await appPage.keyboard.press('Tab')
    await expect(appPage.getByTestId('composer-share-to-feed')).toBeFocused()

    for (const colorScheme of ['light', 'dark'] as const) {
      await appPage.emulateMedia({ colorScheme })
      expect(await seriousFindings(appPage), `${colorScheme} theme`).toEqual([])
    }
    for (const width of [1280, 900]) {
      await appPage.setViewportSize({ width, height: 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await appPage.emulateMedia({ colorScheme })
        await appPage.getByTestId('network-options').scrollIntoViewIfNeeded()
        await appPage.waitForTimeout(200)
        await appPage.screenshot({
          path: join(SHOTS, `network-options-${width}-${colorScheme}-${language}.png`),
          animations: 'disabled',
        })
      }
    }

    await appPage.getByTestId('composer-save').click()
    await expect
      .poll(async () => {
        const drafts = await app.host.call('drafts:list', undefined)
        const draft = drafts.find((d) => d.post.description === text)
        return draft && draft.post.additionalInfo
      })
      .toMatchObject({
        isShareToFeed: true,
        channel: { id: group, type: 'group' },
        music: { id: expect.stringMatching(/\d+/), volume: { video: 30, music: 100 } },
      })
  })
}

test('a link post fetches its card from the sandbox and the preview shows it', async ({ appPage, app }) => {
  const accounts = (await app.host.call('accounts:list', {})).value
  const facebook = accounts.find((a) => a.isConnected && a.type === 'facebook')!
  const planner = new PlannerPage(appPage)
  await planner.open()
  await planner.newPost()
  await planner.chooseAccount(facebook.name)
  await appPage.getByTestId('composer-type').selectOption('link')
  await appPage.getByTestId('composer-description').fill('Our menu: https://kopi.example/menu')
  await appPage.getByTestId('composer-link-fetch').click()
  await expect(appPage.getByTestId('composer-link-result')).toContainText('kopi.example')
  // The card's picture comes through main on the page's own origin, and decodes.
  const image = appPage.getByTestId('composer-link-image')
  await expect(image).toHaveAttribute('src', /^picture\?src=http/)
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0)
  await expect(appPage.getByTestId('preview-link')).toContainText('kopi.example/menu')
})
