// `inbox`, `inbox reply`, `inbox resolve` and `inbox ignore` as scripts call them (the real CLI process)
// against the real sandbox over HTTP: the listing and its filters, JSON lines, control characters escaped,
// replies to comments (text only) and chats (text, an uploaded picture, a video with its duration read from
// the file, a document with its size), and the exit codes (0 done, 1 failed or not found, 2 usage).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { jsonLines, useCliSandbox } from '../support/cli-sandbox'

const service = useCliSandbox('mediadeck-cli-inbox-', 50_000_000)
const { cli, api } = service
let accounts: any[]

beforeAll(async () => {
  accounts = (await api('GET', '/public/account?page=1&limit=20')).docs
})

describe('inbox', () => {
  it('lists every comment and chat newest first; JSON lines carry id, kind, accountId and text', async () => {
    const run = await cli(['inbox', '--json'])
    expect(run.code, run.stderr).toBe(0)
    const lines = jsonLines(run.stdout)
    const comments = await api('GET', '/public/comment?page=1&limit=100')
    const chats = await api('GET', '/public/chat?page=1&limit=100')
    expect(
      lines
        .filter((l) => l.kind === 'comment')
        .map((l) => l.id)
        .sort(),
    ).toEqual(comments.docs.map((c: any) => c.id).sort())
    expect(
      lines
        .filter((l) => l.kind === 'chat')
        .map((l) => l.id)
        .sort(),
    ).toEqual(chats.docs.map((c: any) => c.id).sort())
    for (const l of lines) {
      expect(typeof l.id).toBe('string')
      expect(['comment', 'chat']).toContain(l.kind)
      expect(typeof l.accountId).toBe('string')
      expect(typeof l.text).toBe('string')
    }
    const dates = lines.map((l) => l.at)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('filters by status (which names the kind), kind, accounts and search', async () => {
    const pending = jsonLines((await cli(['inbox', '--status', 'pending', '--json'])).stdout)
    expect(pending.length).toBeGreaterThan(0)
    expect(pending.every((l) => l.kind === 'comment' && l.status === 'pending')).toBe(true)
    const unread = jsonLines((await cli(['inbox', '--json', '--status', 'unread'])).stdout)
    expect(unread.length).toBeGreaterThan(0)
    expect(unread.every((l) => l.kind === 'chat' && l.unreadCount > 0)).toBe(true)
    const chats = jsonLines((await cli(['inbox', '--kind', 'chat', '--json'])).stdout)
    expect(chats.every((l) => l.kind === 'chat')).toBe(true)
    const facebook = accounts.find((a) => a.type === 'facebook')
    const instagram = accounts.find((a) => a.type === 'instagram')
    const two = jsonLines(
      (await cli(['inbox', '--account', facebook.id, '--account', instagram.id, '--json'])).stdout,
    )
    expect(two.length).toBeGreaterThan(0)
    expect(two.every((l) => l.accountId === facebook.id || l.accountId === instagram.id)).toBe(true)
    const found = jsonLines((await cli(['inbox', '--search', 'surabaya', '--json'])).stdout)
    expect(found.map((l) => l.text)).toEqual(['Ongkir ke Surabaya berapa ya?'])
  })

  it('escapes control characters in the human listing; JSON keeps the text as it is', async () => {
    await service.sandbox.addIncoming('cli', {
      comments: [{ text: 'line one\nline two \u001b[31mred\u001b[0m', from: 'Evil\rName' }],
    })
    const human = await cli(['inbox', '--status', 'pending'])
    expect(human.code).toBe(0)
    const line = human.stdout.split('\n').find((l) => l.includes('line one'))!
    expect(line).toContain('Evil\\rName: line one\\nline two \\u001b[31mred\\u001b[0m')
    expect(human.stdout).not.toContain('\u001b')
    expect(human.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ items$/)
    const json = jsonLines((await cli(['inbox', '--status', 'pending', '--json'])).stdout)
    expect(json.some((l) => l.text === 'line one\nline two \u001b[31mred\u001b[0m')).toBe(true)
  })

  it('usage errors exit 2 with one line: an unknown status or kind, a status of the other kind', async () => {
    for (const args of [
      ['inbox', '--status', 'done'],
      ['inbox', '--kind', 'dm'],
      ['inbox', '--status', 'unread', '--kind', 'comment'],
      ['inbox', '--bogus'],
      ['inbox', 'reply', 'x'],
      ['inbox', 'resolve'],
    ]) {
      const run = await cli(args)
      expect([args, run.code]).toEqual([args, 2])
      expect(run.stderr.split('\n')[0]).toMatch(/^error: /)
      expect(run.stdout).toBe('')
    }
  })
})

describe('inbox reply', () => {
  it("answers a comment with the account's text, and refuses media there without sending anything", async () => {
    const added = await service.sandbox.addIncoming('cli', { comments: [{ text: 'Harga?', from: 'Nia' }] })
    const id = added.comments[0]!.id
    const file = join(service.dir, 'pic.png')
    writeFileSync(
      file,
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    )
    const refused = await cli(['inbox', 'reply', id, '--text', 'Ini', '--media', file])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(
      `error: ${id} is a comment: a comment reply takes text only, so nothing was sent\n`,
    )
    expect((await api('GET', `/public/comment/${id}`)).comment.replies).toEqual([])

    const run = await cli(['inbox', 'reply', id, '--text', 'Rp25.000 kak', '--json'])
    expect(run.code, run.stderr).toBe(0)
    const [line] = jsonLines(run.stdout)
    expect(line).toMatchObject({ id, kind: 'comment', state: 'sent' })
    const after = await api('GET', `/public/comment/${id}`)
    expect(after.status).toBe('resolved')
    expect(after.comment.replies.map((r: any) => [r.id, r.text])).toEqual([[line!.replyId, 'Rp25.000 kak']])
  })

  it('writes in a chat: text, then an uploaded picture, a video with its duration and a document with its size', async () => {
    const added = await service.sandbox.addIncoming('cli', {
      messages: [{ text: 'Ada katalog?', from: 'Oki' }],
    })
    const chatId = added.messages[0]!.chatId
    const text = await cli(['inbox', 'reply', chatId, '--text', 'Ada kak'])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(new RegExp(`^sent text to chat ${chatId} \\(m_`))

    const png = join(service.dir, 'katalog.png')
    writeFileSync(
      png,
      Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000020806000000f478d4fa', 'hex'),
    )
    const mp4 = join(service.dir, 'promo.mp4')
    writeFileSync(mp4, mp4Bytes(7.5))
    const pdf = join(service.dir, 'harga.pdf')
    writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 32)]))
    const run = await cli([
      'inbox',
      'reply',
      chatId,
      '--text',
      'Ini katalognya',
      '--media',
      png,
      '--media',
      mp4,
      '--media',
      pdf,
      '--json',
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(jsonLines(run.stdout).map((l) => l.type)).toEqual(['image', 'video', 'document'])

    const messages = (await api('GET', `/public/chat/${chatId}/message?page=1&limit=10`)).docs
    const [doc, video, image] = messages
    const stored = (await api('GET', '/public/storage/file?page=1&limit=100')).docs
    const urlOf = (name: string) => stored.find((f: any) => f.filename === name).url
    expect(image).toMatchObject({ type: 'image', text: 'Ini katalognya', isFromMe: true })
    expect(image.image).toEqual({ url: urlOf('katalog.png'), mimetype: 'image/png' })
    expect(video.video).toEqual({ url: urlOf('promo.mp4'), mimetype: 'video/mp4', duration: 7.5 })
    expect(video.text).toBeUndefined()
    expect(doc.document).toEqual({
      url: urlOf('harga.pdf'),
      mimetype: 'application/pdf',
      name: 'harga.pdf',
      size: 3009,
    })
    // The public addresses serve the uploaded bytes.
    expect((await fetch(image.image.url)).status).toBe(200)
  })

  it('a picture by its address is sent as it is; a video by its address is refused, nothing sent', async () => {
    const added = await service.sandbox.addIncoming('cli', { messages: [{ text: 'Foto?', from: 'Uli' }] })
    const chatId = added.messages[0]!.chatId
    const ok = await cli(['inbox', 'reply', chatId, '--text', 'Ini', '--media', 'https://example.com/a.jpg'])
    expect(ok.code, ok.stderr).toBe(0)
    const last = (await api('GET', `/public/chat/${chatId}/message?page=1&limit=1`)).docs[0]
    expect(last.image).toEqual({ url: 'https://example.com/a.jpg', mimetype: 'image/jpeg' })
    const refused = await cli([
      'inbox',
      'reply',
      chatId,
      '--text',
      'Ini',
      '--media',
      'https://example.com/a.mp4',
    ])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      /^error: https:\/\/example\.com\/a\.mp4: only a picture can be sent by its address/,
    )
    expect((await api('GET', `/public/chat/${chatId}/message?page=1&limit=10`)).totalDocs).toBe(2)
  })

  it('exit 1 with one line for an unknown id, a missing file, a video whose duration cannot be read', async () => {
    const unknown = await cli(['inbox', 'reply', '000000000000000000000000', '--text', 'x'])
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      'error: no comment or chat 000000000000000000000000\n',
    ])
    const missing = await cli([
      'inbox',
      'reply',
      'whatever',
      '--text',
      'x',
      '--media',
      join(service.dir, 'nope.mp4'),
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim().split('\n')).toHaveLength(1)
    const bad = join(service.dir, 'bad.mp4')
    writeFileSync(bad, Buffer.from('not a video at all'))
    const run = await cli(['inbox', 'reply', 'whatever', '--text', 'x', '--media', bad])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/bad\.mp4/)
  })
})

describe('inbox resolve and ignore', () => {
  it('set the status of a comment; a chat or an unknown id is exit 1 with one line', async () => {
    const added = await service.sandbox.addIncoming('cli', { comments: [{ text: 'Ok', from: 'Ra' }] })
    const id = added.comments[0]!.id
    const ignored = await cli(['inbox', 'ignore', id])
    expect([ignored.code, ignored.stdout]).toEqual([0, `comment ${id} ignored\n`])
    expect((await api('GET', `/public/comment/${id}`)).status).toBe('ignored')
    const resolved = await cli(['inbox', 'resolve', id])
    expect([resolved.code, resolved.stdout]).toEqual([0, `comment ${id} resolved\n`])
    expect((await api('GET', `/public/comment/${id}`)).status).toBe('resolved')

    const chat = (await service.sandbox.addIncoming('cli', { messages: [{ text: 'Hi', from: 'Ra' }] }))
      .messages[0]!.chatId
    const onChat = await cli(['inbox', 'resolve', chat])
    expect([onChat.code, onChat.stderr]).toEqual([
      1,
      `error: ${chat} is a chat; only a comment can be marked resolved\n`,
    ])
    const unknown = await cli(['inbox', 'ignore', 'nope'])
    expect([unknown.code, unknown.stderr]).toEqual([1, 'error: no comment nope\n'])
  })
})

/** A minimal MP4: ftyp, then a movie header saying `seconds` at 1000 units a second, then some media data. */
function mp4Bytes(seconds: number): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(8 + body.length, 0)
    head.write(type, 4, 'latin1')
    return Buffer.concat([head, body])
  }
  const mvhd = Buffer.alloc(96)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16)
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', box('mvhd', mvhd)),
    box('mdat', Buffer.alloc(2000, 7)),
  ])
}
