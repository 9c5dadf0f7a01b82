// Expands dropped folders into their files with the File and Directory Entries API. Needed only where the
// drop cannot be resolved to paths (the browser mode, where a folder arrives as an unreadable File); in the
// app, main receives the folder's path and expands it itself.

/** The parts of FileSystemEntry used here (lib.dom types them, but jsdom does not implement them). */
interface Entry {
  isFile: boolean
  isDirectory: boolean
  name: string
}
interface FileEntry extends Entry {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void
}
interface DirectoryEntry extends Entry {
  createReader(): {
    readEntries(success: (entries: Entry[]) => void, failure?: (error: unknown) => void): void
  }
}

/** Must run during the drop event: items are only readable then. */
export function entriesOf(transfer: DataTransfer | null): (Entry | null)[] {
  if (!transfer?.items) return []
  return Array.from(transfer.items, (item) =>
    typeof item.webkitGetAsEntry === 'function' ? (item.webkitGetAsEntry() as Entry | null) : null,
  )
}

export function hasDirectories(entries: readonly (Entry | null)[]): boolean {
  return entries.some((entry) => entry?.isDirectory)
}

const MAX_FILES = 10_000

async function readAll(directory: DirectoryEntry): Promise<Entry[]> {
  const reader = directory.createReader()
  const all: Entry[] = []
  // readEntries answers in chunks (100 in Chromium) until it answers an empty list.
  for (;;) {
    const chunk = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (chunk.length === 0) return all
    all.push(...chunk)
  }
}

/** Every file under the dropped entries (folders walked depth-first), in the order dropped; hidden files skipped. */
export async function expandEntries(
  entries: readonly (Entry | null)[],
  files: readonly File[],
): Promise<File[]> {
  const out: File[] = []
  async function walk(entry: Entry): Promise<void> {
    if (out.length >= MAX_FILES || entry.name.startsWith('.')) return
    if (entry.isFile) {
      out.push(await new Promise<File>((resolve, reject) => (entry as FileEntry).file(resolve, reject)))
    } else if (entry.isDirectory) {
      for (const child of await readAll(entry as DirectoryEntry)) await walk(child)
    }
  }
  for (const [index, entry] of entries.entries()) {
    if (entry) await walk(entry)
    else if (files[index]) out.push(files[index])
  }
  return out
}
