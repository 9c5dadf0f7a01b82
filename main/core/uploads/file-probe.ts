// Before anything is sent: is the path an uploadable file, and what type is it?
// The extension decides the type (mime, a maintained extension table); the magic bytes (file-type) only check it,
// because the storage's public URL is served with the type given at init and users name their files on purpose.
import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import mime from 'mime'
import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../../../common/errors'
import { errorReason } from '../../../common/messages/index'

export interface ProbedFile extends FileIdentity {
  path: string
  name: string
  mimetype: string
  mimeWarning?: string
  /**
   * SHA-256 of the bytes read here (the first 4100 at most): files whose heads differ cannot hold the same
   * bytes, so the dedupe (./content-dedupe.ts) needs no full hash for them and no read of its own.
   */
  headSha256: string
}

/** file-type reads at most this many bytes to recognise a format (its `reasonableDetectionSizeInBytes`). */
const MAGIC_BYTES = 4100

/**
 * What a stat says about a file, to notice it changing between validation and the end of the upload. Size and
 * mtime alone miss a same-size rewrite whose mtime was put back (`utimes`, `touch -r`, `cp -p`); the change
 * time cannot be set from user space and moves on every write, and the inode moves when a file is replaced by
 * a rename. Both are optional because journals written before they were recorded lack them.
 */
export interface FileIdentity {
  size: number
  mtimeMs: number
  ctimeMs?: number
  ino?: number
}

/** Whether `now` is the file `before` described; a field `before` lacks is not compared. */
export function sameFileIdentity(before: FileIdentity, now: FileIdentity): boolean {
  return (
    before.size === now.size &&
    before.mtimeMs === now.mtimeMs &&
    (before.ctimeMs === undefined || before.ctimeMs === now.ctimeMs) &&
    (before.ino === undefined || before.ino === now.ino)
  )
}

/**
 * Checks, on the handle just opened, that the file may be read for an upload (the file-grants record in the
 * app); throws to refuse. Every opening of a file whose bytes may be sent goes through it.
 */
export type ReadCheck = (path: string, handle: FileHandle) => Promise<void>

export async function probeFile(inputPath: string, checkRead?: ReadCheck): Promise<ProbedFile> {
  const path = resolve(inputPath)
  const identity = await statRegularFile(path)
  let head: Buffer
  try {
    const handle = await open(path, constants.O_RDONLY)
    try {
      await checkRead?.(path, handle)
      const buffer = Buffer.alloc(Math.min(MAGIC_BYTES, identity.size))
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
      head = buffer.subarray(0, bytesRead)
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw fileError(path, error, 'cannot be read')
  }
  const detected = await detectMimetype(path, head)
  const headSha256 = createHash('sha256').update(head).digest('hex')
  return { path, name: basename(path), ...identity, ...detected, headSha256 }
}

export async function statRegularFile(path: string): Promise<FileIdentity> {
  let info
  try {
    info = await stat(path)
  } catch (error) {
    throw fileError(path, error, 'cannot be read')
  }
  if (!info.isFile())
    throw new AppError({
      kind: 'file',
      ...errorReason('file-not-regular'),
      message: `${path}: not a regular file`,
    })
  if (info.size === 0)
    throw new AppError({ kind: 'file', ...errorReason('file-empty'), message: `${path}: file is empty` })
  return { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino }
}

export async function detectMimetype(
  path: string,
  head: Uint8Array,
): Promise<{ mimetype: string; mimeWarning?: string }> {
  const byExtension = mime.getType(path)
  const byContent = (await fileTypeFromBuffer(head))?.mime
  if (!byExtension) {
    return { mimetype: byContent ?? 'application/octet-stream' }
  }
  if (byContent && !sameType(byExtension, byContent)) {
    return {
      mimetype: byExtension,
      mimeWarning: `content looks like ${byContent} but the extension says ${byExtension}; sending ${byExtension}`,
    }
  }
  return { mimetype: byExtension }
}

/**
 * Aliases the two tables spell differently for the same format (mime's IANA names vs file-type's common ones);
 * without them every .m4a or .wav would carry a false warning.
 */
const ALIASES: Record<string, string> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'image/x-ms-bmp': 'image/bmp',
  'video/x-m4v': 'video/mp4',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'application/x-zip-compressed': 'application/zip',
}
function sameType(a: string, b: string): boolean {
  const norm = (t: string): string => ALIASES[t.toLowerCase()] ?? t.toLowerCase()
  return norm(a) === norm(b)
}

function fileError(path: string, error: unknown, fallback: string): AppError {
  const errno = (error as { code?: string }).code
  const [code, reason] =
    errno === 'ENOENT'
      ? (['file-missing', 'no such file'] as const)
      : errno === 'EACCES' || errno === 'EPERM'
        ? (['file-permission', 'permission denied'] as const)
        : errno === 'EISDIR'
          ? (['file-not-regular', 'not a regular file'] as const)
          : (['file-unreadable', fallback] as const)
  return new AppError({ kind: 'file', ...errorReason(code), message: `${path}: ${reason}` }, { cause: error })
}
