// The CLI's side of the reply outbox (main/core/inbox/reply-outbox.ts): the data folder's queue of replies for
// the profile's account, sent by `sync` (and queued by `inbox reply` while the service cannot be reached), with
// local files uploaded through the CLI's upload queue first.
import { createLeases } from '../core/db/leases'
import type { AppDatabase } from '../core/db/database'
import { draftsProfileFor } from '../core/drafts/profile-identity'
import { createReplyOutbox, type ReplyOutbox } from '../core/inbox/reply-outbox'
import type { ServiceClient } from '../core/service-client'
import type { UploadEngine } from '../core/uploads/upload-engine'

/** Uploads `paths` with the engine and answers each one's public address (absent for a failed one). */
export async function uploadPaths(engine: UploadEngine, paths: string[]): Promise<Map<string, string>> {
  const added = await engine.add(paths)
  try {
    await engine.whenIdle()
    const urls = new Map<string, string>()
    for (const item of engine.list()) {
      if (added.some((a) => a.id === item.id) && item.state === 'done' && item.url)
        urls.set(item.path, item.url)
    }
    return urls
  } finally {
    // This run's items only: the queue is shared with `upload` and `sync`.
    for (const item of added) engine.remove(item.id)
  }
}

export function openReplyOutbox(o: {
  database: AppDatabase
  profile: { baseUrl: string; accessKey: string }
  client: ServiceClient
  engine: () => UploadEngine
  now?: () => Date
}): ReplyOutbox {
  return createReplyOutbox({
    database: o.database,
    leases: createLeases(o.database),
    profileId: draftsProfileFor(o.database, o.profile.baseUrl, o.profile.accessKey),
    client: () => o.client,
    now: o.now ?? (() => new Date()),
    upload: (paths) => uploadPaths(o.engine(), paths),
  })
}
