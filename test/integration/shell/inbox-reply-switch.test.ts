// A reply whose dropped file is still waiting for its upload when the person leaves its profile, through the
// app host against a real sandbox over HTTP: switching to another profile, or quitting, ends the reply's sync
// instead of leaving it waiting for ever; the reply stays queued for its own profile (never sent through the
// other one's client, its file never uploaded into the other one's queue), and goes once its profile is back.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppHost } from '../../../main/host/app-host'
import { otherUser } from '../drafts/helpers'
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

  it('lets the app quit, the reply kept for the next start', async () => {
    const app = await harness.startApp()
    const { queued, sending } = await replyWaitingForItsFile(app, 'harga')
    // Before, close awaited the sync, which awaited the upload, which nothing answered.
    await app.close()
    await sending

    const again = await harness.startApp()
    const kept = (await again.call('inbox:list')).replies.find((r) => r.id === queued.id)!
    expect(kept.state).toBe('queued')
    await again.close()
  })
})
