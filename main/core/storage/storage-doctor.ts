// The storage doctor: which stored files nothing needs any more, and deleting them without ever deleting one
// that something does need.
//
// What counts as a use of a stored file (docs/storage-doctor.md has the reasoning and the sources):
// - a post on the service in `pending`, `process` or `error` (upcoming, publishing now, or failed and
//   retryable with the same content — reference section 4.6) whose content mentions the file's address
//   anywhere: a media `url`, a cover `thumbnail`, a reply's media, a link in the text;
// - a reply still waiting to be published (its own `status` is not `success`) of a post already published;
// - a local draft or outbox entry in any state but `scheduled` (that one's post is on the service and is judged
//   there), by its post content or a local media's `uploadedUrl`, whichever profile it belongs to: a draft of
//   another profile that names this storage's address is about the same stored file;
// - a file still `pending` (an upload under way: its reservation becomes the file once completed).
// Media of published (`success`) posts are NOT a use. Every network the service publishes to takes its own copy
// when it publishes: Meta's Graph APIs (Facebook, Instagram, Threads) fetch the URL at the publishing attempt
// ("We cURL media used in publishing attempts"), TikTok's PULL_FROM_URL downloads it into TikTok, and YouTube,
// LinkedIn, X and Shopee accept only uploaded bytes. A published post is served from the network's copy, and the
// service refuses to re-publish one (retry and update refuse `success`). The file's part in published posts is
// shown as "last use" so the person can still decide to keep it.
//
// Files used in chats and comment replies (reference section 1) cannot be seen through the public API: callers
// say so beside the list.
//
// A file is matched to a mention by its storage key (or its URL's path): the mention may be a full URL on
// another host name of the same storage, carry a query, or sit inside a caption; a false match only keeps a
// file, never deletes one.
import { AppError } from '../../../common/errors'
import type { Schedule, StoredFile } from '../../../common/service'
import type { DeleteOutcome, UnusedFile, UnusedReport } from '../../../common/storage-doctor'
import type { ServiceClient } from '../service-client'
import type { RawDraft } from './local-drafts'
import { readAllPages } from './read-all-pages'

export type DoctorClient = Pick<
  ServiceClient,
  'listFiles' | 'listSchedules' | 'storageStatistic' | 'deleteFiles'
>

export interface StorageDoctorDeps {
  client: DoctorClient
  /**
   * Every local draft and outbox entry of every profile, read afresh on each call (the app and the CLI share
   * the file): readLocalDrafts in ./local-drafts.ts.
   */
  localDrafts(): Promise<readonly RawDraft[]>
  /**
   * Runs after a deletion was planned and before the re-check that decides it. The app and CLI leave it out;
   * tests use it to create posts at exactly that moment.
   */
  beforeRecheck?: () => Promise<void>
}

const IN_USE_STATUSES: ReadonlySet<string> = new Set(['pending', 'process', 'error'])

/** The mass endpoint takes the ids in the query string: keep each request's address short. */
const DELETE_BATCH = 100

interface FileUse {
  used: boolean
  lastUsedAt: string | null
}

/** Every string inside a JSON-like value (depth-bounded: the content comes from the network and the disk). */
function collectStrings(value: unknown, out: string[], depth = 0): void {
  if (depth > 32) return
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out, depth + 1)
  else if (value && typeof value === 'object')
    for (const v of Object.values(value as Record<string, unknown>)) collectStrings(v, out, depth + 1)
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Path tails a mention could name a file by: `https://h/a/uploads/u/x.png?q` gives `uploads/u/x.png`, `u/x.png`... */
function mentionTails(text: string): string[] {
  const tails: string[] = []
  const tokens = (text.match(/[^\s"'<>()[\]{}]+/g) ?? []).flatMap((t) => {
    // A link at the end of a sentence carries its punctuation: try it with and without.
    const bare = t.replace(/[.,;:!?]+$/, '')
    return bare && bare !== t ? [t, bare] : [t]
  })
  for (const token of tokens) {
    let path = token
    try {
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(token)) path = new URL(token).pathname
    } catch {
      // Not a URL after all: use the token as it is.
    }
    path = safeDecode(path.replace(/[?#].*$/, '')).replace(/^\/+/, '')
    const parts = path.split('/').filter(Boolean)
    for (let i = 0; i < parts.length; i++) tails.push(parts.slice(i).join('/'))
  }
  return tails
}

/** Every name a mention may use for the file: its key, its URL's path. */
function fileNames(file: StoredFile): string[] {
  const names = [file.key.replace(/^\/+/, '')]
  try {
    const path = safeDecode(new URL(file.url).pathname).replace(/^\/+/, '')
    if (path) names.push(path)
  } catch {
    // A file without a parseable URL is still found by its key.
  }
  return names
}

/**
 * What the posts and drafts mention, gathered once: the names that are a use, and the latest published time
 * of each name. A file is then judged alone by its names, so the pages of a long file list can be judged as
 * they arrive.
 */
export interface Mentions {
  used: Set<string>
  lastPublished: Map<string, string>
}

function addTails(value: unknown, into: (tail: string) => void): void {
  const strings: string[] = []
  collectStrings(value, strings)
  for (const s of strings) for (const tail of mentionTails(s)) into(tail)
}

export function collectMentions(posts: readonly Schedule[], drafts: readonly RawDraft[]): Mentions {
  const used = new Set<string>()
  const lastPublished = new Map<string, string>()
  const markUsed = (tail: string) => void used.add(tail)
  for (const post of posts) {
    if (IN_USE_STATUSES.has(post.status)) {
      addTails(post, markUsed)
      continue
    }
    // Published: not a use by itself, but its last time is worth showing, and unpublished replies still are one.
    addTails(post, (tail) => {
      const last = lastPublished.get(tail)
      if (!last || post.scheduleAt > last) lastPublished.set(tail, post.scheduleAt)
    })
    for (const reply of post.replies) {
      const status = (reply as { status?: unknown } | null)?.status
      if (typeof status === 'string' && status !== 'success') addTails(reply, markUsed)
    }
  }
  for (const draft of drafts) {
    if (draft.status === 'scheduled') continue
    // The whole draft: its post, its local media's uploadedUrl, and whatever a later schema adds.
    addTails(draft, markUsed)
  }
  return { used, lastPublished }
}

/** Whether one file is used, and the latest published post that mentioned it. */
export function judgeFile(file: StoredFile, mentions: Mentions): FileUse {
  const names = fileNames(file)
  let lastUsedAt: string | null = null
  for (const name of names) {
    const at = mentions.lastPublished.get(name)
    if (at && (!lastUsedAt || at > lastUsedAt)) lastUsedAt = at
  }
  // A file still pending is an upload under way: its reservation becomes the file once completed.
  const used = file.status !== 'success' || names.some((name) => mentions.used.has(name))
  return { used, lastUsedAt }
}

/** Which files are used, and the latest published post that mentioned each. */
export function judgeUse(
  files: readonly StoredFile[],
  posts: readonly Schedule[],
  drafts: readonly RawDraft[],
): Map<string, FileUse> {
  const mentions = collectMentions(posts, drafts)
  return new Map(files.map((f) => [f.id, judgeFile(f, mentions)]))
}

function byId<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, T>()
  for (const item of items) seen.set(item.id, item)
  return [...seen.values()]
}

/** Unused files found so far by a findUnused still reading: one page of the file list, judged. */
export interface UnusedFound {
  files: UnusedFile[]
  /** Stored files judged so far (pages read again after a change of the list count again), of `total`. */
  checked: number
  total: number
}

export interface StorageDoctor {
  /**
   * Reads everything (all pages) and answers the unused files, largest first. `onFound` hears the unused
   * files of each page of the file list as it arrives, judged against the posts and drafts read before it, so
   * a view can draw the first rows long before the last of 100 pages is read. What it hears is a first look:
   * the answer is the list, and a deletion judges each file again (deleteUnused).
   */
  findUnused(signal?: AbortSignal, onFound?: (found: UnusedFound) => void): Promise<UnusedReport>
  /**
   * Deletes those of `ids` that are still unused at a re-check made just before the delete request; the rest
   * are reported and kept. Uses the mass endpoint.
   */
  deleteUnused(ids: readonly string[], signal?: AbortSignal): Promise<DeleteOutcome>
}

export function createStorageDoctor(deps: StorageDoctorDeps): StorageDoctor {
  const { client } = deps

  const readFiles = async (
    signal?: AbortSignal,
    onPage?: (docs: readonly StoredFile[], page: number, totalDocs: number) => void,
  ) =>
    byId(
      await readAllPages((page, limit) => client.listFiles({ page, limit }, { signal }), {
        what: 'stored files',
        signal,
        // The longest list by far (10,000 files are 100 pages): a few pages at a time.
        concurrency: 4,
        ...(onPage ? { onPage } : {}),
      }),
    )
  const readPosts = (signal?: AbortSignal) =>
    readAllPages((page, limit) => client.listSchedules({ page, limit }, { signal }), {
      what: 'scheduled posts',
      signal,
    })

  /** Posts and drafts are read last, so the judgement is as fresh as it can be when it is acted on. */
  async function readState(signal?: AbortSignal) {
    const files = await readFiles(signal)
    const [posts, drafts] = await Promise.all([readPosts(signal), deps.localDrafts()])
    return { files, posts, drafts, uses: judgeUse(files, posts, drafts) }
  }

  function toUnused(file: StoredFile, use: FileUse): UnusedFile {
    return {
      id: file.id,
      filename: file.filename,
      mimetype: file.mimetype,
      size: file.size,
      url: file.url,
      createdAt: file.createdAt,
      lastUsedAt: use.lastUsedAt,
    }
  }

  return {
    async findUnused(signal, onFound) {
      const stat = await client.storageStatistic({ signal })
      // Posts and drafts first (few pages), so that each page of files can be judged as it arrives. The
      // service is read afresh, never through a local copy: this list is what a person deletes from.
      const [posts, drafts] = await Promise.all([readPosts(signal), deps.localDrafts()])
      const mentions = collectMentions(posts, drafts)
      let checked = 0
      const files = await readFiles(signal, (docs, _page, total) => {
        checked += docs.length
        if (!onFound) return
        const found = docs.flatMap((file) => {
          const use = judgeFile(file, mentions)
          return use.used ? [] : [toUnused(file, use)]
        })
        onFound({ files: found, checked, total })
      })
      const uses = new Map(files.map((f) => [f.id, judgeFile(f, mentions)]))
      const unused = files
        .filter((f) => !uses.get(f.id)!.used)
        .map((f) => toUnused(f, uses.get(f.id)!))
        .sort((a, b) => b.size - a.size || a.filename.localeCompare(b.filename) || a.id.localeCompare(b.id))
      return {
        files: unused,
        totalBytes: unused.reduce((sum, f) => sum + f.size, 0),
        scanned: { files: files.length, posts: posts.length, drafts: drafts.length },
        usage: { total: stat.usage.total, used: stat.usage.used, free: stat.usage.free },
      }
    },

    async deleteUnused(ids, signal) {
      const wanted = [...new Set(ids)]
      const outcome: DeleteOutcome = { deleted: [], keptInUse: [], gone: [], freedBytes: 0 }
      if (wanted.length === 0) return outcome
      await deps.beforeRecheck?.()
      const { files, uses } = await readState(signal)
      const stored = new Map(files.map((f) => [f.id, f]))
      const deletable: UnusedFile[] = []
      for (const id of wanted) {
        const file = stored.get(id)
        const use = uses.get(id)
        if (!file || !use) outcome.gone.push(id)
        else if (use.used) outcome.keptInUse.push({ id, filename: file.filename })
        else deletable.push(toUnused(file, use))
      }
      for (let i = 0; i < deletable.length; i += DELETE_BATCH) {
        const batch = deletable.slice(i, i + DELETE_BATCH)
        try {
          await client.deleteFiles(
            batch.map((f) => f.id),
            { signal },
          )
        } catch (error) {
          // What earlier batches deleted is gone whatever happens next: say so with the failure.
          if (outcome.deleted.length === 0) throw error
          const e = AppError.from(error)
          throw new AppError({
            ...e.toJSON(),
            message: `${e.message} (after deleting ${outcome.deleted.length} files)`,
          })
        }
        outcome.deleted.push(...batch)
        outcome.freedBytes += batch.reduce((sum, f) => sum + f.size, 0)
      }
      return outcome
    },
  }
}
