// New comments and messages said as system notifications where the app has them (Electron): one per account
// for what came in since its last one, at most every five minutes (main/core/inbox/inbox-news.ts), none for
// the first read. The words are the app's language; the stranger's text is cut short and kept on one line,
// plain text as every notification is. A click opens the inbox. Quiet hours are the notifier's (main/app).
import { BIDI_CONTROLS, BIDI_MARKS, CONTROL_CHARS, LINE_SEPARATORS } from '../../common/text-controls'
import { createInboxNews, type InboxNewsFeed } from '../core/inbox/inbox-news'
import type { PostNotifier } from './post-notifications'

/** The most characters of the stranger's text a notification shows. */
const TEXT_SHOWN = 100
const CONTROLS = new RegExp(`[${CONTROL_CHARS}${LINE_SEPARATORS}]+`, 'g')
/** Bidi embeddings, overrides, isolates and marks: invisible, they reorder what is shown ("exe.pdf"). */
const BIDI = new RegExp(`[${BIDI_CONTROLS}${BIDI_MARKS}]`, 'g')

export function oneLine(text: string, max = TEXT_SHOWN): string {
  // Control characters and line breaks become spaces: the system shows the body as it is given. Bidi controls
  // go: a stranger's text must read in the order it was written.
  const flat = text.replace(BIDI, '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

export function inboxNotifications(notifier: PostNotifier, now: () => number): InboxNewsFeed {
  return createInboxNews({
    now,
    show(news) {
      const tr = notifier.tr()
      const account = oneLine(news.accountName || tr('tray.tooltip'), 60)
      notifier.notify(
        tr('notify.inboxNewTitle', { account, count: news.count }),
        tr('notify.inboxNewBody', { from: oneLine(news.latest.from, 60), text: oneLine(news.latest.text) }),
        { view: 'inbox' },
      )
    },
  })
}
