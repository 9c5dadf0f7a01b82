// A JSON document on disk that survives a crash mid-write and a corrupt file.
//
// Why not `conf` / electron-store directly: conf writes synchronously on every `set` (drafts are saved as the
// person types), keeps no previous version, and on an unparsable file either throws or — with
// `clearInvalidConfig` — silently starts empty, which the planner must never do. Its migrations are also keyed
// on the app's semver, not on a schema version, and the CLI has no app version. So the drafts document is kept
// here: one JSON file, written as temp file + fsync + rename, with the version it replaced kept as `.bak`.
// The document itself ({ schemaVersion, ... }) is plain JSON, so an electron-store instance could hold it under
// one key if the app ever wants that; the versioning and migrations live in migrations.ts, not in the backend.
import { createHash } from 'node:crypto'
import { promises as nodeFs } from 'node:fs'
import { dirname } from 'node:path'

/** The file-system calls used here; tests pass a copy that fails the way a full or read-only disk does. */
export type JsonFileSystem = Pick<typeof nodeFs, 'mkdir' | 'open' | 'readFile' | 'rename' | 'unlink'>

export type ReadOutcome =
  | { source: 'main'; value: unknown }
  /** The main file was missing or unreadable and the backup was used; `problem` says what was wrong. */
  | { source: 'backup'; value: unknown; problem: string }
  | { source: 'none' }
  /** Both copies exist but neither can be used: the caller must report it, not start empty quietly. */
  | { source: 'unreadable'; problem: string }

export interface AtomicJsonFile {
  readonly path: string
  readonly backupPath: string
  /** Reads the document, falling back to the backup; `accept` rejects a parsed value that is not usable. */
  read(accept: (value: unknown) => string | null): Promise<ReadOutcome>
  write(value: unknown): Promise<void>
  /** Moves an unusable file aside (kept for the person or a bug report) so the next write does not lose it. */
  quarantine(which: 'main' | 'backup'): Promise<string | null>
  /**
   * A digest of the main file's content, or null when it is missing: tells whether another process (the CLI
   * beside the app) wrote it since we last read or wrote it. Content, not inode/size/mtime: mtime ticks are
   * coarse (a jiffy on ext4, 2 s on FAT, 1 s on some network shares) and inodes are reused, so two writes of
   * the same size close together looked unchanged and the other side's draft was overwritten. Reading a
   * drafts file of a few kilobytes is cheap next to the fsyncs of a write.
   */
  signature(): Promise<string | null>
  /** The main file alone, when it is readable and accepted; null otherwise. */
  readCurrent(accept: (value: unknown) => string | null): Promise<unknown | null>
}

export function atomicJsonFile(path: string, fs: JsonFileSystem = nodeFs): AtomicJsonFile {
  const backupPath = `${path}.bak`
  const tempPath = `${path}.tmp`

  async function readOne(file: string, accept: (value: unknown) => string | null) {
    let text: string
    try {
      text = await fs.readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true as const }
      return { problem: `cannot read ${file}: ${(error as Error).message}` }
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      return { problem: `${file} is not valid JSON (${(error as Error).message})` }
    }
    const rejected = accept(value)
    if (rejected) return { problem: `${file}: ${rejected}` }
    return { value }
  }

  return {
    path,
    backupPath,
    async read(accept) {
      const main = await readOne(path, accept)
      if ('value' in main) return { source: 'main', value: main.value }
      const backup = await readOne(backupPath, accept)
      if ('value' in backup) {
        // A missing main file with a good backup is the crash window between the two renames in write().
        const problem = 'missing' in main ? `${path} is missing` : main.problem
        return { source: 'backup', value: backup.value, problem }
      }
      if ('missing' in main && 'missing' in backup) return { source: 'none' }
      const problems = [main, backup].flatMap((r) => ('problem' in r ? [r.problem] : []))
      return { source: 'unreadable', problem: problems.join('; ') }
    },
    async write(value) {
      await fs.mkdir(dirname(path), { recursive: true })
      const handle = await fs.open(tempPath, 'w')
      try {
        try {
          await handle.writeFile(JSON.stringify(value, null, 2) + '\n', 'utf8')
          // Without fsync a power cut after rename can leave a zero-length file (ext4 delayed allocation).
          await handle.sync()
        } finally {
          await handle.close()
        }
      } catch (error) {
        // A half-written temp file on a full disk holds the very space the next attempt needs. The main file
        // and its backup are untouched at this point, so what was saved before stays as it was.
        await fs.unlink(tempPath).catch(() => {})
        throw error
      }
      // The current file becomes the backup, then the new one takes its place. A crash between the two
      // renames leaves only the backup, which read() uses.
      try {
        await fs.rename(path, backupPath)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
      try {
        await fs.rename(tempPath, path)
      } catch (error) {
        // Only the backup is left, which read() falls back to: the previous version is still what opens.
        await fs.unlink(tempPath).catch(() => {})
        throw error
      }
      await syncDirectory(dirname(path))
    },
    async signature() {
      try {
        return createHash('sha256')
          .update(await fs.readFile(path))
          .digest('hex')
      } catch {
        return null
      }
    },
    async readCurrent(accept) {
      const main = await readOne(path, accept)
      return 'value' in main ? main.value : null
    },
    async quarantine(which) {
      const file = which === 'main' ? path : backupPath
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
      try {
        await fs.rename(file, aside)
        return aside
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
  }
}

/** Makes the renames durable; not possible on Windows (EPERM/EISDIR), where NTFS journals them anyway. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: nodeFs.FileHandle | undefined
  try {
    handle = await nodeFs.open(dir, 'r')
    await handle.sync()
  } catch {
    // best effort, see above
  } finally {
    await handle?.close()
  }
}
