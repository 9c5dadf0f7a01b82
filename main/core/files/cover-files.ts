// Cover frames the page took from a video (a <canvas> snapshot), kept as files in <data>/covers so a draft can
// hold one offline and the outbox uploads it through the engine when the post is sent, like any media file.
//
// What arrives is untrusted bytes from a page, as for the library's thumbnails (core/thumbnails): bounded in
// size, and they must begin as a WebP, JPEG or PNG does. The name is made here, never taken from the page.
import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../common/errors'
import { formatBytes } from '../../../common/format-bytes'
import { errorReason } from '../../../common/messages/index'
import { thumbnailTypeOf } from '../thumbnails/thumbnail-cache'

export const COVERS_DIR = 'covers'

const EXTENSIONS = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' } as const

/** Writes the frame under `dir` and answers its path; refuses what is too large or not a picture. */
export async function saveCoverFrame(
  dir: string,
  bytes: Uint8Array,
  options: {
    maxBytes: number
    /**
     * Told of each file and its bytes before it is written, so a janitor sweeping `dir` meanwhile keeps it
     * (copy-janitor.ts); may throw (a quota), and then nothing is written.
     */
    claim?(path: string, bytes: number): void
  },
): Promise<string> {
  if (bytes.length > options.maxBytes) {
    throw new AppError({
      kind: 'validation',
      field: 'data',
      message: `A cover is at most ${Math.round(options.maxBytes / 1024 / 1024)} MB.`,
    })
  }
  const type = thumbnailTypeOf(bytes)
  if (!type) {
    throw new AppError({
      kind: 'validation',
      field: 'data',
      message: 'A cover must be a WebP, JPEG or PNG image.',
    })
  }
  const file = join(dir, `cover-${randomUUID()}.${EXTENSIONS[type]}`)
  // Whole or not at all: the outbox may read it any time after this answers.
  const temporary = `${file}.tmp`
  // The file's claim first and alone counts its bytes: a refusal leaves no claim and no file behind.
  options.claim?.(file, bytes.length)
  options.claim?.(temporary, 0)
  await mkdir(dir, { recursive: true })
  try {
    await writeFile(temporary, bytes, { mode: 0o600 })
    await rename(temporary, file)
  } catch (error) {
    // Nothing was kept: its bytes no longer count against the quota.
    options.claim?.(file, 0)
    await rm(temporary, { force: true }).catch(() => undefined)
    throw error
  }
  return file
}

/**
 * Frames saved and not named by a draft yet, in bytes: a page can take a frame per click (4 MB each at most),
 * and each is kept a day waiting for its draft (copy-janitor.ts), so without a bound 60 clicks hold 240 MB.
 */
export const MAX_UNCLAIMED_COVER_BYTES = 256 * 1024 * 1024

export function coverQuotaError(maxBytes: number): AppError {
  const max = formatBytes(maxBytes)
  return new AppError({
    kind: 'validation',
    field: 'data',
    ...errorReason('covers-full', { max }),
    message: `Cover frames waiting for a post already hold ${max}: save or discard those posts first.`,
  })
}
