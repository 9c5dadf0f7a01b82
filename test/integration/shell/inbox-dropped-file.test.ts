// A file dropped on a chat's reply box, through the app host against a real sandbox over HTTP: the reply is
// queued at once, waits for the file's upload through the profile's upload engine, and is sent with the
// upload's public address and the file's own size; a file that was never dropped or picked is refused; and a
// file gone before its upload makes the reply say it failed, instead of waiting for ever. A reply to a chat of the
// copy goes without the service's lookup of what its id names.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppHost } from '../../../main/host/app-host'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-dropped-')

const activeApp = (): Promise<AppHost> => harness.startActiveApp()

describe('a file dropped on a chat reply', () => {
  let app: AppHost
  let chatId: string
  let folder: string

  it('waits for its upload and is sent with its public address', async () => {
    app = await activeApp()
    const added = await harness.service.addIncoming('demo', {
      messages: [{ text: 'Boleh minta daftar harga?', from: 'Sari' }],
    })
    chatId = added.messages[0]!.chatId
    await app.call('inbox:refresh')
    folder = (await app.call('app:info')).dataDir
    const file = join(folder, 'daftar-harga.pdf')
    writeFileSync(file, `%PDF-1.4\n${'harga '.repeat(5_000)}\n%%EOF\n`)

    // Never dropped nor picked: refused before anything is queued.
    await expect(
      app.call('inbox:reply', { id: chatId, text: 'Ini', media: [{ path: file, name: 'daftar-harga.pdf' }] }),
    ).rejects.toMatchObject({ kind: 'validation', code: 'file-not-granted' })

    await app.call('files:grant-dropped', { paths: [file] })
    const queued = await app.call('inbox:reply', {
      id: chatId,
      text: 'Ini daftar harganya',
      media: [{ path: file, name: 'daftar-harga.pdf' }],
    })
    // Answered before the upload is done: the file still a path, no address yet.
    expect(queued.state).toBe('queued')
    expect(queued.media).toEqual([{ name: 'daftar-harga.pdf', kind: 'document', path: file }])

    await app.inbox.sendReplies()
    const sent = (await app.call('inbox:list')).replies.find((r) => r.id === queued.id)!
    expect(sent.state).toBe('sent')
    const uploaded = app
      .active()
      .uploads.list()
      .find((i) => i.path === file)!
    expect(uploaded).toMatchObject({ state: 'done' })
    expect(uploaded.url).toMatch(/^https?:\/\//)
    expect(sent.media).toEqual([{ name: 'daftar-harga.pdf', kind: 'document', url: uploaded.url }])

    const page = await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
    const mine = page.docs.filter((m) => m.isFromMe)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      type: 'document',
      text: 'Ini daftar harganya',
      document: { url: uploaded.url, name: 'daftar-harga.pdf', size: statSync(file).size },
    })
  })

  it('goes without asking the service which kind its id names: the copy knows it is a chat', async () => {
    const asked: string[] = []
    const heard = (event: unknown) => {
      const { request } = event as { request: { method: string; path: string } }
      asked.push(`${request.method} ${request.path}`)
    }
    subscribe('undici:request:create', heard)
    try {
      const queued = await app.call('inbox:reply', { id: chatId, text: 'Sudah kami kirim', media: [] })
      await app.inbox.sendReplies()
      const sent = (await app.call('inbox:list')).replies.find((r) => r.id === queued.id)!
      expect(sent.state).toBe('sent')
    } finally {
      unsubscribe('undici:request:create', heard)
    }
    expect(asked).toContain(`POST /public/chat/${chatId}/message`)
    // The lookup (main/core/inbox/inbox-item.ts) asks the comment queue first: two round trips before the send.
    expect(asked.filter((a) => a.startsWith(`GET /public/comment/${chatId}`))).toEqual([])
  })

  it('says the reply failed when its file is gone before the upload, instead of waiting', async () => {
    const file = join(folder, 'katalog.pdf')
    writeFileSync(file, `%PDF-1.4\n${'katalog '.repeat(1_000)}\n%%EOF\n`)
    await app.call('files:grant-dropped', { paths: [file] })
    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const queued = await app.call('inbox:reply', {
      id: chatId,
      text: 'Katalognya',
      media: [{ path: file, name: 'katalog.pdf' }],
    })
    expect(queued.state).toBe('queued')
    rmSync(file)
    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await app.inbox.sendReplies()
    const reply = (await app.call('inbox:list')).replies.find((r) => r.id === queued.id)!
    expect(reply.state).toBe('failed')
    expect(reply.error).toMatch(/not uploaded/)
    const page = await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
    expect(page.docs.filter((m) => m.isFromMe && m.text === 'Katalognya')).toEqual([])
  })
})
