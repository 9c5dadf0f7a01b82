// The client's read schemas against the published response examples of both OpenAPI copies, read at run time:
// every member an example holds is still there after reading (unknown ones included: loose objects), and an
// enum value the app does not know is kept as it is.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  accountSchema,
  addonsSchema,
  automationSchema,
  linkMetadataSchema,
  musicListSchema,
  readPage,
  scheduleSchema,
  storageStatisticSchema,
  storedFileSchema,
  whatsappChannelListSchema,
  chatMessageSchema,
  chatSchema,
  inboxCommentSchema,
  sendMessageRequestSchema,
} from '../../../common/service'
import { OPENAPI_COPIES, readOpenApi, responseExample } from '../../support/openapi-examples'

/** Every leaf path of `value`, with its value where it is text or a flag (numbers may arrive as text). */
function leaves(value: unknown, path = ''): string[] {
  if (value === null || value === undefined) return [path]
  if (typeof value !== 'object') return [typeof value === 'number' ? path : `${path} = ${String(value)}`]
  const entries = Object.entries(value)
  if (entries.length === 0) return [`${path} (empty)`]
  return entries.flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k))
}

/** Leaves of what was read, with nulls and numbers written as the example's leaves are. */
function readLeaves(value: unknown): Set<string> {
  const all = leaves(value)
  return new Set(all.flatMap((l) => [l, l.split(' = ')[0]!]))
}

function expectKept(example: unknown, read: unknown): void {
  const kept = readLeaves(read)
  const dropped = leaves(example).filter((l) => !kept.has(l) && !kept.has(l.split(' = ')[0]!))
  expect(dropped).toEqual([])
}

const PAGES: [string, z.ZodType][] = [
  ['/public/automation', automationSchema],
  ['/public/schedule', scheduleSchema],
  ['/public/account', accountSchema],
  ['/public/storage/file', storedFileSchema],
  ['/public/comment', inboxCommentSchema],
  ['/public/chat', chatSchema],
  ['/public/chat/{chatId}/message', chatMessageSchema],
]
const ONES: [string, z.ZodType][] = [
  ['/public/schedule/{scheduleId}', scheduleSchema],
  ['/public/storage/statistic', storageStatisticSchema],
  ['/public/storage/file/{fileId}', storedFileSchema],
  ['/public/account/{accountId}', accountSchema],
  ['/public/me/addon', addonsSchema],
  ['/public/addon/link/metadata', linkMetadataSchema],
  ['/public/link/metadata', linkMetadataSchema],
  ['/public/addon/tiktok/music', musicListSchema],
  ['/public/tiktok/music', musicListSchema],
  ['/public/addon/whatsapp/channel', whatsappChannelListSchema],
  ['/public/comment/{commentId}', inboxCommentSchema],
  ['/public/chat/{chatId}', chatSchema],
]

for (const copy of OPENAPI_COPIES) {
  const doc = readOpenApi(copy)
  describe(`the client reads ${copy}'s response examples without dropping a member`, () => {
    for (const [path, schema] of PAGES) {
      if (!doc.paths[path]?.get) continue
      it(`GET ${path}`, () => {
        const example = responseExample(doc, 'get', path)
        const read = readPage(schema, example)
        expect(read.ok && read.unreadable).toEqual([])
        if (read.ok) expectKept(example, read.page)
      })
    }
    for (const [path, schema] of ONES) {
      if (!doc.paths[path]?.get) continue
      it(`GET ${path}`, () => {
        const example = responseExample(doc, 'get', path)
        expectKept(example, schema.parse(example))
      })
    }
  })
}

describe('values the app does not know', () => {
  it('keeps unknown enum values, opening images and the chat rule of an automation as sent', () => {
    const doc = readOpenApi('service-openapi-newer.json')
    const page = responseExample(doc, 'get', '/public/automation') as { docs: Record<string, unknown>[] }
    const record = structuredClone(page.docs[0]!) as {
      config: Record<string, Record<string, unknown>>
      account: Record<string, unknown>
    }
    record.config.delete!.type = 'sentiment'
    record.config.reply!.type = 'template'
    record.config.message!.type = 'flow'
    record.config.message!.delay = { isActive: true, value: 2, type: 'hour' }
    record.config.message!.opening = {
      postback: {
        isActive: true,
        text: 'Hi',
        button: { type: 'call', title: 'Call', payload: '' },
        image: 'a.jpg',
      },
    }
    record.config.chat = { isActive: true, type: 'ai', prompt: 'be kind' }
    record.account.type = 'whatsapp'
    const read = automationSchema.parse(record) as unknown as typeof record
    expect(read.config.delete!.type).toBe('sentiment')
    expect(read.config.reply!.type).toBe('template')
    expect(read.config.message!.type).toBe('flow')
    expect(read.config.message!.delay).toMatchObject({ type: 'hour' })
    expect(read.config.message!.opening).toMatchObject({
      postback: { image: 'a.jpg', button: { type: 'call' } },
    })
    // Kept as sent (the reader may add the members a rule set always has, for the editor).
    expect(read.config.chat).toMatchObject({ isActive: true, type: 'ai', prompt: 'be kind' })
    expect(read.account.type).toBe('whatsapp')
    for (const type of ['shopee', 'twitter', 'whatsapp', 'pinterest']) {
      expect(accountSchema.parse({ _id: 'a', type }).type).toBe(type)
    }
  })
})

describe('the inbox as an older or drifting service sends it', () => {
  it('reads a comment without a thread or content, and a status it does not know as pending', () => {
    const read = inboxCommentSchema.parse({ _id: 'c1', status: 'queued', comment: { text: 'Halo' } })
    expect(read).toMatchObject({ id: 'c1', status: 'pending', comment: { text: 'Halo', replies: [] } })
    expect(read.content.url).toBe('')
  })

  it('reads a chat without a last message, and counts sent as text', () => {
    const read = chatSchema.parse({ id: 'h1', senderName: 'Sari', unreadCount: '2' })
    expect(read).toMatchObject({ id: 'h1', senderName: 'Sari', unreadCount: 2 })
    expect(read.lastMessage).toBeUndefined()
  })

  it('sends only a message the service takes: text not blank, files at an http(s) address with their figures', () => {
    expect(sendMessageRequestSchema.safeParse({ type: 'text', text: ' ' }).success).toBe(false)
    expect(sendMessageRequestSchema.safeParse({ type: 'text', text: ' hi ' }).data).toEqual({
      type: 'text',
      text: ' hi ',
    })
    const image = { type: 'image', image: { url: 'file:///etc/passwd', mimetype: 'image/png' } }
    expect(sendMessageRequestSchema.safeParse(image).success).toBe(false)
    const video = { type: 'video', video: { url: 'https://s.test/v.mp4', mimetype: 'video/mp4' } }
    expect(sendMessageRequestSchema.safeParse(video).success).toBe(false)
    expect(
      sendMessageRequestSchema.safeParse({ ...video, video: { ...video.video, duration: 3 } }).success,
    ).toBe(true)
    const document = {
      type: 'document',
      document: { url: 'https://s.test/a.pdf', mimetype: 'application/pdf', name: 'a.pdf', size: 10 },
    }
    expect(sendMessageRequestSchema.safeParse(document).success).toBe(true)
  })
})
