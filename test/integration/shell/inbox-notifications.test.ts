// New comments and messages become system notifications through the app host against a real sandbox over
// HTTP, read in the background on the profile's scheduler with a stepped clock: nothing for the first read,
// then one notification per account for what came in, however many, and at most one per account every five
// minutes (what comes meanwhile is counted into the next); and the counts the sidebar and the tray show, sent
// as two numbers only when they change.
import { describe, expect, it } from 'vitest'
import { t } from '../../../common/messages/index'
import { SANDBOX_PROFILE_ID } from '../../../common/app-state'
import type { AppRoute } from '../../../common/routes'
import { INBOX_NEWS_GAP_MS } from '../../../main/core/inbox/inbox-news'
import { INBOX_FIRST_READ_MS, INBOX_REFRESH_MS } from '../../../main/host/inbox'
import { manualClock } from '../../support/manual-clock'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-notifications-')

describe('inbox notifications', () => {
  it('none at the first read, then one per account, at most one every five minutes', async () => {
    const time = manualClock(Date.parse('2026-12-01T10:00:00Z'))
    const shown: Array<{ title: string; body: string; route: AppRoute }> = []
    const app = await harness.startApp({
      scheduler: { clock: time.clock },
      notifications: {
        notify: (title, body, route) => shown.push({ title, body, route }),
        tr: () => (key, params) => t('en', key, params),
      },
    })
    await harness.activateDemo(app)
    const scheduler = app.background.scheduler()!
    const tick = async (ms: number) => {
      await scheduler.whenIdle()
      await time.advance(ms)
      await scheduler.whenIdle()
    }
    // The first read: the demo data's pending comments and unread chats are old news.
    await tick(INBOX_FIRST_READ_MS)
    expect((await app.call('inbox:list')).fetchedAt).not.toBeNull()
    expect(shown).toEqual([])

    // Two accounts that have comments (a comment is on one of the account's posts).
    const names = new Map<string, string>()
    for (const item of (await app.call('inbox:list', { kind: 'comment' })).items)
      names.set(item.accountId, item.comment?.account?.name ?? '')
    const [first, second] = [...names].map(([id, name]) => ({ id, name }))
    const added = await harness.service.addIncoming('demo', {
      comments: [
        { text: 'Masih ada stok?', from: 'Dian', accountId: first!.id },
        { text: 'Ukuran 40 ada?', from: 'Rina', accountId: first!.id },
        { text: 'Harga?', from: 'Oki', accountId: second!.id },
      ],
    })
    expect(added.comments).toHaveLength(3)
    await tick(INBOX_REFRESH_MS)
    expect(shown.map((n) => n.title).sort()).toEqual(
      [`${first!.name}: 2 new comments and messages`, `${second!.name}: a new comment or message`].sort(),
    )
    expect(shown.every((n) => n.route.view === 'inbox')).toBe(true)
    expect(shown.find((n) => n.title === `${second!.name}: a new comment or message`)?.body).toBe(
      'Latest from Oki: Harga?',
    )

    // Three minutes later, within the first account's five minutes: it waits.
    await harness.service.addIncoming('demo', {
      comments: [{ text: 'Bisa COD?\nKak', from: 'Uli', accountId: first!.id }],
    })
    await tick(INBOX_REFRESH_MS)
    expect(shown).toHaveLength(2)
    // The next read after the five minutes says it.
    await tick(Math.max(INBOX_REFRESH_MS, INBOX_NEWS_GAP_MS - INBOX_REFRESH_MS))
    expect(shown).toHaveLength(3)
    expect(shown[2]).toMatchObject({
      title: `${first!.name}: a new comment or message`,
      body: 'Latest from Uli: Bisa COD? Kak',
    })
    await app.close()
  })
})

describe('inbox counts', () => {
  it('travel as two numbers when they change: a read, a chat opened, a comment resolved', async () => {
    const app = await harness.startApp()
    const profile = await harness.activateDemo(app, 'Counts')
    const sent: unknown[] = []
    const stop = app.events.subscribe((name, payload) => {
      if (name === 'inbox:counts') sent.push(payload)
    })
    const read = await app.call('inbox:refresh')
    const expected = (items: typeof read.items) => ({
      profileId: profile.id,
      unread: items.filter((i) => i.status === 'unread').length,
      unreplied: items.filter((i) => ['pending', 'unread', 'unreplied'].includes(i.status)).length,
    })
    const first = expected(read.items)
    expect(first.unread).toBeGreaterThan(0)
    expect(await app.call('inbox:counts')).toEqual(first)
    expect(sent.at(-1)).toEqual(first)

    // Nothing changed: nothing goes.
    const before = sent.length
    await app.call('inbox:refresh')
    expect(sent).toHaveLength(before)

    // An unread chat opened is read: one fewer unread, still to answer.
    const chat = read.items.find((i) => i.status === 'unread')!
    await app.call('inbox:thread', { id: chat.id })
    expect(sent.at(-1)).toEqual({ ...first, unread: first.unread - 1 })
    // A pending comment resolved: one fewer to answer.
    const comment = read.items.find((i) => i.status === 'pending')!
    await app.call('inbox:set-status', { id: comment.id, status: 'resolved' })
    expect(sent.at(-1)).toEqual({ ...first, unread: first.unread - 1, unreplied: first.unreplied - 1 })
    expect(await app.call('inbox:counts')).toEqual(sent.at(-1))
    expect(
      sent.every(
        (c) =>
          Object.keys(c as object)
            .sort()
            .join() === 'profileId,unread,unreplied',
      ),
    ).toBe(true)
    stop()
    await app.close()
  })

  it('are sent afresh on a switch, whoever they belong to, and after a profile forgets its inbox', async () => {
    const app = await harness.startApp()
    const profile = await harness.activateDemo(app, 'Counts')
    await app.call('inbox:refresh')
    const mine = await app.call('inbox:counts')
    expect(mine.unread).toBeGreaterThan(0)
    const sent: Array<{ profileId: string; unread: number; unreplied: number }> = []
    const stop = app.events.subscribe((name, payload) => {
      if (name === 'inbox:counts') sent.push(payload as (typeof sent)[number])
    })
    // Away and back: each switch says the now active profile's numbers, though neither profile's changed.
    await app.call('profiles:activate', { id: SANDBOX_PROFILE_ID })
    expect(sent.at(-1)?.profileId).toBe(SANDBOX_PROFILE_ID)
    await app.call('profiles:activate', { id: profile.id })
    expect(sent.at(-1)).toEqual(mine)
    // Another account on the same profile: its copy of the old one's inbox is gone, and the numbers say so.
    await app.call('profiles:save', {
      id: profile.id,
      name: 'Counts',
      baseUrl: harness.service.url,
      accessKey: 'other',
      secretKey: 'other-secret',
    })
    expect(sent.at(-1)).toEqual({ profileId: profile.id, unread: 0, unreplied: 0 })
    stop()
    await app.close()
  })
})
