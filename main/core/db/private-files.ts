// The data folder holds every draft, the replica of the service (accounts, posts, automations) and the upload
// history with local paths: on Linux and macOS it is the user's alone, the folder 0700 and the database with
// its write-ahead log and shared memory 0600 (docs/security.md). SQLite creates the -wal and -shm files with
// the database file's own mode, so the file is created 0600 before SQLite first opens it. A folder made
// before (0755, a database 0644) is tightened at open and said once: after that there is nothing to say.
// Windows has no such mode bits: the folder sits in the user's own profile, whose ACL keeps other users out.
//
// Two more refusals at open, each naming the file and why:
// - a database file with more than one hard link: SQLite names the write-ahead log after the path it was
//   opened by, so two names of one file keep two logs, and each loses the other's commits;
// - a folder or file that cannot be opened (missing, not a folder, read-only, not the user's), instead of
//   SQLite's bare "unable to open database file".
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseOpenError } from './migrate'

const SIDE_FILES = ['', '-wal', '-shm']

/**
 * Creates the folder and the database file private (when missing), tightens them (when too open), and refuses
 * a hard-linked database. Returns what was tightened, in words, or undefined when nothing was.
 */
export function preparePrivateDatabase(
  file: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const folder = dirname(file)
  const modes = platform !== 'win32'
  try {
    if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 })
    refuseHardLinks(file)
    // 'wx': another process creating it at the same moment is fine, its file is the one kept.
    if (!existsSync(file)) writeFileSync(file, '', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw error
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unopenable(file, error)
  }
  if (!modes) return undefined
  const loosened: string[] = []
  const tighten = (path: string, mode: number) => {
    if (!existsSync(path) || (statSync(path).mode & 0o077) === 0) return
    try {
      chmodSync(path, mode)
      loosened.push(path)
    } catch (error) {
      throw unopenable(path, error)
    }
  }
  tighten(folder, 0o700)
  for (const suffix of SIDE_FILES) tighten(file + suffix, 0o600)
  if (loosened.length === 0) return undefined
  return (
    `Other users of this computer could read Mediadeck's data folder ${folder} (drafts, the copy of your ` +
    'accounts and posts, the upload history); it is now readable by you alone.'
  )
}

/** Stops at a database reached by more than one name (see above), before SQLite opens it. */
function refuseHardLinks(file: string): void {
  if (!existsSync(file)) return
  const { nlink } = statSync(file)
  if (nlink <= 1) return
  throw new DatabaseOpenError(
    `The local database ${file} has ${nlink} names (hard links). SQLite keeps its write-ahead log by name, so ` +
      'writes through one name are lost to the other: remove the other links (or copy the file to a single ' +
      'name) and start Mediadeck again.',
  )
}

/**
 * SQLite's "unable to open database file" (or a failed create or chmod) with the folder named and the reason
 * found; anything else is returned as it was.
 */
export function unopenable(file: string, error: unknown): Error {
  const folder = dirname(file)
  // node:sqlite's errors carry its own code (ERR_SQLITE_ERROR), which says nothing of the folder
  const errorCode = (error as NodeJS.ErrnoException).code
  const code = errorCode?.startsWith('ERR_SQLITE') ? undefined : errorCode
  const sqlite =
    error instanceof Error && /unable to open database file|readonly database/i.test(error.message)
  if (!code && !sqlite) return error instanceof Error ? error : new Error(String(error))
  return new DatabaseOpenError(
    `Mediadeck cannot open its database in ${folder}: ${reasonFor(folder, file, code)}.`,
  )
}

function reasonFor(folder: string, file: string, code: string | undefined): string {
  const why = (path: string, mode: number): string | undefined => {
    try {
      accessSync(path, mode)
      return undefined
    } catch (error) {
      return describeCode((error as NodeJS.ErrnoException).code, path)
    }
  }
  let parent = folder
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent)
  if (parent !== folder) {
    return statSync(parent).isDirectory()
      ? `the folder does not exist and cannot be made (${why(parent, constants.W_OK) ?? describeCode(code, folder)})`
      : `${parent} is a file, not a folder`
  }
  if (!statSync(folder).isDirectory()) return `${folder} is a file, not a folder`
  return (
    why(folder, constants.W_OK | constants.X_OK) ??
    (existsSync(file) ? why(file, constants.R_OK | constants.W_OK) : undefined) ??
    (code ? undefined : diskFull(folder)) ??
    describeCode(code, folder)
  )
}

/**
 * SQLite says only "unable to open database file" when a full disk leaves no room for its write-ahead log
 * beside an empty database file: the file system says whether that is why.
 */
function diskFull(folder: string): string | undefined {
  try {
    return statfsSync(folder).bavail === 0 ? describeCode('ENOSPC', folder) : undefined
  } catch {
    return undefined
  }
}

function describeCode(code: string | undefined, path: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied on ${path} (it belongs to another user, or its mode does not let you write)`
    case 'EROFS':
      return `${path} is on a read-only file system`
    case 'ENOTDIR':
      return `part of ${path} is a file, not a folder`
    case 'ENOENT':
      return `${path} does not exist`
    case 'ENOSPC':
      return 'the disk is full'
    default:
      return code ? `${code} on ${path}` : 'SQLite could not open the file there'
  }
}
