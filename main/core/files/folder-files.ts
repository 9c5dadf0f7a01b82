// The files a dropped or named folder stands for: every regular file under it, depth-first in name order, hidden
// entries (a name starting with ".": .DS_Store, .git) left out as the browser-mode drop leaves them out
// (renderer/lib/dropped-entries.ts). One walk for the app's drop (file-grants.ts) and the CLI's `upload FOLDER`,
// so both upload the same files from the same folder.
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** The contract caps a request at 10 000 paths; a folder may not expand to more than that either. */
export const MAX_EXPANDED_FILES = 10_000

/** Adds the files under `folder` to `out`; stops once `out` holds more than `max` (the caller refuses that). */
export async function walkFolder(folder: string, out: string[], max = MAX_EXPANDED_FILES): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  entries.sort((a, b) => a.name.localeCompare(b.name))
  for (const entry of entries) {
    if (out.length > max) return
    if (entry.name.startsWith('.')) continue
    const full = join(folder, entry.name)
    if (entry.isDirectory()) await walkFolder(full, out, max)
    else if (entry.isFile()) out.push(full)
  }
}

/**
 * Each path as the files it stands for: a folder as the files under it, anything else (a file, a path that is
 * not there) as itself, for the caller's own check to name. `folders` lists the folders that held no file.
 */
export async function expandFolders(
  paths: readonly string[],
  max = MAX_EXPANDED_FILES,
): Promise<{ files: string[]; emptyFolders: string[] }> {
  const files: string[] = []
  const emptyFolders: string[] = []
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined)
    if (!info?.isDirectory()) {
      files.push(path)
      continue
    }
    const before = files.length
    await walkFolder(resolve(path), files, max)
    if (files.length === before) emptyFolders.push(path)
    if (files.length > max) break
  }
  return { files, emptyFolders }
}
