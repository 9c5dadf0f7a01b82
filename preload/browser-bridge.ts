// The browser stand-in of the preload (browser mode only; bundled as an IIFE and injected into index.html
// before the app's script). It builds the same window.mediadeck from the same contract, over the browser-mode
// WebSocket instead of Electron IPC. Pages cannot name files by path, so dropped and picked files are
// streamed to the host, which saves and grants them: they then upload exactly as in the app.
import { HOST_LINK_EVENT, HOST_STOPPED_CODE } from '../common/app-state'
import type { CopyProgress, DroppedFile, HostLinkDetail, PickedFile } from '../common/app-state'
import type { CallName, EventName, IpcResult } from '../common/contract'
import { parseDeepLink } from '../common/deep-links'
import type { ClientMessage, ServerMessage } from '../common/ws-protocol'
import type { AppRoute } from '../common/routes'
import type { AppErrorData } from '../common/errors'
import type { UploadItem } from '../common/uploads'
import type { ApiSurface } from '../common/api-surface'
import { buildMediadeckApi, type BridgeTransport } from './api'

/**
 * The API's calls and events, put before this script by the host that serves it (main/browser-mode/server.ts,
 * from common/api-surface.ts): bundling the contract here would run its schemas in every page, before the app.
 */
declare const MEDIADECK_API_SURFACE: ApiSurface

interface Pending {
  resolve(result: IpcResult<unknown>): void
}

// The script's own address carries the token: http://127.0.0.1:PORT/<token>/mediadeck-bridge.js
const script = document.currentScript as HTMLScriptElement | null
const base = new URL('.', script?.src ?? location.href)
const socketUrl = `${base.href.replace(/^http/, 'ws')}ws`

/**
 * A mediadeck:// link the page was opened with (`?open=mediadeck://planner?date=2026-12-01`): a browser has no
 * protocol handler to hand one to the app, so the address carries it. It is untrusted input like any link and
 * goes through the same strict parser; the app is sent there by `app:navigate`, as main does for the window,
 * once the app listens. Taken out of the address so a reload does not follow it again.
 */
let linkRoute: AppRoute | null = null
{
  const params = new URLSearchParams(location.search)
  const link = params.get('open')
  if (link !== null) {
    linkRoute = parseDeepLink(link)
    if (!linkRoute) console.warn('ignored a mediadeck:// link that is not one the app opens')
    params.delete('open')
    const search = params.toString()
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
    )
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>()
const pending = new Map<number, Pending>()
const outbox: string[] = []
let nextId = 1
let socket: WebSocket | undefined
/** Whether the host answered the last attempt; a page starts assuming it does (it was just served). */
let linked = true

/**
 * Reconnection delays. The host's address (port and token) changes with each start, so once it stopped, only
 * the same process coming back (a dropped socket, a machine waking) can answer here: a few quick attempts,
 * then one a minute at most. Each failed attempt is a console error the browser logs itself.
 */
const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 60_000
let retryMs = FIRST_RETRY_MS

const hostStopped: AppErrorData = {
  kind: 'network',
  code: HOST_STOPPED_CODE,
  message: 'the Mediadeck app that served this page has stopped',
}

function setLinked(next: boolean): void {
  if (linked === next) return
  linked = next
  window.dispatchEvent(new CustomEvent<HostLinkDetail>(HOST_LINK_EVENT, { detail: { linked: next } }))
}

function connect(): void {
  const ws = new WebSocket(socketUrl)
  socket = ws
  ws.addEventListener('open', () => {
    retryMs = FIRST_RETRY_MS
    setLinked(true)
    for (const message of outbox.splice(0)) ws.send(message)
  })
  ws.addEventListener('message', (event) => {
    let message: ServerMessage
    try {
      message = JSON.parse(String(event.data)) as ServerMessage
    } catch {
      return
    }
    if (message.t === 'result') {
      pending.get(message.id)?.resolve(message.result)
      pending.delete(message.id)
    } else if (message.t === 'event') {
      for (const listener of [...(listeners.get(message.name) ?? [])]) {
        try {
          listener(message.payload)
        } catch (error) {
          console.error(error)
        }
      }
    }
  })
  ws.addEventListener('close', () => {
    socket = undefined
    setLinked(false)
    // Calls in flight, or waiting to be sent, when the host went away cannot be answered any more.
    for (const [id, call] of pending) {
      call.resolve({ ok: false, error: hostStopped })
      pending.delete(id)
    }
    outbox.length = 0
    setTimeout(connect, retryMs)
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  })
}

const transport: BridgeTransport = {
  invoke(name: CallName, request: unknown) {
    // While the host is gone a call would wait for a reconnection that may never come: say so at once.
    if (!linked) return Promise.resolve({ ok: false, error: hostStopped })
    return new Promise((resolve) => {
      const id = nextId++
      pending.set(id, { resolve })
      const message = JSON.stringify({ t: 'call', id, name, request } satisfies ClientMessage)
      if (socket?.readyState === WebSocket.OPEN) socket.send(message)
      else outbox.push(message)
    })
  },
  subscribe(name: EventName, listener) {
    let set = listeners.get(name)
    if (!set) listeners.set(name, (set = new Set()))
    set.add(listener)
    if (name === 'app:navigate' && linkRoute) {
      const route = linkRoute
      linkRoute = null
      queueMicrotask(() => listener(route))
    }
    return () => {
      set.delete(listener)
    }
  },
}

/**
 * One file's bytes to the host's intake. XMLHttpRequest rather than fetch: only it tells how much of a body
 * has gone, which a drop of large files shows while it copies. `onSent` gets the bytes of this file sent.
 */
function sendFile(file: File, onSent: (bytes: number) => void): Promise<PickedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', new URL(`files?name=${encodeURIComponent(file.name)}`, base))
    request.setRequestHeader('content-type', 'application/octet-stream')
    request.upload.addEventListener('progress', (event) => onSent(event.loaded))
    request.addEventListener('error', () =>
      reject({
        kind: 'network',
        code: HOST_STOPPED_CODE,
        message: `${file.name}: could not reach the Mediadeck app`,
      } satisfies AppErrorData),
    )
    request.addEventListener('load', () => {
      let body: unknown
      try {
        body = JSON.parse(request.responseText) as unknown
      } catch {
        body = undefined
      }
      if (request.status >= 200 && request.status < 300) resolve(body as PickedFile)
      else reject((body ?? { kind: 'internal', message: `${file.name}: ${request.status}` }) as AppErrorData)
    })
    request.send(file)
  })
}

/** The page's listeners of the copy's progress (`files.onCopying`). */
const copyListeners = new Set<(progress: CopyProgress) => void>()
function onCopying(listener: (progress: CopyProgress) => void): () => void {
  copyListeners.add(listener)
  return () => void copyListeners.delete(listener)
}
function tellCopying(progress: CopyProgress): void {
  for (const listener of copyListeners) {
    try {
      listener({ ...progress })
    } catch {
      // A listener's failure is the page's; the copy goes on.
    }
  }
}

/** At most this often while a file is sent: its end and the copy's end are always told. */
const COPY_PROGRESS_EVERY_MS = 100

async function fromDrop(dropped: readonly DroppedFile[]): Promise<PickedFile[]> {
  const files = dropped.filter((file): file is File => file instanceof File)
  if (files.length === 0) return []
  const progress: CopyProgress = {
    files: files.length,
    filesDone: 0,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    bytesDone: 0,
    finished: false,
  }
  tellCopying(progress)
  const picked: PickedFile[] = []
  let toldAt = performance.now()
  try {
    for (const file of files) {
      const before = progress.bytesDone
      picked.push(
        await sendFile(file, (sent) => {
          progress.bytesDone = before + Math.min(sent, file.size)
          const now = performance.now()
          if (now - toldAt < COPY_PROGRESS_EVERY_MS) return
          toldAt = now
          tellCopying(progress)
        }),
      )
      progress.filesDone += 1
      progress.bytesDone = before + file.size
      tellCopying(progress)
    }
    return picked
  } finally {
    tellCopying({ ...progress, finished: true })
  }
}

/**
 * A drop on the window: each file's bytes go to the host's intake (they are not on its disk), then the copies
 * are queued in one call, as the app's drop is.
 */
async function startDropped(files: readonly DroppedFile[]): Promise<UploadItem[]> {
  const picked = await fromDrop(files)
  if (picked.length === 0) return []
  const result = await transport.invoke('uploads:start', { paths: picked.map((file) => file.path) })
  if (!result.ok) throw { ...result.error }
  return result.value as UploadItem[]
}

/** The page's stand-in of the native dialog. Must run in the click's task: input.click() needs activation. */
function pick(request?: { directories?: boolean }): Promise<PickedFile[]> {
  const input = document.createElement('input')
  input.type = 'file'
  input.multiple = true
  if (request?.directories) input.webkitdirectory = true
  input.style.display = 'none'
  document.body.append(input)
  const chosen = new Promise<File[]>((resolve) => {
    input.addEventListener('change', () => resolve([...(input.files ?? [])]), { once: true })
    input.addEventListener('cancel', () => resolve([]), { once: true })
  })
  input.click()
  return chosen.then((files) => fromDrop(files)).finally(() => input.remove())
}

function freeze<T extends object>(api: T): T {
  for (const domain of Object.values(api)) Object.freeze(domain)
  return Object.freeze(api)
}

const api = buildMediadeckApi(transport, { fromDrop, startDropped, onCopying }, MEDIADECK_API_SURFACE)
const files = api.files as unknown as Record<string, unknown>
files.pick = pick
// The host checks the allow-list (and rejects what is not on it); the page then opens the tab itself, since
// a server has no browser to open it in.
const app = api.app as unknown as Record<string, unknown>
const checkExternal = api.app.openExternal
app.openExternal = async (request: { url: string }) => {
  await checkExternal(request)
  window.open(request.url, '_blank', 'noopener,noreferrer')
}
Object.defineProperty(window, 'mediadeck', { value: freeze(api), enumerable: true })
connect()
