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
    expect(read.config.chat).toEqual({ isActive: true, type: 'ai', prompt: 'be kind' })
    expect(read.account.type).toBe('whatsapp')
    for (const type of ['shopee', 'twitter', 'whatsapp', 'pinterest']) {
      expect(accountSchema.parse({ _id: 'a', type }).type).toBe(type)
    }
  })
})
