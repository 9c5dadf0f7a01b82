// Files a browser page drops or picks cannot be named by path: the page streams their bytes here (POST with
// the token), they are saved under <dataDir>/browser-uploads, size-limited, and granted, so the upload engine
// reads them from disk exactly as it reads a dropped file in the app. core/files/copy-janitor.ts removes each copy
// once nothing needs it.
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { basename, extname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import type { PickedFile } from '../../common/app-state'
import { AppError } from '../../common/errors'
import type { FileGrants } from '../core/files/file-grants'
import { errorReason } from '../../common/messages/index'
import { formatBytes } from '../../common/format-bytes'
import { BIDI_CONTROLS, CONTROL_CHARS } from '../../common/text-controls'

export const DEFAULT_MAX_INTAKE_BYTES = 2 * 1024 ** 3

/**
 * The intake's own quota: bytes of copies received and not yet named by an upload. A drop streams every file
 * before the page starts their uploads, so this must hold a large drop (eight files of the 2 GiB maximum),
 * while a page that streams copies and never uploads them cannot fill the disk.
 */
export const DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES = 16 * 1024 ** 3

export function intakeQuotaError(maxBytes: number): AppError {
  const max = formatBytes(maxBytes)
  return new AppError({
    kind: 'file',
    ...errorReason('intake-full', { max }),
    message: `not taken: files added and not uploaded yet already hold ${max}`,
  })
}

/** Controls, bidi controls and what a file system refuses in a name (Windows' reserved characters). */
const UNSAFE_IN_NAME = new RegExp(`[${CONTROL_CHARS}${BIDI_CONTROLS}<>:"/\\\\|?*]`, 'g')

/** File systems bound a name in bytes (ext4, APFS: 255), not in characters; leave room to spare. */
const MAX_NAME_BYTES = 200

/**
 * A name safe on every file system: no separators, no control characters, no leading dots, no lone
 * surrogates or bidirectional overrides (which make "gpj.exe" read as "exe.jpg"), bounded in UTF-8 bytes
 * with the extension kept.
 */
export function safeFileName(raw: string): string {
  const cleaned = basename(raw.replace(/\\/g, '/'))
    .replace(UNSAFE_IN_NAME, '_')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '_')
    .replace(/^\.+/, '')
  return fitBytes(cleaned || 'file', MAX_NAME_BYTES)
}

function fitBytes(name: string, max: number): string {
  if (Buffer.byteLength(name) <= max) return name
  const ext = extname(name)
  const keep = ext && Buffer.byteLength(ext) <= 32 ? ext : ''
  let stem = ''
  let bytes = Buffer.byteLength(keep)
  // By code point, so a character is never cut in half.
  for (const char of keep ? name.slice(0, -keep.length) : name) {
    bytes += Buffer.byteLength(char)
    if (bytes > max) break
    stem += char
  }
  return (stem || 'file') + keep
}

export async function receiveFile(
  req: IncomingMessage,
  options: {
    dir: string
    name: string
    maxBytes: number
    grants: FileGrants
    /**
     * Told the copy's folder, and the bytes the request declares, before the first byte is written, so no sweep
     * takes it for a leftover; may throw (a quota), and then nothing is written.
     */
    onFolder?: (folder: string, declaredBytes: number) => void
    /** Told of the bytes beyond the declared ones as they arrive; may throw (a quota), which ends the copy. */
    onBytes?: (folder: string, bytes: number) => void
    /** Told that the copy was removed unfinished. */
    onFailed?: (folder: string) => void
  },
): Promise<PickedFile> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    throw new AppError({
      kind: 'file',
      ...errorReason('file-too-large', { name: options.name }),
      message: `${options.name} is larger than the browser mode accepts`,
    })
  }
  const folder = join(options.dir, randomUUID())
  const counted = Number.isFinite(declared) && declared > 0 ? declared : 0
  options.onFolder?.(folder, counted)
  await mkdir(folder, { recursive: true })
  const path = join(folder, safeFileName(options.name))
  let size = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const beyond = Math.min(chunk.length, size + chunk.length - counted)
      size += chunk.length
      if (beyond > 0) {
        try {
          options.onBytes?.(folder, beyond)
        } catch (error) {
          return callback(error as Error)
        }
      }
      if (size > options.maxBytes)
        callback(
          new AppError({
            kind: 'file',
            ...errorReason('file-too-large', { name: options.name }),
            message: 'the file is too large',
          }),
        )
      else callback(null, chunk)
    },
  })
  try {
    await pipeline(req, limit, createWriteStream(path, { mode: 0o600 }))
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    options.onFailed?.(folder)
    throw AppError.from(error)
  }
  const [picked] = await options.grants.grant([path])
  if (!picked)
    throw new AppError({
      kind: 'file',
      ...errorReason('file-not-kept', { name: options.name }),
      message: `${options.name} could not be saved`,
    })
  return picked
}
