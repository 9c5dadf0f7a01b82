// How the outbox names and uses the uploads of a draft's local files: the key that makes a resend find the
// upload it already has, and the draft once a cover's URL exists.
import { createHash } from 'node:crypto'
import type { Draft, LocalMedia } from '../../../common/drafts'

/**
 * Uploads one local file and resolves with its public URL; rejects with an AppError. `key` names this media
 * item of this draft for good: asked again with it (after a crash, say) the uploader must answer with the
 * upload it already has, finished or under way, instead of sending the file a second time. `signal` stops the
 * wait when the run stops.
 */
export type UploadMedia = (
  media: Pick<LocalMedia, 'path' | 'name'>,
  options: { key: string; signal?: AbortSignal },
) => Promise<string>

/** The stable name of one local media item of one draft, for the uploader. */
export function mediaUploadKey(draftId: string, mediaId: string): string {
  return `draft:${draftId}:media:${mediaId}`
}

/**
 * The stable name of one cover file of one draft. Named by its path: a cover frame's file is written once under
 * a fresh name (core/files/cover-files.ts), so the path stands for the same bytes for good.
 */
export function coverUploadKey(draftId: string, path: string): string {
  return `draft:${draftId}:cover:${createHash('sha256').update(path).digest('hex').slice(0, 32)}`
}

/** The draft with every media item's cover at `path` pointing at `url` instead. */
export function withCoverUploaded(
  draft: Draft,
  path: string,
  url: string,
): Pick<Draft, 'post' | 'localMedia'> {
  const swap = <M extends { thumbnail: string }>(m: M): M =>
    m.thumbnail === path ? { ...m, thumbnail: url } : m
  return {
    post: { ...draft.post, medias: draft.post.medias.map(swap) },
    localMedia: draft.localMedia.map(swap),
  }
}
