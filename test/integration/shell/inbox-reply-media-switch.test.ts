// A chat reply with a library audio, through the app host against a real sandbox over HTTP, while the person
// switches profile as main times the stored file: the reply is queued for the profile whose chat it answers,
// never put in the other one's outbox to go out through its account.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/index'
import { otherUser, sandboxOn } from '../drafts/helpers'
import { wav } from '../../support/media-bytes'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-media-switch-')
const root = mkdtempSync(join(tmpdir(), 'inbox-media-switch-service-'))
let service: RunningSandbox | undefined
afterAll(async () => {
  await service?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('a chat reply with a library audio while the person switches profile', () => {
  it('is queued for the profile whose chat it answers', async () => {
    // The service holds the one request made once the test arms it: the range read that times the audio.
    let armed = false
    let release = () => {}
    let arrived = () => {}
    const held = new Promise<void>((resolve) => (arrived = resolve))
    service = await sandboxOn(root, 0, {
      sleep: () => {
        if (!armed) return Promise.resolve()
        armed = false
        arrived()
        return new Promise<void>((resolve) => (release = resolve))
      },
    })
    service.setFaults({ latencyMs: 1 })
    const app = await harness.startApp()
    const base = { baseUrl: service.url }
    const work = await app.call('profiles:save', {
      name: 'Work',
      ...base,
      accessKey: 'demo',
      secretKey: 'demo-secret',
    })
    const other = await app.call('profiles:save', { name: 'Other', ...base, ...otherUser })
    await app.call('profiles:activate', { id: work.id })
    const chatId = (
      await service.addIncoming('demo', { messages: [{ text: 'Ada suaranya?', from: 'Tari' }] })
    ).messages[0]!.chatId
    await app.call('inbox:refresh')
    const path = join((await app.call('app:info')).dataDir, 'sapaan.wav')
    writeFileSync(path, wav(1))
    await app.call('files:grant-dropped', { paths: [path] })
    const { url } = await app.call('uploads:one', { path })

    armed = true
    const replying = app.call('inbox:reply', {
      id: chatId,
      text: 'Ini suaranya',
      media: [{ url, mimetype: 'audio/wav', name: 'sapaan.wav' }],
    })
    await held
    await app.call('profiles:activate', { id: other.id })
    release()
    const reply = await replying

    expect((await app.call('inbox:list')).replies.map((r) => r.id)).not.toContain(reply.id)
    await app.call('profiles:activate', { id: work.id })
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await app.inbox.sendReplies()
    const sent = (await app.call('inbox:list')).replies.find((r) => r.id === reply.id)
    expect(sent).toMatchObject({ state: 'sent', error: null })
    const page = await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
    expect(page.docs.filter((m) => m.isFromMe && m.type === 'audio')).toHaveLength(1)
    await app.close()
  })
})
