// The `picture` route of both hosts (common/pictures.ts): the app:// protocol in Electron (main/app/
// app-protocol.ts) and the browser mode's server answer it here, for the active profile, from the picture
// store (main/core/pictures/picture-store.ts). What reaches the network, and how, is the profile's: its
// service and the local sandbox are the only loopback hosts a picture may come from, and a service's pictures
// go through the same proxy as its calls while the embedded sandbox's are fetched directly.
//
// `picture?thumb=<file address>` is the library tile's small picture instead (main/core/thumbnails): the page
// made it and main keeps it, so it is read from the disk and never fetched; 404 when none is kept.
import { lookup } from 'node:dns/promises'
import { join } from 'node:path'
import type { Dispatcher } from 'undici'
import { AppError } from '../../common/errors'
import type { AppDatabase } from '../core/db/database'
import { directDispatcher, type DispatcherFactory } from '../core/http/network'
import type { ActiveService, EmbeddedSandbox, Logger } from '../core/ports'
import type { LookupAll } from '../core/pictures/address-guard'
import type { ThumbnailCache } from '../core/thumbnails/thumbnail-cache'
import { remoteMediaDuration } from '../core/inbox/remote-duration'
import {
  createPictureStore,
  DEFAULT_PICTURE_DEADLINE_MS,
  PICTURES_DIR,
  type PictureStore,
  type PictureStoreOptions,
} from '../core/pictures/picture-store'

export interface PictureAnswer {
  status: number
  headers: Record<string, string>
  body: Buffer | string
}

export interface PictureServer {
  /** The answer to `picture?src=…&key=…` or `picture?thumb=…`, given the address's query. */
  answer(query: URLSearchParams): Promise<PictureAnswer>
  /**
   * How long the stored video or audio at `url` plays, read by ranges through the same guard and route as the
   * pictures (main/core/inbox/remote-duration.ts): a library file sent in a chat needs its `duration`.
   */
  mediaDuration(url: string): Promise<number>
  close(): Promise<void>
}

export interface PictureServerDeps {
  dataDir: string
  database: AppDatabase
  /** The library tiles' small pictures, answered for `thumb`. */
  thumbnails: Pick<ThumbnailCache, 'read'>
  sandbox: Pick<EmbeddedSandbox, 'running' | 'port'>
  active(): Pick<ActiveService, 'profileId' | 'mode'> & { client: { baseUrl: string } }
  /**
   * Whose pictures they are: the active profile's account (its replica identity), not the profile, so that a
   * profile edited to another account never shows the old account's picture kept under the same key.
   */
  account(): string
  network: DispatcherFactory
  log: Logger
  /** Tests: a store of their own settings (a clock, small caps). */
  store?: Partial<Omit<PictureStoreOptions, 'database' | 'dir'>>
}

/** What is read of a stored file to time it, at most: a header, or a video's index at its end. */
const MEDIA_HEADER_BYTES = 16 * 1024 * 1024

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']
/** Picture answers are bytes, never a document that runs anything. */
const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'referrer-policy': 'no-referrer',
}

export const lookupAll: LookupAll = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/** An origin and, for a loopback host, the same port under each loopback name (people type localhost). */
function originsOf(base: string): string[] {
  try {
    const url = new URL(base)
    if (!LOOPBACK_NAMES.includes(url.hostname)) return [url.origin]
    return LOOPBACK_NAMES.map((name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`)
  } catch {
    return []
  }
}

export function createPictureServer(deps: PictureServerDeps): PictureServer {
  const timeouts = { connect: { timeout: 10_000 }, headersTimeout: 15_000, bodyTimeout: 15_000 }
  let direct: Dispatcher | undefined
  let proxied: Dispatcher | undefined
  const store: PictureStore = createPictureStore({
    lookup: lookupAll,
    clock: {
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
    ...deps.store,
    database: deps.database,
    dir: join(deps.dataDir, PICTURES_DIR),
  })

  /** The active profile's way to the network, and the loopback origins it names (exempt from the guard). */
  function route(): { trusted: string[]; dispatcher: Dispatcher } {
    const active = deps.active()
    const trusted = [
      ...originsOf(active.client.baseUrl),
      ...(deps.sandbox.running ? originsOf(`http://127.0.0.1:${deps.sandbox.port}`) : []),
    ]
    // The embedded sandbox is on loopback and always reached directly, as its calls are.
    const dispatcher =
      active.mode === 'sandbox'
        ? (direct ??= directDispatcher(timeouts))
        : (proxied ??= deps.network(timeouts))
    return { trusted, dispatcher }
  }

  return {
    mediaDuration: (url) =>
      remoteMediaDuration(url, {
        ...route(),
        lookup: lookupAll,
        maxBytes: MEDIA_HEADER_BYTES,
        deadlineMs: DEFAULT_PICTURE_DEADLINE_MS,
        timers: {
          setTimeout: (fn, ms) => setTimeout(fn, ms),
          clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
        },
      }),
    async answer(query) {
      const thumb = query.get('thumb')
      if (thumb !== null) return answerThumbnail(deps.thumbnails, thumb)
      const src = query.get('src') ?? ''
      const key = query.get('key') || src
      const { trusted, dispatcher } = route()
      try {
        const picture = await store.get({ scope: deps.account(), key, url: src, dispatcher, trusted })
        return {
          status: 200,
          headers: {
            ...SAFE_HEADERS,
            'content-type': picture.type,
            'content-length': String(picture.bytes.length),
            // Asked again on every use: main answers from its disk in a millisecond, and the kept copy is the
            // one truth (a page cache would show a picture main has replaced or evicted).
            'cache-control': 'no-cache',
          },
          body: picture.bytes,
        }
      } catch (error) {
        const failure = AppError.from(error)
        deps.log.debug(`picture not shown (${failure.kind}): ${failure.message}`)
        return {
          status: statusOf(failure),
          headers: {
            ...SAFE_HEADERS,
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
          },
          body: failure.message,
        }
      }
    },
    async close() {
      await Promise.all([direct?.close(), proxied?.close()])
    },
  }
}

async function answerThumbnail(
  thumbnails: Pick<ThumbnailCache, 'read'>,
  key: string,
): Promise<PictureAnswer> {
  const kept = key ? await thumbnails.read(key).catch(() => undefined) : undefined
  if (!kept) {
    return {
      status: key ? 404 : 400,
      headers: { ...SAFE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: key ? 'No thumbnail is kept for this file.' : 'A thumbnail needs the file address.',
    }
  }
  return {
    status: 200,
    headers: {
      ...SAFE_HEADERS,
      'content-type': kept.type,
      'content-length': String(kept.bytes.length),
      // A file's thumbnail is made once and never changes (a new upload is a new address); evicted, it 404s
      // and the tile makes it again.
      'cache-control': 'no-cache',
    },
    body: kept.bytes,
  }
}

function statusOf(error: AppError): number {
  // An address that is none (field `src`) is the asker's fault; a refused answer or host is the far side's.
  if (error.code === 'picture-refused' && error.field !== 'src') return error.status === 404 ? 404 : 502
  switch (error.kind) {
    case 'validation':
      return 400
    case 'not-found':
      return 404
    case 'timeout':
      return 504
    default:
      return 502
  }
}
