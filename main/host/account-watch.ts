// The account watch of the active profile (main/core/posts/account-watch.ts) wired to the host: it reads the
// profile's service fresh, keeps its memory in the data folder's database, tells the planner (the
// `watch:changed` event) and, where the app has system notifications (Electron), the person. It runs for as
// long as the host does, so in the tray too.
import { SERVICE_WEB_URL } from '../../common/app-state'
import type { AccountAlert, AccountWatchState } from '../../common/account-watch'
import type { Translate } from '../../common/messages/index'
import type { AppRoute } from '../../common/routes'
import type { Account, Page, Schedule } from '../../common/service'
import type { AppDatabase } from '../core/db/database'
import type { Logger } from '../core/ports'
import { createAccountWatch, type AccountWatch, type FollowerClock } from '../core/posts/account-watch'
import { openAccountWatchStore } from '../core/posts/account-watch-store'
import type { ServiceClient } from '../core/service-client'
import type { EventHub } from './event-hub'

/** A system notification with one action: main/app/account-alerts.ts shows it (Electron's Notification). */
export interface AccountAlertNotice {
  title: string
  body: string
  /** Where a click on the notification leads: the planner, on the day of the first post. */
  route: AppRoute
  action: { label: string; url: string }
}

export interface AccountAlertPort {
  show(notice: AccountAlertNotice): void
}

export interface HostAccountWatchOptions {
  events: EventHub
  client(): ServiceClient
  /** The active profile's id. */
  scope(): string
  database: AppDatabase
  /** The system's notifications and the app's language; without them (browser mode) the banner alone tells. */
  alerts?: { port: AccountAlertPort; tr(): Translate }
  log: Logger
  clock?: FollowerClock
  intervalMs?: number
}

/** Most pages of 100 read for one check: past 2,000 posts a day, the rest waits for the next check. */
const MAX_PAGES = 20

async function allPages<T>(read: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await read(page)
    items.push(...answer.docs)
    if (!answer.hasNextPage) break
  }
  return items
}

const clockTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** The words of the notification for one alert, in the app's language. */
export function alertNotice(alert: AccountAlert, tr: Translate): AccountAlertNotice {
  const shown = alert.posts.slice(0, 3).map((post) => {
    const name = post.title.trim() || post.description.trim().slice(0, 40) || tr('notify.untitledPost')
    return `“${name}” ${clockTime.format(new Date(post.scheduleAt))}`
  })
  const more = alert.posts.length - shown.length
  return {
    title: tr('notify.accountDisconnectedTitle', { account: alert.accountName }),
    body: tr('notify.accountDisconnectedBody', {
      count: alert.posts.length,
      posts: more > 0 ? `${shown.join(', ')} +${more}` : shown.join(', '),
    }),
    route: { view: 'planner', date: alert.posts[0]!.scheduleAt.slice(0, 10), postId: alert.posts[0]!.id },
    action: { label: tr('notify.reconnect'), url: SERVICE_WEB_URL },
  }
}

export function watchAccounts(o: HostAccountWatchOptions): AccountWatch {
  const watch = createAccountWatch({
    scope: o.scope,
    read: async (from, to) => {
      const client = o.client()
      const [accounts, posts] = await Promise.all([
        allPages<Account>((page) => client.listAccounts({ page, limit: 100 })),
        allPages<Schedule>((page) =>
          client.listSchedules({
            page,
            limit: 100,
            status: 'pending',
            fromDate: from.toISOString(),
            toDate: to.toISOString(),
          }),
        ),
      ])
      return { accounts, posts }
    },
    store: openAccountWatchStore(o.database),
    notify: (alert) => {
      if (!o.alerts) return
      o.alerts.port.show(alertNotice(alert, o.alerts.tr()))
    },
    onChange: (state: AccountWatchState) => o.events.emit('watch:changed', state),
    clock: o.clock,
    intervalMs: o.intervalMs,
    onError: (error) => o.log.warn('the account watch could not check', error),
  })
  // A post just scheduled or a profile switched: what is due may have changed. A post of the service changed
  // (one failed at its time, say for a disconnected account): the accounts are looked at again within a minute,
  // so the planner flags that account's other posts without waiting for the hourly look.
  const stopEvents = o.events.subscribe((name) => {
    if (name === 'profiles:switched') void watch.check()
    else if (name === 'outbox:changed' || name === 'schedules:changed') watch.poke()
  })
  return {
    ...watch,
    stop() {
      stopEvents()
      watch.stop()
    },
  }
}
