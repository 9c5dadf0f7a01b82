// Main accepts an upload path only if the user gave it: picked in the native dialog or dropped on the window
// (the preload resolves drops with webUtils.getPathForFile), or, in browser mode, a file the page streamed to
// the host. A granted folder grants what is inside it; folders expand to their regular files, recursively.
// Anything else (a path typed into devtools, a path from a compromised page) is refused before any file is
// touched.
import { lstat, readdir, realpath, stat } from 'node:fs/promises'
import { basename, join, resolve, sep } from 'node:path'
import mime from 'mime'
import type { PickedFile } from '../../common/app-state'
import { AppError } from '../../common/errors'

/** The contract caps a request at 10 000 paths; a folder may not expand to more than that either. */
export const MAX_EXPANDED_FILES = 10_000

export interface FileGrants {
  /** Grants the paths and answers the regular files they stand for (folders expanded). */
  grant(paths: readonly string[]): Promise<PickedFile[]>
  isGranted(path: string): boolean
  /**
   * isGranted, and a path granted only through a folder must also really lie inside that folder: a symbolic
   * link inside a granted folder does not carry the grant to where it points.
   */
  allows(path: string): Promise<boolean>
  /** Checks every path is granted and expands folders; throws a validation AppError on the first refusal. */
  resolveForUpload(paths: readonly string[]): Promise<string[]>
}

export function createFileGrants(): FileGrants {
  const files = new Set<string>()
  const folders = new Set<string>()

  const withSep = (folder: string) => (folder.endsWith(sep) ? folder : folder + sep)

  function isGranted(path: string): boolean {
    const full = resolve(path)
    if (files.has(full) || folders.has(full)) return true
    for (const folder of folders) if (full.startsWith(withSep(folder))) return true
    return false
  }

  async function allows(path: string): Promise<boolean> {
    const full = resolve(path)
    if (files.has(full) || folders.has(full)) return true
    if (!isGranted(full)) return false
    // A path that does not exist cannot lead anywhere: it stays granted and fails later as unreadable.
    const real = await realpath(full).catch(() => undefined)
    if (real === undefined) return true
    for (const folder of folders) {
      if (!full.startsWith(withSep(folder))) continue
      const realFolder = await realpath(folder).catch(() => undefined)
      if (realFolder !== undefined && real.startsWith(withSep(realFolder))) return true
    }
    return false
  }

  async function expand(paths: readonly string[]): Promise<string[]> {
    const out: string[] = []
    for (const path of paths) {
      const full = resolve(path)
      let info
      try {
        info = await stat(full)
      } catch (error) {
        throw new AppError({ kind: 'file', message: `${basename(full)}: cannot be read` }, { cause: error })
      }
      if (info.isDirectory()) await walk(full, out)
      else if (info.isFile()) out.push(full)
      if (out.length > MAX_EXPANDED_FILES) {
        throw new AppError({ kind: 'validation', message: `more than ${MAX_EXPANDED_FILES} files at once` })
      }
    }
    return [...new Set(out)]
  }

  return {
    isGranted,
    allows,
    async grant(paths) {
      const expanded: string[] = []
      const newFolders: string[] = []
      const newFiles: string[] = []
      for (const path of paths) {
        const full = resolve(path)
        const info = await stat(full).catch(() => undefined)
        if (!info) continue
        if (info.isDirectory()) newFolders.push(full)
        else if (info.isFile()) newFiles.push(full)
        else continue
        expanded.push(...(await expand([full])))
      }
      // Granted only once every path expanded: a drop refused as too big must not leave its folder granted.
      for (const folder of newFolders) folders.add(folder)
      for (const file of newFiles) files.add(file)
      return Promise.all([...new Set(expanded)].map(pickedFile))
    },
    async resolveForUpload(paths) {
      for (const path of paths) {
        if (!(await allows(path))) {
          throw new AppError({
            kind: 'validation',
            field: 'paths',
            message: `${basename(path)} was not picked or dropped: choose it with the file dialog or drop it on the window`,
          })
        }
      }
      return expand(paths)
    },
  }
}

/** Regular files only: symbolic links are skipped so a link inside a folder cannot reach outside it. */
async function walk(folder: string, out: string[]): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  entries.sort((a, b) => a.name.localeCompare(b.name))
  for (const entry of entries) {
    if (out.length > MAX_EXPANDED_FILES) return
    const full = join(folder, entry.name)
    if (entry.isDirectory()) await walk(full, out)
    else if (entry.isFile()) out.push(full)
  }
}

async function pickedFile(path: string): Promise<PickedFile> {
  const info = await lstat(path)
  return { path, name: basename(path), size: info.size, mimetype: mime.getType(path) }
}
