// Every system notification the app shows goes through here (the host's posts and inbox news, the uploads'
// batches, the first close to the tray; the account watch's notice asks quiet() itself, as it has an action):
// none while Electron cannot show one, and none during the person's quiet hours (Settings), whose span is
// read at each notification so a change applies at once. A click opens the view the notification is about.
import { Notification } from 'electron'
import type { AppRoute } from '../../common/routes'

export interface Notifier {
  notify(title: string, body: string, route?: AppRoute): void
}

export function createNotifier(options: {
  navigate(route: AppRoute | undefined): void
  /** True during quiet hours: nothing is shown. */
  quiet(): boolean
}): Notifier {
  // Kept referenced until gone: a collected Notification loses its click handler.
  const shown = new Set<Notification>()
  return {
    notify(title, body, route) {
      if (!Notification.isSupported() || options.quiet()) return
      const note = new Notification({ title, body })
      shown.add(note)
      note.on('click', () => {
        shown.delete(note)
        options.navigate(route)
      })
      note.on('close', () => shown.delete(note))
      note.show()
    },
  }
}
