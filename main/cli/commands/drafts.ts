// `drafts add FILE [--schedule] [--json]` and `drafts list [--json]`: drafting needs no network, so neither
// command needs the secret; the data folder (MEDIADECK_DATA_DIR) where the app keeps its drafts, and the base
// URL and access key when given, which name the profile the drafts belong to (drafts-profile.ts).
import type { Draft, DraftStatus } from '../../../common/drafts'
import type { AppDatabase } from '../../core/db/database'
import { openDraftStore, type DraftStore } from '../../core/drafts/draft-store'
import { DraftValidationAppError } from '../../core/drafts/draft-errors'
import { createDraftsService } from '../../core/drafts/drafts-service'
import { validateForQueue } from '../../core/drafts/validation'
import { parse, noPositionals, UsageError } from '../args'
import type { CliCommand, CliContext } from '../context'
import { writeEach, writeJson, writeLine } from '../context'
import { openCliDatabase } from '../database'
import { defaultDataDir } from '../profile'
import { readDraftFile } from './drafts-input'
import { draftsProfileId } from './drafts-profile'

const addUsage = 'drafts add FILE [--schedule] [--json]'
const listUsage = 'drafts list [--json]'

export interface CliDrafts {
  database: AppDatabase
  store: DraftStore
  profileId: string
}

/**
 * The data folder's drafts, for the profile `profileOf` names (it may read the database: the app's profile
 * of the same credentials owns their drafts). The old drafts.json is imported on first open.
 */
export async function openCliDrafts(
  ctx: CliContext,
  profileOf: (database: AppDatabase) => string | Promise<string>,
  dataDir = defaultDataDir(ctx.env),
): Promise<CliDrafts> {
  const database = openCliDatabase(dataDir, ctx)
  try {
    const profileId = await profileOf(database)
    const store = await openDraftStore(database, { profileId, dataDir })
    if (store.notice && store.notice.kind !== 'migrated')
      writeLine(ctx.stderr, `warning: ${store.notice.message}`)
    return { database, store, profileId }
  } catch (error) {
    database.close()
    throw error
  }
}

/**
 * The four statuses of the CLI contract (docs/design.md: draft, queued, scheduled, failed). A script waiting for
 * "scheduled or failed" must not wait forever on a post that needs a decision, so that one reads `failed`
 * (with `attention` saying why), and an interrupted send reads `queued` (the next `sync` finishes it). The
 * app's own status is in `state`.
 */
const CLI_STATUS: Record<DraftStatus, 'draft' | 'queued' | 'scheduled' | 'failed'> = {
  draft: 'draft',
  queued: 'queued',
  sending: 'queued',
  scheduled: 'scheduled',
  failed: 'failed',
  'needs-attention': 'failed',
}

/** The line `drafts list --json` and `sync --json` print for a draft. */
export function draftLine(draft: Draft): Record<string, unknown> {
  return {
    id: draft.id,
    profileId: draft.profileId,
    status: CLI_STATUS[draft.status],
    state: draft.status,
    ...(draft.scheduleId ? { scheduleId: draft.scheduleId } : {}),
    accountId: draft.post.accountId,
    scheduleAt: draft.post.scheduleAt,
    type: draft.post.type,
    title: draft.post.title,
    description: draft.post.description,
    ...(draft.error ? { error: draft.error.message } : {}),
    ...(draft.attention ? { attention: draft.attention.reason, message: draft.attention.message } : {}),
  }
}

export function humanDraftLine(draft: Draft): string {
  const text = (draft.post.title || draft.post.description).replace(/\s+/g, ' ').slice(0, 60)
  const when = draft.post.scheduleAt || 'no time'
  const id = draft.scheduleId ? ` schedule ${draft.scheduleId}` : ''
  const why = draft.attention?.message ?? draft.error?.message
  return `${draft.id}  ${draft.status.padEnd(15)} ${when}  ${JSON.stringify(text)}${id}${why ? ` — ${why}` : ''}`
}

export const draftsAddCommand: CliCommand = {
  name: ['drafts', 'add'],
  usage: addUsage,
  summary: 'save a post (JSON body of section 2.4) as a draft; --schedule queues it',
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      { schedule: { type: 'boolean' }, json: { type: 'boolean' } },
      addUsage,
    )
    if (positionals.length !== 1) throw new UsageError('give exactly one FILE')
    const input = await readDraftFile(positionals[0]!)
    const now = () => new Date()
    if (values.schedule) {
      // Checked before saving: a post that cannot be queued is not left behind as a stray draft.
      const errors = validateForQueue(input, now())
      if (errors.length > 0) throw new DraftValidationAppError(errors)
    }
    const { database, store, profileId } = await openCliDrafts(ctx, (db) => draftsProfileId(ctx, db))
    let draft: Draft
    try {
      const drafts = createDraftsService({ store, now, profileId: () => profileId })
      // One transaction: a draft `--schedule` cannot queue is not left behind as a stray draft.
      draft = database.transaction(() => {
        const saved = drafts.save(input)
        // `--schedule` is the contract's spelling (DESIGN.md); it queues the draft for `sync` to send.
        return values.schedule ? drafts.queue(saved.id) : saved
      })
    } finally {
      database.close()
    }
    if (values.json) writeJson(ctx.stdout, draftLine(draft))
    else
      writeLine(
        ctx.stdout,
        `draft ${draft.id} saved${draft.status === 'queued' ? ' and queued; `sync` sends it' : ''}`,
      )
    return 0
  },
}

export const draftsListCommand: CliCommand = {
  name: ['drafts', 'list'],
  usage: listUsage,
  summary: "list the profile's local drafts and outbox",
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, listUsage)
    noPositionals(positionals, listUsage)
    const { database, store, profileId } = await openCliDrafts(ctx, (db) => draftsProfileId(ctx, db))
    const list = createDraftsService({ store, now: () => new Date(), profileId: () => profileId }).list()
    database.close()
    writeEach(ctx.stdout, list, values.json, draftLine, humanDraftLine)
    if (!values.json && list.length === 0) writeLine(ctx.stderr, 'no drafts')
    return 0
  },
}
