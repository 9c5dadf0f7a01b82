// Payload bounds: whatever a page sends (Electron IPC or the browser mode's WebSocket), a request too deep or
// too large gets a clear validation error before any handler runs, nothing saved before is touched, and the
// process keeps answering. The depth figures are the ones that ended the browser-mode server (12,000 nested
// arrays in `post.replies`: RangeError in JSON.stringify) and wrote an 8 MB drafts file (2,000).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { IpcResult } from '../../common/contract'
import { requestSchemas } from '../../common/contract'
import type { Draft } from '../../common/drafts'
import { MAX_PAYLOAD_DEPTH, checkPayloadShape } from '../../common/payload-bounds'
import { emptyScheduleRequest } from '../../common/service'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'
import type { AppDatabase } from '../../main/core/db/database'
import { dispatchCall } from '../../main/host/dispatch'
import { createAppHost, type AppHost } from '../../main/host/app-host'
import { sqlOf } from '../../main/core/db/handle'

const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}

function nested(depth: number): unknown {
  let value: unknown = []
  for (let i = 1; i < depth; i++) value = [value]
  return value
}

function deepSave(depth: number): unknown {
  return {
    post: { ...emptyScheduleRequest(), accountId: '', scheduleAt: '', replies: [nested(depth)] },
    localMedia: [],
  }
}

/** The stored size of the draft that holds `marker` (committed when its call answered), of all drafts. */
function storedDraftsSize(database: AppDatabase, marker: string): number {
  const rows = sqlOf(database).prepare('SELECT body FROM drafts').all() as Array<{ body: string }>
  if (!rows.some((row) => row.body.includes(marker))) throw new Error(`no stored draft holds ${marker}`)
  return rows.reduce((size, row) => size + Buffer.byteLength(row.body), 0)
}

/** A valid save of the draft `id` (a new one when undefined) whose text is `description`. */
function saveOf(description: string, id?: string) {
  return {
    ...(id ? { id } : {}),
    post: { ...emptyScheduleRequest(), description, accountId: '', scheduleAt: '' },
    localMedia: [],
  }
}

const goodSave = {
  post: { ...emptyScheduleRequest(), description: 'kept', accountId: '', scheduleAt: '' },
  localMedia: [],
}

describe('payload shape pre-check', () => {
  it('refuses deep nesting and too many members without recursing', () => {
    expect(checkPayloadShape(nested(MAX_PAYLOAD_DEPTH - 1))).toBeUndefined()
    expect(checkPayloadShape(nested(MAX_PAYLOAD_DEPTH + 1))).toMatch(/nested deeper than/)
    // A million levels would overflow any recursive walk.
    expect(checkPayloadShape(nested(1_000_000))).toMatch(/nested deeper than/)
    expect(checkPayloadShape({ ids: Array.from({ length: 300_000 }, () => 'x') })).toMatch(/too many/)
  })

  it('bounds replies to one level of reply posts, and every text and list of a post', () => {
    const save = requestSchemas['drafts:save']
    const withReplies = (replies: unknown[]) => ({
      ...goodSave,
      post: { ...goodSave.post, replies },
    })
    const reply = { title: '', description: 'a reply', topic: '', type: 'text', medias: [] }
    expect(save.safeParse(withReplies([reply])).success).toBe(true)
    expect(save.safeParse(withReplies([[reply]])).success).toBe(false)
    expect(save.safeParse(withReplies([{ ...reply, replies: [reply] }])).data).not.toHaveProperty(
      'post.replies.0.replies',
    )
    expect(save.safeParse(withReplies(Array.from({ length: 1000 }, () => reply))).success).toBe(false)
    const long = { ...goodSave, post: { ...goodSave.post, description: 'x'.repeat(1_000_000) } }
    expect(save.safeParse(long).success).toBe(false)
    const tags = {
      ...goodSave,
      post: {
        ...goodSave.post,
        additionalInfo: { ...goodSave.post.additionalInfo, tags: Array.from({ length: 5000 }, () => 't') },
      },
    }
    expect(save.safeParse(tags).success).toBe(false)
  })
})

describe('through the real dispatch', () => {
  let root: string
  let host: AppHost
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sec-bounds-'))
    host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser', ...fast })
  })
  afterAll(async () => {
    await host?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('answers the 12,000- and 2,000-deep drafts:save with a validation error and writes nothing', async () => {
    const saved = await dispatchCall(host.handlers, 'drafts:save', saveOf('kept-one'))
    expect(saved.ok).toBe(true)
    const sizeBefore = storedDraftsSize(host.database, 'kept-one')
    for (const depth of [12_000, 2_000]) {
      const result = await dispatchCall(host.handlers, 'drafts:save', deepSave(depth))
      expect(result).toMatchObject({
        ok: false,
        error: { kind: 'validation', message: expect.stringMatching(/drafts:save: .*nested deeper than/) },
      })
    }
    // A later good save of the same length reaches the disk: had a deep draft been kept, it would be there too.
    const id = saved.ok ? (saved.value as Draft).id : ''
    expect((await dispatchCall(host.handlers, 'drafts:save', saveOf('kept-two', id))).ok).toBe(true)
    expect(storedDraftsSize(host.database, 'kept-two')).toBe(sizeBefore)
    const list = await dispatchCall(host.handlers, 'drafts:list', undefined)
    expect(list.ok && (list.value as Draft[]).map((d) => d.post.description)).toEqual(['kept-two'])
  })

  it('turns a handler that throws anything (even a non-Error) into an AppError', async () => {
    const handlers = {
      ...host.handlers,
      'app:info': () => {
        throw null
      },
    } as typeof host.handlers
    await expect(dispatchCall(handlers, 'app:info', undefined)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    })
  })
})

describe('through a real browser-mode server over a real WebSocket', () => {
  let root: string
  let mode: BrowserMode
  let origin: string

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sec-bounds-ws-'))
    const renderer = join(root, 'renderer')
    mkdirSync(renderer, { recursive: true })
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    mode = await startBrowserMode({ dataDir: join(root, 'data'), rendererDir: renderer, hostOptions: fast })
    origin = new URL(mode.url).origin
  })
  afterAll(async () => {
    await mode?.close()
    rmSync(root, { recursive: true, force: true })
  })

  function socket(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${mode.url.replace('http', 'ws')}ws`, { headers: { origin } })
      ws.once('open', () => resolve(ws))
      ws.once('error', reject)
    })
  }

  let nextId = 1
  /** Sends a raw frame (so a payload too deep for JSON.stringify can still be sent) and waits for its result. */
  function callRaw(ws: WebSocket, name: string, requestJson?: string): Promise<IpcResult<unknown>> {
    const id = nextId++
    return new Promise((resolve, reject) => {
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { t: string; id: number; result: IpcResult<unknown> }
        if (message.t === 'result' && message.id === id) {
          ws.off('message', onMessage)
          resolve(message.result)
        }
      }
      ws.on('message', onMessage)
      ws.once('close', () => reject(new Error('socket closed')))
      const request = requestJson === undefined ? '' : `,"request":${requestJson}`
      ws.send(`{"t":"call","id":${id},"name":${JSON.stringify(name)}${request}}`)
    })
  }

  function deepSaveJson(depth: number): string {
    const post = JSON.stringify({ ...emptyScheduleRequest(), accountId: '', scheduleAt: '' })
    const replies = `[${'['.repeat(depth)}${']'.repeat(depth)}]`
    return `{"post":${post.replace('"replies":[]', `"replies":${replies}`)},"localMedia":[]}`
  }

  it('answers both deep frames with a validation error and keeps serving, the drafts file unchanged', async () => {
    const ws = await socket()
    const saved = await callRaw(ws, 'drafts:save', JSON.stringify(saveOf('kept-one')))
    expect(saved.ok).toBe(true)
    const sizeBefore = storedDraftsSize(mode.host.database, 'kept-one')
    for (const depth of [12_000, 2_000]) {
      const frame = deepSaveJson(depth)
      expect(frame.length).toBeLessThan(30_000)
      const result = await callRaw(ws, 'drafts:save', frame)
      expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
      if (!result.ok) expect(result.error.message).toMatch(/nested deeper than/)
    }
    const info = await callRaw(ws, 'app:info')
    expect(info).toMatchObject({ ok: true, value: { mode: 'browser' } })
    const id = saved.ok ? (saved.value as Draft).id : ''
    expect((await callRaw(ws, 'drafts:save', JSON.stringify(saveOf('kept-two', id)))).ok).toBe(true)
    expect(storedDraftsSize(mode.host.database, 'kept-two')).toBe(sizeBefore)
    const list = await callRaw(ws, 'drafts:list')
    expect(list.ok && (list.value as Draft[]).map((d) => d.post.description)).toEqual(['kept-two'])
    ws.close()
  })

  it('closes a socket whose frame is over the size limit, and the server still answers', async () => {
    const ws = await socket()
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    ws.send('x'.repeat(40 * 1024 * 1024))
    // 1009: message too big (RFC 6455 section 7.4.1).
    expect(await closed).toBe(1009)
    const again = await socket()
    expect(await callRaw(again, 'app:info')).toMatchObject({ ok: true })
    again.close()
  })
})
