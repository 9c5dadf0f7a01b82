// One picture fetched from the network for the page, bounded in every way a hostile or broken host could
// stretch it: the address (./address-guard.ts, on the first request and on every redirect), the redirects
// (a few), the size (announced or not), the time (one deadline for headers and body together) and the bytes
// themselves: the answer must say it is an image of a kind the page shows and begin as one (file-type reads
// the magic bytes), so an HTML error page or an SVG (which can carry script) never reaches the cache.
import { fileTypeFromBuffer } from 'file-type'
import type { Dispatcher } from 'undici'
import { AppError } from '../../../common/errors'
import { formatBytes } from '../../../common/format-bytes'
import type { TokenBucketClock } from '../uploads/token-bucket'
import { checkPictureHost, parsePictureAddress, type LookupAll } from './address-guard'

/** The kinds of picture kept and served: what every Chromium the app runs in decodes. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const
export type PictureType = (typeof PICTURE_TYPES)[number]

const MAX_REDIRECTS = 3

export interface PictureFetchOptions {
  dispatcher: Dispatcher
  /** Origins exempt from the private-address rule: the profile's service, the local sandbox. */
  trusted: readonly string[]
  lookup: LookupAll
  maxBytes: number
  /** From the first byte asked to the last byte read. */
  deadlineMs: number
  timers: Pick<TokenBucketClock, 'setTimeout' | 'clearTimeout'>
}

export interface FetchedPicture {
  bytes: Buffer
  type: PictureType
  /** The address the bytes came from, after redirects. */
  url: string
}

const refuse = (message: string, status?: number) =>
  new AppError({ kind: 'validation', code: 'picture-refused', message, ...(status ? { status } : {}) })

export async function fetchPicture(address: string, options: PictureFetchOptions): Promise<FetchedPicture> {
  const deadline = new AbortController()
  const timer = options.timers.setTimeout(() => deadline.abort(), options.deadlineMs)
  try {
    return await follow(address, options, deadline.signal)
  } catch (error) {
    if (deadline.signal.aborted) {
      throw new AppError(
        {
          kind: 'timeout',
          code: 'picture-too-slow',
          message: `The picture did not arrive within ${Math.round(options.deadlineMs / 1000)} s.`,
        },
        { cause: error },
      )
    }
    if (error instanceof AppError) throw error
    throw new AppError(
      { kind: 'network', message: `The picture could not be fetched: ${(error as Error).message}` },
      { cause: error },
    )
  } finally {
    options.timers.clearTimeout(timer)
  }
}

async function follow(
  address: string,
  options: PictureFetchOptions,
  signal: AbortSignal,
): Promise<FetchedPicture> {
  let url = parsePictureAddress(address)
  for (let hop = 0; ; hop += 1) {
    await checkPictureHost(url, options.trusted, options.lookup)
    const answer = await options.dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { accept: PICTURE_TYPES.join(', ') },
      signal,
    })
    if (answer.statusCode >= 300 && answer.statusCode < 400 && answer.headers.location) {
      await answer.body.dump().catch(() => undefined)
      if (hop >= MAX_REDIRECTS)
        throw refuse(`The picture's address redirected more than ${MAX_REDIRECTS} times.`)
      const location = String(answer.headers.location)
      try {
        url = parsePictureAddress(new URL(location, url).toString())
      } catch (error) {
        // The far side's doing, not the asker's: no `field`.
        throw refuse(
          error instanceof AppError ? error.message : 'The picture redirected to an address that is not one.',
        )
      }
      continue
    }
    return await readPicture(answer, url, options)
  }
}

async function readPicture(
  answer: Dispatcher.ResponseData,
  url: URL,
  options: PictureFetchOptions,
): Promise<FetchedPicture> {
  // Dropping the connection makes undici's body emit an abort error nobody else listens for.
  const drop = () => {
    answer.body.on('error', () => undefined)
    answer.body.destroy()
  }
  if (answer.statusCode !== 200) {
    drop()
    throw new AppError({
      kind: answer.statusCode === 404 ? 'not-found' : answer.statusCode >= 500 ? 'server' : 'validation',
      status: answer.statusCode,
      code: 'picture-refused',
      message: `The picture's host answered ${answer.statusCode}.`,
    })
  }
  const declared = String(answer.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (!(PICTURE_TYPES as readonly string[]).includes(declared)) {
    drop()
    throw refuse(
      `The answer is ${declared || 'of no stated type'}, not a PNG, JPEG, WebP, GIF or AVIF picture.`,
    )
  }
  const length = Number(answer.headers['content-length'])
  if (Number.isFinite(length) && length > options.maxBytes) {
    drop()
    throw refuse(
      `The picture is ${formatBytes(length)}, more than the ${formatBytes(options.maxBytes)} kept.`,
    )
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > options.maxBytes) {
      drop()
      throw refuse(`The picture is larger than the ${formatBytes(options.maxBytes)} kept.`)
    }
    chunks.push(chunk)
  }
  const bytes = Buffer.concat(chunks)
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime
  if (!sniffed || !(PICTURE_TYPES as readonly string[]).includes(sniffed)) {
    throw refuse(`The answer says ${declared} but its bytes are ${sniffed ?? 'no picture the app knows'}.`)
  }
  return { bytes, type: sniffed as PictureType, url: url.toString() }
}
