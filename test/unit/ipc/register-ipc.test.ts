// Electron IPC: only the app window's main frame may call, every payload is validated before a handler runs,
// and every failure comes back as plain AppErrorData.
import { describe, expect, it, vi } from 'vitest'
import { CALL_NAMES, type IpcResult } from '../../../common/contract'
import { AppError } from '../../../common/errors'
import type { Handlers } from '../../../main/handlers/types'
import { silentLogger } from '../../../main/host/logging'
import { registerIpc, forwardEvents } from '../../../main/ipc/register-ipc'
import { createSenderCheck, type FrameLike, type SenderEvent } from '../../../main/ipc/sender-check'
import { createEventHub } from '../../../main/host/event-hub'
import { apiSurface } from '../../../common/api-surface'
import { emptyScheduleRequest } from '../../../common/service'
import { buildMediadeckApi } from '../../../preload/api'

const mainFrame: FrameLike = {
  url: 'app://mediadeck/index.html#/library',
  processId: 4,
  routingId: 1,
  parent: null,
}
const appContents = { isDestroyed: () => false, mainFrame }

function setup() {
  const channels = new Map<string, (event: SenderEvent, ...args: unknown[]) => Promise<unknown>>()
  const ipcMain = {
    handle: (channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>) =>
      channels.set(channel, listener),
    removeHandler: (channel: string) => channels.delete(channel),
  }
  const stats = vi.fn(async () => ({ file: { total: 1 } }))
  const start = vi.fn(async () => [])
  const files = vi.fn(async () => {
    throw new AppError({ kind: 'unauthorized', status: 401, message: 'unauthorized' })
  })
  const info = vi.fn(async () => {
    throw new Error('boom')
  })
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name) =>
      ({ 'storage:stats': stats, 'uploads:start': start, 'storage:files': files, 'app:info': info })[
        name as string
      ] ?? vi.fn(async () => undefined),
  })
  const isTrustedSender = createSenderCheck({
    appContents: () => appContents,
    isAppUrl: (u) => u.startsWith('app://mediadeck/'),
  })
  const unregister = registerIpc({ ipcMain, handlers, isTrustedSender, log: silentLogger })
  const call = (name: string, request: unknown, event: Partial<SenderEvent> = {}) =>
    channels.get(name)!({ sender: appContents, senderFrame: mainFrame, ...event }, request) as Promise<
      IpcResult<unknown>
    >
  return { channels, call, stats, start, files, info, unregister }
}

describe('IPC registration', () => {
  it('handles exactly the contract calls, and removes them again', () => {
    const { channels, unregister } = setup()
    expect([...channels.keys()].sort()).toEqual([...CALL_NAMES].sort())
    unregister()
    expect(channels.size).toBe(0)
  })

  it('runs a valid call and answers ok', async () => {
    const { call, stats } = setup()
    await expect(call('storage:stats', undefined)).resolves.toEqual({
      ok: true,
      value: { file: { total: 1 } },
    })
    expect(stats).toHaveBeenCalledOnce()
  })

  it('rejects bad payloads with a validation error and runs nothing', async () => {
    const { call, stats, start } = setup()
    const bad: Array<[string, unknown]> = [
      ['storage:stats', { extra: true }],
      ['uploads:start', { paths: [] }],
      ['uploads:start', { paths: ['/a'], evil: 'x' }],
      ['uploads:start', { paths: 'not-an-array' }],
      ['uploads:start', null],
      ['uploads:start', { paths: [42] }],
    ]
    for (const [name, request] of bad) {
      const result = await call(name, request)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.kind).toBe('validation')
    }
    expect(stats).not.toHaveBeenCalled()
    expect(start).not.toHaveBeenCalled()
  })

  it('names the bad field', async () => {
    const { call } = setup()
    const result = await call('storage:files', { page: 0, limit: 10 })
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation', field: 'page' } })
  })

  it('refuses senders other than the app window main frame, before validation', async () => {
    const { call, stats } = setup()
    const iframe: FrameLike = { ...mainFrame, routingId: 7, parent: mainFrame }
    const foreignPage: FrameLike = { ...mainFrame, url: 'https://evil.example/' }
    const otherFrame: FrameLike = { ...mainFrame, routingId: 9 }
    const cases: Array<Partial<SenderEvent>> = [
      { senderFrame: iframe },
      { senderFrame: foreignPage },
      { senderFrame: otherFrame },
      { senderFrame: null },
      { sender: { isDestroyed: () => false, mainFrame } },
    ]
    for (const event of cases) {
      const result = await call('storage:stats', undefined, event)
      expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
    }
    expect(stats).not.toHaveBeenCalled()
  })

  it('carries failures as plain AppErrorData', async () => {
    const { call } = setup()
    const unauthorized = await call('storage:files', { page: 1, limit: 10 })
    expect(unauthorized).toEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: 'unauthorized' },
    })
    const internal = await call('app:info', undefined)
    expect(internal).toEqual({ ok: false, error: { kind: 'internal', message: 'boom' } })
  })
})

describe('event forwarding', () => {
  it('sends host events to the window while it exists', () => {
    const hub = createEventHub()
    const send = vi.fn()
    let destroyed = false
    forwardEvents(hub, () => ({ isDestroyed: () => destroyed, send }))
    hub.emit('storage:changed', { reason: 'deleted' })
    destroyed = true
    hub.emit('storage:changed', { reason: 'deleted' })
    expect(send.mock.calls).toEqual([['storage:changed', { reason: 'deleted' }]])
  })

  it('sends a list’s records packed, and the page’s API hands them on as emitted', () => {
    const hub = createEventHub()
    const sent: Array<[string, unknown]> = []
    forwardEvents(hub, () => ({
      isDestroyed: () => false,
      // What crosses the bridge is a copy, as Electron's structured clone makes it.
      send: (name, payload) => sent.push([name, JSON.parse(JSON.stringify(payload))]),
    }))
    const draft = {
      id: 'd1',
      profileId: 'sandbox',
      status: 'draft' as const,
      post: { ...emptyScheduleRequest(), description: 'Batik', accountId: 'acc-ig', scheduleAt: '' },
      localMedia: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }
    const change = { seq: 1, changed: [draft], removed: [] }
    hub.emit('drafts:changed', change)
    const [[name, payload]] = sent as [[string, unknown]]
    expect(name).toBe('drafts:changed')
    // The empty post's network options, music and link preview are named, not sent.
    expect(JSON.stringify(payload)).not.toContain('isAutoAddMusic')
    expect(JSON.stringify(payload).length).toBeLessThan(0.6 * JSON.stringify(change).length)
    const heard: unknown[] = []
    const api = buildMediadeckApi(
      {
        invoke: async () => ({ ok: true, value: null }),
        subscribe: (event, listener) => {
          if (event === name) listener(payload)
          return () => undefined
        },
      },
      { fromDrop: async () => [], startDropped: async () => [], onCopying: () => () => undefined },
      apiSurface(),
    )
    api.drafts.onChanged((received) => heard.push(received))
    expect(heard).toEqual([change])
  })
})
