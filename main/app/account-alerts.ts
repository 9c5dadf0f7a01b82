// The account watch's notification as the system shows it (main/host/account-watch.ts words it): a click opens
// the planner on the day of the first post, where the banner says the rest; the action button (macOS and
// Windows show it, Linux notification servers may not) opens the service's site to reconnect, through the
// external-link allow-list like every other address that leaves the app.
import { Notification } from 'electron'
import type { AppRoute } from '../../common/routes'
import { isAllowedExternalUrl } from '../core/external-links'
import type { AccountAlertNotice, AccountAlertPort } from '../host/account-watch'

export function createAccountAlerts(options: {
  navigate(route: AppRoute): void
  /** True during quiet hours (Settings): the notice is not shown, the planner's banner still says it. */
  quiet?(): boolean
  openExternal(url: string): Promise<void>
  warn(message: string, error?: unknown): void
}): AccountAlertPort {
  // Kept referenced until gone: a collected Notification loses its handlers.
  const shown = new Set<Notification>()
  return {
    show(notice: AccountAlertNotice) {
      if (!Notification.isSupported() || options.quiet?.()) return
      const note = new Notification({
        title: notice.title,
        body: notice.body,
        actions: [{ type: 'button', text: notice.action.label }],
      })
      shown.add(note)
      note.on('click', () => {
        shown.delete(note)
        options.navigate(notice.route)
      })
      note.on('action', () => {
        shown.delete(note)
        if (!isAllowedExternalUrl(notice.action.url)) {
          options.warn(`refused to open ${notice.action.url}: not on the external-link allow-list`)
          return
        }
        options
          .openExternal(notice.action.url)
          .catch((error: unknown) => options.warn('could not open the link', error))
      })
      note.on('close', () => shown.delete(note))
      note.show()
    },
  }
}
