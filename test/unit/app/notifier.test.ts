// The thin adapter every notification of the app goes through: Electron's Notification (mocked: the binary
// cannot run here) is shown with its words, a click opens its view, and nothing is shown during quiet hours
// or where the system has no notifications.
import { describe, expect, it, vi } from 'vitest'

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

const { createNotifier } = await import('../../../main/app/notifier')

describe('the notifier', () => {
  it('shows the notification, and a click opens its view', () => {
    electron.made.length = 0
    const routes: unknown[] = []
    const notifier = createNotifier({ navigate: (r) => routes.push(r), quiet: () => false })
    notifier.notify('Kopi Senja: 3 new', 'Latest from Dian: Masih ada stok?', { view: 'inbox' })
    expect(electron.made).toHaveLength(1)
    expect(electron.made[0]).toMatchObject({
      options: { title: 'Kopi Senja: 3 new', body: 'Latest from Dian: Masih ada stok?' },
      shown: 1,
    })
    electron.made[0]!.handlers.get('click')!()
    expect(routes).toEqual([{ view: 'inbox' }])
  })

  it('shows nothing during quiet hours, and again once they end', () => {
    electron.made.length = 0
    let quiet = true
    const notifier = createNotifier({ navigate: () => undefined, quiet: () => quiet })
    notifier.notify('A post failed to publish', 'Your post on Kopi Senja failed.')
    expect(electron.made).toHaveLength(0)
    quiet = false
    notifier.notify('A post failed to publish', 'Your post on Kopi Senja failed.')
    expect(electron.made).toHaveLength(1)
  })

  it('shows nothing where the system has no notifications', () => {
    electron.made.length = 0
    electron.Notification.supported = false
    try {
      createNotifier({ navigate: () => undefined, quiet: () => false }).notify('t', 'b')
      expect(electron.made).toHaveLength(0)
    } finally {
      electron.Notification.supported = true
    }
  })
})
