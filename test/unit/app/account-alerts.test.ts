// The thin adapter: Electron's Notification (mocked: the binary cannot run here) shows the account watch's
// notice, a click opens the planner on the post's day, and the action opens the service's site through the
// external-link allow-list only.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountAlertNotice } from '../../../main/host/account-watch'

const electron = vi.hoisted(() => {
  type Handler = () => void
  const made: Array<{ options: unknown; handlers: Map<string, Handler>; shown: number }> = []
  class Notification {
    static supported = true
    static isSupported = () => Notification.supported
    private entry: (typeof made)[number]
    constructor(options: unknown) {
      this.entry = { options, handlers: new Map(), shown: 0 }
      made.push(this.entry)
    }
    on(event: string, handler: Handler) {
      this.entry.handlers.set(event, handler)
      return this
    }
    show() {
      this.entry.shown++
    }
  }
  return { made, Notification }
})
vi.mock('electron', () => ({ Notification: electron.Notification }))

const { createAccountAlerts } = await import('../../../main/app/account-alerts')

const notice: AccountAlertNotice = {
  title: 'Kopi Senja is disconnected',
  body: '2 posts due soon will fail: “Promo” 09:00, “Menu” 12:00.',
  route: { view: 'planner', date: '2026-12-01', postId: 's1' },
  action: { label: 'Reconnect on repliz.com', url: 'https://repliz.com' },
}

function setup() {
  const routes: unknown[] = []
  const opened: string[] = []
  const warnings: string[] = []
  const alerts = createAccountAlerts({
    navigate: (route) => routes.push(route),
    openExternal: async (url) => void opened.push(url),
    warn: (message) => warnings.push(message),
  })
  return { alerts, routes, opened, warnings }
}

beforeEach(() => {
  electron.made.length = 0
  electron.Notification.supported = true
})

describe('account alerts (Electron notification)', () => {
  it('shows the notice with a reconnect action; a click opens the planner on the post', () => {
    const { alerts, routes, opened } = setup()
    alerts.show(notice)
    expect(electron.made).toHaveLength(1)
    const [note] = electron.made
    expect(note!.shown).toBe(1)
    expect(note!.options).toEqual({
      title: notice.title,
      body: notice.body,
      actions: [{ type: 'button', text: 'Reconnect on repliz.com' }],
    })
    note!.handlers.get('click')!()
    expect(routes).toEqual([notice.route])
    expect(opened).toEqual([])
  })

  it('opens the service site from the action', async () => {
    const { alerts, opened } = setup()
    alerts.show(notice)
    electron.made[0]!.handlers.get('action')!()
    await Promise.resolve()
    expect(opened).toEqual(['https://repliz.com'])
  })

  it('refuses an address off the allow-list', () => {
    const { alerts, opened, warnings } = setup()
    alerts.show({ ...notice, action: { ...notice.action, url: 'https://evil.example/repliz.com' } })
    electron.made[0]!.handlers.get('action')!()
    expect(opened).toEqual([])
    expect(warnings[0]).toContain('allow-list')
  })

  it('shows nothing during quiet hours', () => {
    const alerts = createAccountAlerts({
      navigate: () => undefined,
      openExternal: async () => undefined,
      warn: () => undefined,
      quiet: () => true,
    })
    alerts.show(notice)
    expect(electron.made).toEqual([])
  })

  it('shows nothing where the system has no notifications', () => {
    electron.Notification.supported = false
    setup().alerts.show(notice)
    expect(electron.made).toEqual([])
  })
})
