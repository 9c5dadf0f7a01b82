// The inbox copy written by another process (the CLI's `inbox` and `sync` write the same database file, here a
// second connection to it) reaches the page through the app host as changes within the copy's watch: the rows
// that process changed, numbered after those the page holds, and the counts with them. The watch looks when the
// test says.
import { describe, expect, it } from 'vitest'
import type { InboxCounts, InboxEntry } from '../../../common/inbox'
import type { ListChanges } from '../../../common/list-changes'
import { openDatabase } from '../../../main/core/db/database'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-other-process-')

describe('the inbox copy written by another process', () => {
  it('reaches the page as the rows it changed, without a read of the page', async () => {
    let look = () => {}
    const app = await harness.startApp({
      inboxWatchTimers: {
        setInterval: (callback) => (look = callback),
        clearInterval: () => (look = () => {}),
      },
    })
    const profile = await harness.activateDemo(app)
    await harness.service.addIncoming('demo', { comments: [{ text: 'Masih ada stok?', from: 'Dian' }] })
    const changes: Array<ListChanges<InboxEntry>> = []
    const counts: InboxCounts[] = []
    app.events.subscribe((name, payload) => {
      if (name === 'inbox:changed') changes.push(payload as ListChanges<InboxEntry>)
      if (name === 'inbox:counts') counts.push(payload as InboxCounts)
    })
    await app.call('inbox:refresh')
    const page = await app.call('inbox:list', {})
    const pending = page.items.find((item) => item.kind === 'comment' && item.status === 'pending')!
    const before = changes.length
    const unreplied = counts.at(-1)!.unreplied

    // The CLI, on its own connection, resolved the comment and wrote it to the copy as it read it back.
    const cli = openDatabase({ file: app.database.file })
    try {
      const resolved: InboxEntry = { ...pending, status: 'resolved' }
      createInboxStore(cli).put(profile.id, resolved, new Date())
      look()
      const heard = changes.slice(before)
      expect(heard).toEqual([{ seq: page.seq + 1, changed: [resolved], removed: [] }])
      // The sidebar's count follows: one comment fewer waits for an answer.
      expect(counts.at(-1)).toMatchObject({ profileId: profile.id, unreplied: unreplied - 1 })
    } finally {
      cli.close()
    }
  })
})
