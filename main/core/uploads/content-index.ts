// What this profile knows is stored, by content: for each stored file its size, address and (when known) the
// SHA-256 of its bytes. One JSON document per profile beside its upload journal, written whole with an atomic
// replace (../drafts/atomic-json-file.ts) and checked against its schema when read: a file that does not pass
// costs the index (duplicates are uploaded again), never an upload.
import { z } from 'zod'
import { atomicJsonFile } from '../drafts/atomic-json-file'

const storedSchema = z.object({
  fileId: z.string().min(1),
  size: z.number().int().positive(),
  key: z.string(),
  url: z.string().min(1),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** SHA-256 of the first 4100 bytes at most (../uploads/file-probe.ts headSha256). */
  headSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})
const documentSchema = z.object({ version: z.literal(1), files: z.array(storedSchema) })

export type StoredContent = z.infer<typeof storedSchema>

export interface ContentIndex {
  /** The stored files of exactly this size: the only ones that can hold the same bytes. */
  sameSize(size: number): Promise<StoredContent[]>
  /** Adds or updates a stored file (by fileId). */
  remember(file: StoredContent): Promise<void>
  /** The file is gone from the storage. */
  forget(fileId: string): Promise<void>
  /** Resolves once every write asked for so far is on disk (or has failed and been reported). */
  settled(): Promise<void>
}

/** The index of the profile whose upload journal is `journalPath` (uploads/<profile>.jsonl). */
export const contentIndexPath = (journalPath: string): string =>
  `${journalPath.replace(/\.jsonl$/, '')}.content.json`

export function openContentIndex(path: string, warn: (message: string) => void): ContentIndex {
  const file = atomicJsonFile(path)
  let loaded: Promise<Map<string, StoredContent>> | undefined
  // One write at a time, of the whole index as it is when the write starts; changes made meanwhile share the
  // next write (200 small files finishing close together cost a few writes, not 200 fsyncs).
  let writing: Promise<void> = Promise.resolve()
  let queued: Promise<void> | null = null

  function load(): Promise<Map<string, StoredContent>> {
    loaded ??= file
      .read((value) => {
        const checked = documentSchema.safeParse(value)
        return checked.success ? null : `not a content index: ${checked.error.issues[0]?.message}`
      })
      .then((outcome) => {
        if (outcome.source === 'unreadable') {
          warn(`content index ${path}: ${outcome.problem}; starting a new one`)
          return new Map()
        }
        if (outcome.source === 'none') return new Map()
        const { files } = documentSchema.parse(outcome.value)
        return new Map(files.map((f) => [f.fileId, f]))
      })
    return loaded
  }

  function save(files: Map<string, StoredContent>): Promise<void> {
    queued ??= writing = writing.then(async () => {
      queued = null
      await file
        .write({ version: 1 as const, files: [...files.values()] })
        .catch((error: unknown) => warn(`content index ${path}: not saved (${(error as Error).message})`))
    })
    return queued
  }

  return {
    async sameSize(size) {
      return [...(await load()).values()].filter((f) => f.size === size)
    },
    async remember(stored) {
      const files = await load()
      files.set(stored.fileId, { ...files.get(stored.fileId), ...stored })
      await save(files)
    },
    async forget(fileId) {
      const files = await load()
      if (files.delete(fileId)) await save(files)
    },
    settled: () => writing,
  }
}
