// A reply whose dropped file is still waiting for its upload when the person leaves its profile, through the
// app host against a real sandbox over HTTP: switching to another profile, or quitting, ends the reply's sync
// instead of leaving it waiting for ever; the reply stays queued for its own profile (never sent through the
// other one's client, its file never uploaded into the other one's queue), and goes once its profile is back.
// And a conversation read while the person switches goes into the copy of the profile it was read for; a
// comment's status set while the reply waits is set at once, not after the upload.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppHost } from '../../../main/host/app-host'
import { INBOX_REFRESH_MS } from '../../../main/host/inbox'
import { manualClock } from '../../support/manual-clock'
import { waitFor } from '../../support/wait-for'
import { clientFor, otherUser } from '../drafts/helpers'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-switch-')

async function profileOn(app: AppHost, name: string, user: { accessKey: string; secretKey: string }) {
  return app.call('profiles:save', { name, baseUrl: harness.service.url, ...user })
}

/** A chat of the demo account answered with a dropped file, while the profile's uploads are held. */
async function replyWaitingForItsFile(app: AppHost, text: string) {
  const added = await harness.service.addIncoming('demo', {
    messages: [{ text: 'Ada katalog?', from: 'Sari' }],
  })
  const chatId = added.messages[0]!.chatId
  await app.call('inbox:refresh')
  const file = join((await app.call('app:info')).dataDir, `${text}.pdf`)
  writeFileSync(file, `%PDF-1.4\n${'katalog '.repeat(2_000)}\n%%EOF\n`)
  await app.call('files:grant-dropped', { paths: [file] })
  // The upload never starts: the reply's sync waits on it, as it would on a large file.
  app.active().uploads.setPaused(true)
  const queued = await app.call('inbox:reply', {
    id: chatId,
    text,
    media: [{ path: file, name: `${text}.pdf` }],
  })
  expect(queued.state).toBe('queued')
  while (
    !app
      .active()
      .uploads.list()
      .some((i) => i.path === file)
  ) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { chatId, file, queued, sending: app.inbox.sendReplies() }
}

describe('a reply waiting for its dropped file', () => {
  it("lets a comment's status set meanwhile go at once: its call does not wait for the upload", async () => {
    const app = await harness.startApp()
    const work = await profileOn(app, 'Work', { accessKey: 'demo', secretKey: 'demo-secret' })
    await app.call('profiles:activate', { id: work.id })
    const commentId = (
      await harness.service.addIncoming('demo', { comments: [{ text: 'Masih ada?', from: 'Dian' }] })
    ).comments[0]!.id
    const { sending } = await replyWaitingForItsFile(app, 'brosur')

    // Before, the call waited for the replies' send, and so for the upload that never starts.
    const entry = await app.call('inbox:set-status', { id: commentId, status: 'resolved' })
    expect(entry.status).toBe('resolved')
    expect((await app.active().client.getComment(commentId)).status).toBe('resolved')
    expect((await app.call('inbox:list')).statusChanges).toEqual([])

    app.active().uploads.setPaused(false)
    await sending
    await app.close()
  })

  it('stays queued for its profile when the person switches to another, and goes once back', async () => {
    const app = await harness.startApp()
    const work = await profileOn(app, 'Work', { accessKey: 'demo', secretKey: 'demo-secret' })
    const other = await profileOn(app, 'Other', otherUser)
    await app.call('profiles:activate', { id: work.id })
    const { chatId, file, queued, sending } = await replyWaitingForItsFile(app, 'katalog')

    await app.call('profiles:activate', { id: other.id })
    // Before, the sync waited for ever on the closed engine: every later send and refresh waited with it.
    await sending
    expect(
      app
        .active()
        .uploads.list()
        .filter((i) => i.path === file),
    ).toEqual([])
    await app.call('inbox:refresh')

    await app.call('profiles:activate', { id: work.id })
    const waiting = (await app.call('inbox:list')).replies.find((r) => r.id === queued.id)!
    expect(waiting).toMatchObject({ state: 'queued', error: null })

    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await app.inbox.sendReplies()
    const sent = (await app.call('inbox:list')).replies.find((r) => r.id === queued.id)!
    expect(sent.state).toBe('sent')
    const page = await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
    expect(page.docs.filter((m) => m.isFromMe && m.text === 'katalog')).toHaveLength(1)
    await app.close()
  })

  it('lets the person switch while a background read waits behind it and a status change', async () => {
    const time = manualClock(Date.parse('2026-12-01T10:00:00Z'))
    const app = await harness.startApp({ scheduler: { clock: time.clock } })
    const work = await profileOn(app, 'Work', { accessKey: 'demo', secretKey: 'demo-secret' })
    const other = await profileOn(app, 'Other', otherUser)
    await app.call('profiles:activate', { id: work.id })
    const added = await harness.service.addIncoming('demo', {
      comments: [{ text: 'Ready stok?', from: 'Rina' }],
    })
    const { sending } = await replyWaitingForItsFile(app, 'brosur')
    // The status change waits behind the reply's send, so the inbox's next read has something due to send first.
    const statusSet = app.call('inbox:set-status', { id: added.comments[0]!.id, status: 'resolved' })
    statusSet.catch(() => undefined)
    const scheduler = app.background.scheduler()!
    await time.advance(INBOX_REFRESH_MS)
    await waitFor(
      () => scheduler.status().some((task) => task.name === 'inbox' && task.running),
      'the inbox read under way',
    )

    // Before, the switch stopped the scheduler and waited for that read, which waited for the upload, which
    // only the switch's end (closing the old profile's queue) could stop: it never came.
    await app.call('profiles:activate', { id: other.id })
    await sending
    expect(app.active().profileId).toBe(other.id)
    await app.close()
  })

  it('lets the app quit, the reply kept for the next start', async () => {
    const app = await harness.startApp()
    const work = await profileOn(app, 'Work again', { accessKey: 'demo', secretKey: 'demo-secret' })
    await app.call('profiles:activate', { id: work.id })
    const { file, queued, sending } = await replyWaitingForItsFile(app, 'harga')
    // Before, close awaited the sync, which awaited the upload, which nothing answered.
    await app.close()
    await sending

    const again = await harness.startApp()
    const kept = (await again.call('inbox:list')).replies.find((r) => r.id === queued.id)!
    expect(kept.state).toBe('queued')
    // Its upload only stopped for the quit, not cancelled: the engine resumes it.
    expect(again.active().uploads.keyed(`inbox-reply:${queued.id}:${file}`)).toMatchObject({
      state: 'queued',
    })
    await again.close()
  })
})

describe('a conversation read while the person switches profiles', () => {
  it('goes into the copy of the profile it was read for, not the one now active', async () => {
    const app = await harness.startApp()
    const work = await profileOn(app, 'Work', { accessKey: 'demo', secretKey: 'demo-secret' })
    const other = await profileOn(app, 'Other', otherUser)
    await app.call('profiles:activate', { id: work.id })
    // The chat opened is told read (its last call before the copy is written), held at the service's answer until the switch is done (set before the client's first
    // call: its wrapper keeps the method it first saw).
    const client = app.active().client
    // Read through another client of the same account: reading the method through the wrapper would keep it.
    const direct = clientFor(harness.service.url)
    const realReadChat: typeof client.readChat = (id, o) => direct.readChat(id, o)
    let asked!: () => void
    const askedOnce = new Promise<void>((resolve) => (asked = resolve))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let holding = false
    client.readChat = async (id, o) => {
      if (!holding) return realReadChat(id, o)
      asked()
      await realReadChat(id, o)
      await held
    }
    const added = await harness.service.addIncoming('demo', {
      messages: [{ text: 'Masih buka?', from: 'Budi' }],
    })
    const chatId = added.messages[0]!.chatId
    await app.call('inbox:refresh')

    holding = true
    const opened = app.call('inbox:thread', { id: chatId })
    await askedOnce
    // Closing the previous profile waits for its requests: the read is let go once the other one is active.
    const switched = app.call('profiles:activate', { id: other.id })
    while (app.active().profileId !== other.id) await new Promise((resolve) => setImmediate(resolve))
    release()
    await opened.catch(() => undefined)
    await switched

    // Before, the answer was written under the profile active at its end: Work's chat showed in Other's inbox.
    const ids = (await app.call('inbox:list')).items.map((entry) => entry.id)
    expect(ids).not.toContain(chatId)
    await app.call('profiles:activate', { id: work.id })
    expect((await app.call('inbox:list')).items.map((entry) => entry.id)).toContain(chatId)
    await app.close()
  })
})
