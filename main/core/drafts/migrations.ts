// The drafts document's schema versions. Each migration takes the document of version N and returns version
// N + 1; the store runs them in order on load and writes the result back, keeping the old file as `.bak`.
// A document from a newer app (a version above CURRENT) is refused rather than rewritten: downgrading the app
// must not destroy drafts written by the newer one.
import { SANDBOX_PROFILE_ID } from '../../../common/app-state'
import { emptyScheduleRequest } from '../../../common/service'

export const CURRENT_SCHEMA_VERSION = 4

/** What a migration may need to know about the process running it. */
export interface MigrationContext {
  /** The profile active while the migration runs (the app's active profile, the CLI's credentials). */
  profileId?: string
}

export type Migration = (doc: Record<string, unknown>, context: MigrationContext) => Record<string, unknown>

/** migrations[n] turns version n into n + 1. */
export const MIGRATIONS: Record<number, Migration> = {
  // v0: the pre-release file was a bare array of drafts.
  0: (doc) => ({ schemaVersion: 1, drafts: Array.isArray(doc.drafts) ? doc.drafts : [] }),
  // v2: adds the send ledger (exactly-once markers) and the last sync time beside the drafts; every post gets
  // the members of section 2.4 it lacked, so a draft saved before a member existed still validates.
  1: (doc) => ({
    schemaVersion: 2,
    drafts: (Array.isArray(doc.drafts) ? doc.drafts : []).map(completeDraftPost),
    sends: {},
    lastSyncAt: null,
  }),
  // v3: drafts belong to a profile. Before, one outbox sent every draft through whichever profile was active,
  // so the only owner we can infer is the profile active now; the Sandbox when that is unknown (safe: the
  // sandbox's service is local and fake, a wrong guess never publishes anything for real).
  2: (doc, { profileId }) => ({
    ...doc,
    schemaVersion: 3,
    drafts: (Array.isArray(doc.drafts) ? doc.drafts : []).map((draft: unknown) =>
      typeof draft === 'object' &&
      draft !== null &&
      typeof (draft as { profileId?: unknown }).profileId !== 'string'
        ? { ...draft, profileId: profileId || SANDBOX_PROFILE_ID }
        : draft,
    ),
  }),
  // v4: a draft may name several accounts (`targets`), split into one draft each when queued. No record
  // changes; the version moves so an older app, which would send such a draft to its first account only,
  // refuses the file instead of reading it.
  3: (doc) => ({ ...doc, schemaVersion: 4 }),
}

export class MigrationError extends Error {}

export function migrate(
  raw: unknown,
  migrations: Record<number, Migration> = MIGRATIONS,
  target = CURRENT_SCHEMA_VERSION,
  context: MigrationContext = {},
): { doc: Record<string, unknown>; from: number } {
  let doc: Record<string, unknown>
  if (Array.isArray(raw)) doc = { schemaVersion: 0, drafts: raw }
  else if (typeof raw === 'object' && raw !== null) doc = raw as Record<string, unknown>
  else throw new MigrationError('the drafts file does not hold an object')
  const from = doc.schemaVersion
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0) {
    throw new MigrationError('the drafts file has no schema version')
  }
  if (from > target) {
    throw new MigrationError(
      `the drafts file is from a newer Mediadeck (schema ${from}, this one reads ${target})`,
    )
  }
  for (let version = from; version < target; version++) {
    const step = migrations[version]
    if (!step) throw new MigrationError(`no migration from drafts schema ${version}`)
    doc = step(doc, context)
    if (doc.schemaVersion !== version + 1) throw new MigrationError(`migration ${version} did not advance`)
  }
  return { doc, from }
}

function completeDraftPost(draft: unknown): unknown {
  if (typeof draft !== 'object' || draft === null) return draft
  const d = draft as Record<string, unknown>
  const post = (typeof d.post === 'object' && d.post !== null ? d.post : {}) as Record<string, unknown>
  const blank = emptyScheduleRequest()
  const info = (post.additionalInfo ?? {}) as Record<string, unknown>
  const music = (info.music ?? {}) as Record<string, unknown>
  return {
    ...d,
    localMedia: Array.isArray(d.localMedia) ? d.localMedia : [],
    post: {
      ...blank,
      accountId: '',
      scheduleAt: '',
      ...post,
      meta: { ...blank.meta, ...((post.meta ?? {}) as object) },
      additionalInfo: {
        ...blank.additionalInfo,
        ...info,
        music: {
          ...blank.additionalInfo.music,
          ...music,
          volume: { ...blank.additionalInfo.music.volume, ...((music.volume ?? {}) as object) },
        },
      },
    },
  }
}
