import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import SettingsView from '../../../renderer/views/SettingsView.vue'
import { useAppStore } from '../../../renderer/stores/app'
import { useProfilesStore } from '../../../renderer/stores/profiles'
import { mountWith, setupTest, type TestContext } from '../support/mount'

function dialog(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[role="dialog"]')
  if (!element) throw new Error('no dialog open')
  return element
}

function type(selector: string, value: string) {
  const input = dialog().querySelector<HTMLInputElement>(selector)!
  input.value = value
  input.dispatchEvent(new Event('input'))
}

enableAutoUnmount(afterEach)

describe('SettingsView', () => {
  let context: TestContext

  beforeEach(async () => {
    context = setupTest()
    await Promise.all([useProfilesStore().load(), useAppStore().load()])
  })

  afterEach(() => document.body.replaceChildren())

  const mountSettings = () => mountWith(SettingsView, context, { route: '/settings' })

  it('the add-profile dialog says what a profile is, where the keys are, and that the first screen is demo data', async () => {
    context = setupTest({ locale: 'id' })
    const wrapper = await mountSettings()
    await wrapper.get('[data-testid="profile-add"]').trigger('click')
    await flushPromises()
    const steps = document.querySelector('[data-testid="profile-first-steps"]')!.textContent!
    expect(steps).toContain('Profil menghubungkan Mediadeck ke satu akun Repliz')
    expect(steps).toContain('repliz.com')
    expect(steps).toContain('data contoh')
  })

  it("puts each preference's help under its own setting, read with it", async () => {
    const wrapper = await mountSettings()
    for (const [testid, hint] of [
      ['concurrency-select', 'settings.preferences.concurrencyHint'],
      ['rate-limit-select', 'settings.preferences.rateLimitHint'],
      ['history-days-select', 'settings.preferences.historyDaysHint'],
    ] as const) {
      const field = wrapper.get(`[data-testid="${testid}"]`)
      const select = field.get('select')
      const help = field.get('.field-hint')
      expect(help.text()).toBe(context.i18n.global.t(hint))
      expect(select.attributes('aria-describedby')).toBe(help.attributes('id'))
    }
  })

  it('lists profiles with the sandbox badge and the active one marked', async () => {
    const wrapper = await mountSettings()
    const cards = wrapper.findAll('[data-testid="profile-card"]')
    expect(cards).toHaveLength(2)
    expect(cards[0]!.text()).toContain('Sandbox')
    expect(cards[0]!.text()).toContain('Active')
    expect(cards[1]!.text()).toContain('Work account')
    expect(cards[1]!.find('[data-testid="profile-activate"]').exists()).toBe(true)
  })

  it('switches profile', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [data-testid="profile-activate"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('profiles:activate')).toEqual([{ id: 'prof-work' }])
    expect(wrapper.get('[data-profile="prof-work"]').text()).toContain('Active')
  })

  it('tests a saved profile and shows what the plan includes', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="sandbox"] [data-testid="profile-test-saved"]').trigger('click')
    await flushPromises()
    const result = wrapper.get('[data-testid="test-result"]')
    expect(result.text()).toContain('The keys work')
    expect(result.text()).toContain('not in your plan')
  })

  it('validates and adds a profile', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-testid="profile-add"]').trigger('click')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(dialog().textContent).toContain('Required')
    expect(context.fake.requests('profiles:save')).toEqual([])

    type('#profile-name', 'Shop')
    type('#profile-access', 'AK1')
    type('#profile-secret', 'SK1')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:save')).toEqual([
      { name: 'Shop', baseUrl: 'https://api.repliz.com', accessKey: 'AK1', secretKey: 'SK1' },
    ])
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(wrapper.text()).toContain('Shop')
  })

  it('tests unsaved keys from the form', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-testid="profile-add"]').trigger('click')
    await flushPromises()
    type('#profile-name', 'Shop')
    type('#profile-access', 'AK1')
    type('#profile-secret', 'SK1')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-test"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:test')).toEqual([
      { baseUrl: 'https://api.repliz.com', accessKey: 'AK1', secretKey: 'SK1' },
    ])
    expect(dialog().textContent).toContain('The keys work')
  })

  it('edits a profile without resending the secret', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [aria-label="Edit Work account"]').trigger('click')
    await flushPromises()
    expect(dialog().querySelector<HTMLInputElement>('#profile-name')!.value).toBe('Work account')
    type('#profile-name', 'Work')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:save')).toEqual([
      { id: 'prof-work', name: 'Work', baseUrl: 'https://api.repliz.com', accessKey: 'AK-WORK' },
    ])
  })

  it('asks for the secret again when an edit moves the profile to another server', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [aria-label="Edit Work account"]').trigger('click')
    await flushPromises()
    type('#profile-url', 'https://elsewhere.example')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:save')).toEqual([])
    expect(dialog().querySelector('#profile-secret')!.getAttribute('aria-invalid')).toBe('true')
    type('#profile-secret', 'SK2')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:save')).toEqual([
      {
        id: 'prof-work',
        name: 'Work account',
        baseUrl: 'https://elsewhere.example',
        accessKey: 'AK-WORK',
        secretKey: 'SK2',
      },
    ])
  })

  it('deletes a profile after confirmation', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [data-testid="profile-delete"]').trigger('click')
    await flushPromises()
    expect(dialog().textContent).toContain('Work account')
    expect(dialog().textContent).toContain('Nothing of it waits to be sent or uploaded.')
    ;(dialog().querySelector('[data-testid="confirm"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:delete')).toEqual([{ id: 'prof-work' }])
    expect(wrapper.findAll('[data-testid="profile-card"]')).toHaveLength(1)
  })

  it('says what a profile holds before it is deleted: queued posts, drafts, replies, statuses and uploads', async () => {
    context.fake.data.heldWork['prof-work'] = {
      queuedDrafts: 3,
      otherDrafts: 1,
      replies: 2,
      statusChanges: 4,
      uploads: 0,
    }
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [data-testid="profile-delete"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('profiles:held-work')).toEqual([{ id: 'prof-work' }])
    const lines = [...dialog().querySelectorAll('[data-testid^="profile-delete-work-"]')].map((li) =>
      li.textContent?.trim(),
    )
    expect(lines).toEqual([
      '3 posts queued to send',
      'One draft not sent yet',
      '2 inbox replies not sent yet',
      '4 comments’ statuses not set on the service yet',
    ])
  })

  it('says the statuses not set yet before a delete in Bahasa Indonesia too', async () => {
    context = setupTest({ locale: 'id' })
    await useProfilesStore().load()
    context.fake.data.heldWork['prof-work'] = {
      queuedDrafts: 0,
      otherDrafts: 0,
      replies: 0,
      statusChanges: 2,
      uploads: 0,
    }
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [data-testid="profile-delete"]').trigger('click')
    await flushPromises()
    const lines = [...dialog().querySelectorAll('[data-testid^="profile-delete-work-"]')].map((li) =>
      li.textContent?.trim(),
    )
    expect(lines).toEqual(['2 status komentar belum diatur di layanan'])
  })

  it('says what an edit to another access key ends, and saves only once that is confirmed', async () => {
    context.fake.data.heldWork['prof-work'] = {
      queuedDrafts: 2,
      otherDrafts: 1,
      replies: 1,
      statusChanges: 1,
      uploads: 3,
    }
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [aria-label="Edit Work account"]').trigger('click')
    await flushPromises()
    type('#profile-access', 'AK-ROTATED')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:held-work')).toEqual([{ id: 'prof-work' }])
    expect(context.fake.requests('profiles:save')).toEqual([])
    const confirm = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1)!
    expect(confirm.textContent).toContain('Use another account’s keys?')
    const lines = [...confirm.querySelectorAll('[data-testid^="profile-account-work-"]')].map((li) =>
      li.textContent?.trim(),
    )
    expect(lines).toEqual([
      'One inbox reply not sent yet',
      'One comment’s status not set on the service yet',
      '3 uploads not finished (their partial files are deleted on the service)',
    ])
    expect(confirm.querySelector('[data-testid="profile-account-drafts"]')!.textContent?.trim()).toBe(
      '2 queued posts stay with this profile and are sent with the new keys',
    )
    ;(confirm.querySelector('[data-testid="confirm"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:save')).toEqual([
      { id: 'prof-work', name: 'Work account', baseUrl: 'https://api.repliz.com', accessKey: 'AK-ROTATED' },
    ])
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(0)
  })

  it('in Bahasa Indonesia too, and a cancel saves nothing', async () => {
    context = setupTest({ locale: 'id' })
    await useProfilesStore().load()
    context.fake.data.heldWork['prof-work'] = {
      queuedDrafts: 1,
      otherDrafts: 0,
      replies: 0,
      statusChanges: 0,
      uploads: 0,
    }
    const wrapper = await mountSettings()
    await wrapper.get('[data-profile="prof-work"] [aria-label="Ubah Work account"]').trigger('click')
    await flushPromises()
    type('#profile-access', 'AK-ROTATED')
    await flushPromises()
    ;(dialog().querySelector('[data-testid="profile-save"]') as HTMLButtonElement).click()
    await flushPromises()
    const confirm = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1)!
    expect(confirm.textContent).toContain('Pakai kunci akun lain?')
    expect(confirm.textContent).toContain('Tidak ada yang dimulai untuk akun lama yang perlu dibatalkan.')
    expect(confirm.querySelector('[data-testid="profile-account-drafts"]')!.textContent?.trim()).toBe(
      '1 postingan dalam antrean tetap di profil ini dan dikirim dengan kunci baru',
    )
    ;(confirm.querySelector('[data-testid="confirm-cancel"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(context.fake.requests('profiles:save')).toEqual([])
    // Back in the edit, as it was left.
    expect(dialog().querySelector<HTMLInputElement>('#profile-access')!.value).toBe('AK-ROTATED')
  })

  it('saves concurrency, speed limit, language and theme', async () => {
    const wrapper = await mountSettings()
    await wrapper.get('[data-testid="concurrency-select"] select').setValue('5 files at a time')
    await wrapper.get('[data-testid="rate-limit-select"] select').setValue('2 MB/s')
    await flushPromises()
    await wrapper.get('[data-testid="rate-limit-select"] select').setValue('No limit')
    await wrapper.get('[data-testid="language-select"] select').setValue('Bahasa Indonesia')
    await wrapper.get('[data-testid="theme-select"] input[value="dark"]').setValue(true)
    await flushPromises()
    expect(context.fake.requests('settings:update')).toEqual([
      { uploadConcurrency: 5 },
      { uploadRateLimit: 2 * 1024 * 1024 },
      { uploadRateLimit: null },
      { language: 'id' },
      { theme: 'dark' },
    ])
  })

  it('shows versions and the data folder in About', async () => {
    const wrapper = await mountSettings()
    const about = wrapper.get('[data-testid="about-panel"]')
    expect(about.text()).toContain('Mediadeck 0.1.0')
    expect(about.text()).toContain('Node.js')
    expect(about.text()).toContain('Chromium')
    expect(about.get('[data-testid="data-dir"]').text()).toBe('/home/user/.config/Mediadeck')
  })

  it('copies the diagnostics from About and lists the crash reports', async () => {
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void written.push(text) },
      configurable: true,
    })
    const wrapper = await mountSettings()
    await flushPromises()
    const about = wrapper.get('[data-testid="about-panel"]')
    expect(about.get('[data-testid="log-file"]').text()).toBe('/home/user/.config/Mediadeck/logs/main.log')
    expect(about.get('[data-testid="crash-reports"]').text()).toBe('None')
    await about.get('[data-testid="copy-diagnostics"]').trigger('click')
    await flushPromises()
    expect(context.fake.calls.map((call) => call.name)).toContain('app:diagnostics')
    expect(JSON.parse(written[0]!)).toMatchObject({ app: { version: '0.1.0' } })
    expect(about.get('[data-testid="copy-diagnostics"]').text()).toBe('Diagnostics copied')
  })

  it('offers the tray and login settings in the desktop app only', async () => {
    let wrapper = await mountSettings()
    expect(wrapper.find('[data-testid="run-in-background"]').exists()).toBe(false)
    wrapper.unmount()
    useAppStore().info = { ...useAppStore().info!, mode: 'electron' }
    wrapper = await mountSettings()
    const background = wrapper.get<HTMLInputElement>('[data-testid="run-in-background"]')
    expect(background.element.checked).toBe(true)
    await background.setValue(false)
    await wrapper.get('[data-testid="open-at-login"]').setValue(true)
    await flushPromises()
    expect(context.fake.requests('settings:update')).toEqual([
      { runInBackground: false },
      { openAtLogin: true },
    ])
  })

  it('warns when secrets cannot be stored encrypted', async () => {
    context.fake.data.profiles.encryptionAvailable = false
    context.fake.data.profiles.secretKeeping = 'session'
    await useProfilesStore().load()
    const wrapper = await mountSettings()
    expect(wrapper.text()).toContain('Secrets are not saved on this computer')
  })

  it('says where secrets are kept when they go to a file only the user can read', async () => {
    context.fake.data.profiles.encryptionAvailable = false
    context.fake.data.profiles.secretKeeping = 'file'
    await useProfilesStore().load()
    const wrapper = await mountSettings()
    const notice = wrapper.get('[data-testid="profiles-file-secrets"]')
    // In a person's words first; the file's name only in the details line.
    expect(notice.text()).toContain('only your user account on this computer can read')
    expect(notice.get('.panel__details').text()).toContain('secrets.json')
    expect(notice.text().split('Details:')[0]).not.toMatch(/secrets\.json|keychain/)
    expect(wrapper.text()).not.toContain('Secrets are not saved on this computer')
  })
})
