// How long a stored video or audio plays, read from the stored file itself, for a library file sent in a chat
// (the service needs its `duration`, and a file the person picked from the library is not on this computer, or
// not known to be the same bytes). Only the ranges the header's reader asks for are fetched (./media-duration.ts
// reads the container's own figure, a few kilobytes), in chunks through `Range` requests; a storage that
// answers the whole file instead is read whole only up to the byte budget. Every request, and every redirect,
// goes through the address guard of main's picture fetch (../pictures/address-guard.ts), under one deadline
// and one budget of bytes, since the address came from a service answer.
import type { Dispatcher } from 'undici'
import { AppError } from '../../../common/errors'
import { formatBytes } from '../../../common/format-bytes'
import { checkPictureHost, parsePictureAddress, type LookupAll } from '../pictures/address-guard'
import type { TokenBucketClock } from '../uploads/token-bucket'
import { durationOf } from './media-duration'

/** Bytes asked per request: a header's reads land in one or two of them. */
const CHUNK_BYTES = 64 * 1024
const MAX_REDIRECTS = 3

export interface RemoteDurationOptions {
  dispatcher: Dispatcher
  /** Origins exempt from the private-address rule: the profile's service and its storage, the sandbox. */
  trusted: readonly string[]
  lookup: LookupAll
  /** The most bytes fetched for one file, all requests together. */
  maxBytes: number
  /** From the first request to the last byte read. */
  deadlineMs: number
  timers: Pick<TokenBucketClock, 'setTimeout' | 'clearTimeout'>
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

const header = (a: Pick<Answer, 'headers'>, name: string): string => {
  const value = a.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

export async function remoteMediaDuration(address: string, o: RemoteDurationOptions): Promise<number> {
  const deadline = new AbortController()
  const timer = o.timers.setTimeout(() => deadline.abort(), o.deadlineMs)
  let fetched = 0

  /** One GET of `range`, redirects followed through the guard; the body read up to the budget. */
  async function get(range: string): Promise<Answer> {
    let url = parsePictureAddress(address)
    for (let hop = 0; ; hop++) {
      await checkPictureHost(url, o.trusted, o.lookup)
      const answer = await o.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { range },
        signal: deadline.signal,
      })
      const headers = answer.headers as Answer['headers']
      if (answer.statusCode >= 300 && answer.statusCode < 400 && header({ headers }, 'location')) {
        await answer.body.dump()
        if (hop >= MAX_REDIRECTS) throw refused(`more than ${MAX_REDIRECTS} redirects`)
        url = parsePictureAddress(new URL(header({ headers }, 'location'), url).toString())
        continue
      }
      if (answer.statusCode !== 200 && answer.statusCode !== 206) {
        await answer.body.dump()
        throw new AppError({
          kind: answer.statusCode === 404 ? 'not-found' : 'network',
          status: answer.statusCode,
          message: `the stored file answered ${answer.statusCode}`,
        })
      }
      const chunks: Buffer[] = []
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        fetched += chunk.byteLength
        if (fetched > o.maxBytes) {
          answer.body.destroy()
          throw refused(`its header lies past the first ${formatBytes(o.maxBytes)} read`)
        }
        chunks.push(chunk)
      }
      return { status: answer.statusCode, headers, body: Buffer.concat(chunks) }
    }
  }

  const chunks = new Map<number, Buffer>()
  let whole: Buffer | undefined
  let size = 0
  /** The chunk at `index`, fetched once. */
  async function chunk(index: number): Promise<Buffer> {
    const kept = chunks.get(index)
    if (kept) return kept
    const start = index * CHUNK_BYTES
    const answer = await get(`bytes=${start}-${start + CHUNK_BYTES - 1}`)
    if (answer.status === 200) {
      // No ranges here: the whole file came, within the budget.
      whole = answer.body
      size = whole.length
      return whole.subarray(start, start + CHUNK_BYTES)
    }
    const total = /\/(\d+)\s*$/.exec(header(answer, 'content-range'))
    if (total) size = Number(total[1])
    chunks.set(index, answer.body)
    return answer.body
  }

  try {
    await chunk(0)
    return await durationOf(
      {
        get size() {
          return size
        },
        async read(position, length) {
          const end = Math.min(position + length, size)
          if (whole) return whole.subarray(position, end)
          const parts: Buffer[] = []
          for (let at = position; at < end;) {
            const index = Math.floor(at / CHUNK_BYTES)
            const part = await chunk(index)
            if (whole) return (whole as Buffer).subarray(position, end)
            const from = at - index * CHUNK_BYTES
            const piece = part.subarray(from, Math.min(part.length, from + end - at))
            if (piece.length === 0) break
            parts.push(piece)
            at += piece.length
          }
          return Buffer.concat(parts)
        },
      },
      address,
    )
  } catch (error) {
    if (deadline.signal.aborted) {
      throw new AppError(
        { kind: 'timeout', message: `the stored file did not answer within ${o.deadlineMs / 1000} s` },
        { cause: error },
      )
    }
    if (error instanceof AppError) throw error
    throw new AppError(
      { kind: 'network', message: `the stored file could not be read: ${(error as Error).message}` },
      { cause: error },
    )
  } finally {
    o.timers.clearTimeout(timer)
  }
}

function refused(why: string): AppError {
  return new AppError({ kind: 'validation', message: `its length could not be read: ${why}` })
}
