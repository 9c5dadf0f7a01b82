// The round trip of docs/drafts-csv.md: an export of the posts on the service in a range and the local drafts,
// and an import that matches each row by `id` (the service's) or `draftId` and changes that post in place. The
// import is planned first (previewImport: N new, M updated, K unchanged, C conflicts) and changes nothing until
// it is applied with the person's choice for each conflict. A row is never duplicated: a post is matched, or
// it is new and keeps the file's draftId, so importing the same file twice finds it the second time.
import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type {
  ConflictChoice,
  Draft,
  DraftPost,
  ImportOutcome,
  ImportPreview,
  ImportPreviewRow,
  ImportReadOptions,
  ImportReading,
  ImportResult,
  ImportRowError,
} from '../../../common/drafts'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import type { Schedule } from '../../../common/service'
import type { ServiceClient } from '../service-client'
import { readAllPages } from '../storage/read-all-pages'
import type { DraftStore, StoredDraft } from './draft-store'
import { completePost, draftRow, exportRows, parseImport } from './import-export'
import type { CampaignLookup, ImportItem, TransferFormat, TransferRow } from './import-export'
import { accountLookup, accountResolver, scheduleFinder } from './import-lookups'
import { rowError } from './import-errors'

export type RoundTripClient = Pick<
  ServiceClient,
  'getSchedule' | 'updateSchedule' | 'listSchedules' | 'listAccounts'
>
/** Only the interface's plain methods, so the change holds whatever keeps the drafts. */
export type RoundTripStore = Pick<DraftStore, 'listForProfile' | 'get' | 'putMany' | 'update' | 'batch'>

export interface RoundTripDeps {
  store: RoundTripStore
  /** Which campaign a post belongs to, for the export's `campaignId`; none writes it empty. */
  campaignOf?: CampaignLookup
  /** The active service; null when there is none to ask (a row naming a service post is then refused). */
  client: RoundTripClient | null
  profileId: string
  now: () => Date
  newId?: () => string
  /** Whether a local file may be attached (import-export.ts's door for picked or dropped files). */
  allowMedia?: (path: string) => Promise<boolean>
}

type Target =
  | { kind: 'new'; id: string }
  | { kind: 'draft'; draft: StoredDraft }
  | { kind: 'service'; id: string; original: Schedule; draft?: StoredDraft }

interface PlannedRow {
  item: ImportItem
  target: Target
  outcome: ImportOutcome
  current?: string
}

// ---- matching ----

/** `a` carries nothing that differs from `b`: members only `b` has (the service's own) are not a change. */
function carriesNoChange(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => carriesNoChange(x, b[i]))
  }
  if (a !== null && typeof a === 'object') {
    if (b === null || typeof b !== 'object' || Array.isArray(b)) return false
    return Object.entries(a).every(([k, v]) => carriesNoChange(v, (b as Record<string, unknown>)[k]))
  }
  return isDeepStrictEqual(a, b)
}

/** The file's post against the post as it is: times as instants (the export writes the planner's zone). */
function samePost(file: DraftPost, current: DraftPost): boolean {
  const { scheduleAt: fileAt, ...fileRest } = file
  const { scheduleAt: currentAt, ...currentRest } = current
  const sameTime = fileAt === currentAt || (fileAt !== '' && Date.parse(fileAt) === Date.parse(currentAt))
  return sameTime && carriesNoChange(fileRest, currentRest)
}

/** A post body (or a schedule as the service answered it) with the blanks filled, as a file's row is read. */
function completed(post: Schedule | DraftPost): DraftPost {
  return completePost(post as unknown as Record<string, unknown>) as unknown as DraftPost
}

function isNewer(file: string | undefined, current: string | undefined): boolean {
  if (!file || !current) return true
  return Date.parse(file) >= Date.parse(current)
}

async function plan(
  deps: RoundTripDeps,
  format: TransferFormat,
  content: string,
  options: ImportReadOptions,
): Promise<{ rows: PlannedRow[]; errors: ImportRowError[]; reading?: ImportReading }> {
  // Rows that read well are matched even when others did not, so every row's problem is listed at once.
  const { items, errors, reading } = await parseImport(format, content, options)
  const newId = deps.newId ?? randomUUID
  const resolveAccount = await accountResolver(deps.client, items)
  const drafts = deps.store.listForProfile(deps.profileId)
  const byDraftId = new Map(drafts.map((d) => [d.id, d]))
  const byScheduleId = new Map(drafts.filter((d) => d.scheduleId).map((d) => [d.scheduleId!, d]))
  const draftOf = (item: ImportItem) =>
    (item.ref.id && byScheduleId.get(item.ref.id)) ||
    (item.ref.draftId ? byDraftId.get(item.ref.draftId) : undefined)
  const named = new Set(items.map((i) => i.ref.id ?? draftOf(i)?.scheduleId).filter((id) => id !== undefined))
  const findSchedule = await scheduleFinder(deps.client, named)
  const claimed = new Map<string, number>()
  const rows: PlannedRow[] = []
  for (const item of items) {
    const account = resolveAccount(item.row, item.post.accountId, item.accountHint)
    // Matched all the same, so a second row naming the same post is named too.
    if ('error' in account) errors.push(account.error)
    else item.post = { ...item.post, accountId: account.id }
    const { id, draftId } = item.ref
    const draft = draftOf(item)
    const scheduleId = id ?? draft?.scheduleId
    const original = scheduleId ? await findSchedule(scheduleId) : null
    let target: Target
    if (original && scheduleId) target = { kind: 'service', id: scheduleId, original, draft }
    else if (draft) target = { kind: 'draft', draft }
    // New: it keeps the file's draftId when that is free, so the same file imported again matches it.
    else target = { kind: 'new', id: draftId && !deps.store.get(draftId) ? draftId : newId() }

    const key =
      target.kind === 'service'
        ? `s:${target.id}`
        : `d:${target.kind === 'draft' ? target.draft.id : target.id}`
    const earlier = claimed.get(key)
    if (earlier !== undefined) {
      errors.push(
        rowError(item.row, 'same-post', `The same post as row ${earlier}: a post is imported once.`, {
          params: { other: earlier },
        }),
      )
      continue
    }
    claimed.set(key, item.row)
    if ('error' in account) continue

    if (scheduleId && !deps.client) {
      // Unknowable offline whether the post is there: a guess could make a second copy of it.
      errors.push(
        rowError(
          item.row,
          'offline-post',
          'This post is on the service, which cannot be reached now; import again when connected.',
          { field: 'id' },
        ),
      )
      continue
    }
    if (target.kind === 'new') {
      rows.push({ item, target, outcome: 'new' })
      continue
    }
    if (target.kind === 'draft' && target.draft.status === 'sending') {
      errors.push(
        rowError(item.row, 'sending', 'This draft is being sent now; import again once it is sent.'),
      )
      continue
    }
    if (target.kind === 'draft' && target.draft.status === 'scheduled') {
      errors.push(
        rowError(
          item.row,
          'gone-from-service',
          'This post is no longer on the service; delete its draft or import the row without ids.',
          { field: 'id' },
        ),
      )
      continue
    }
    if (target.kind === 'service' && (item.post.accountId === '' || item.post.scheduleAt === '')) {
      errors.push(
        rowError(
          item.row,
          'service-needs-account-time',
          'A post on the service needs its account and its time.',
          {
            field: item.post.accountId === '' ? 'accountId' : 'scheduleAt',
          },
        ),
      )
      continue
    }
    const current = target.kind === 'service' ? target.original.updatedAt : target.draft.updatedAt
    const same =
      target.kind === 'service'
        ? samePost(item.post, completed(target.original))
        : // The draft's post completed as the file's is: a member it lacks (an older draft's `link`) reads as
          // its blank, as the file's empty cell does, and is no change.
          samePost(item.post, completed(target.draft.post)) &&
          carriesNoChange(mediaOf(item), mediaOf(target.draft))
    const outcome: ImportOutcome = same
      ? 'unchanged'
      : isNewer(item.ref.updatedAt, current)
        ? 'updated'
        : 'conflict'
    rows.push({ item, target, outcome, current })
  }
  errors.sort((a, b) => a.row - b.row)
  return { rows, errors, reading }
}

/** Local files without their per-session ids, which a file does not keep. */
function mediaOf(d: { localMedia: Draft['localMedia'] }): unknown[] {
  return d.localMedia.map(({ id: _id, ...rest }) => rest)
}

function previewRow({ item, target, outcome, current }: PlannedRow): ImportPreviewRow {
  const text = (item.post.title || item.post.description).replace(/\s+/g, ' ').trim()
  return {
    row: item.row,
    outcome,
    target: target.kind === 'service' ? 'service' : 'draft',
    ...(target.kind === 'new' ? {} : { id: target.kind === 'service' ? target.id : target.draft.id }),
    label: text.length > 80 ? `${text.slice(0, 79)}…` : text,
    ...(outcome === 'conflict' ? { fileUpdatedAt: item.ref.updatedAt, currentUpdatedAt: current } : {}),
  }
}

function summarise(rows: PlannedRow[], errors: ImportRowError[], reading?: ImportReading): ImportPreview {
  const counts: Record<ImportOutcome, number> = { new: 0, updated: 0, unchanged: 0, conflict: 0 }
  for (const r of rows) counts[r.outcome] += 1
  return { counts, rows: errors.length ? [] : rows.map(previewRow), errors, ...(reading ? { reading } : {}) }
}

// ---- the calls ----

/** What importing `content` would do; changes nothing. */
export async function previewImport(
  deps: RoundTripDeps,
  format: TransferFormat,
  content: string,
  options: ImportReadOptions = {},
): Promise<ImportPreview> {
  const { rows, errors, reading } = await plan(deps, format, content, options)
  return summarise(rows, errors, reading)
}

/**
 * Imports `content`: plans again (the posts may have changed since the preview), and when no row has an error,
 * updates the matched posts in place and adds the new ones. A conflict takes the file's version only where
 * `choices` says `file`; otherwise the post is kept as it is.
 */
export async function importDrafts(
  deps: RoundTripDeps,
  format: TransferFormat,
  content: string,
  choices: Record<string, ConflictChoice> = {},
  options: ImportReadOptions = {},
): Promise<ImportResult> {
  const result: ImportResult = {
    imported: [],
    changed: [],
    updatedOnService: [],
    unchanged: 0,
    kept: 0,
    errors: [],
    counts: { new: 0, updated: 0, unchanged: 0, conflict: 0 },
  }
  const { rows, errors } = await plan(deps, format, content, options)
  if (deps.allowMedia && errors.length === 0) {
    for (const { item } of rows) {
      for (const [index, media] of item.localMedia.entries()) {
        // Already uploaded: the outbox sends its URL and never reads the file.
        if (media.uploadedUrl || (await deps.allowMedia(media.path))) continue
        errors.push(
          rowError(
            item.row,
            'media-not-picked',
            `${media.name} was not picked or dropped: add it with the file dialog or by dropping it`,
            { field: `localMedia.${index}.path`, params: { name: media.name } },
          ),
        )
      }
    }
  }
  if (errors.length > 0) return { ...result, errors }
  const at = deps.now()
  const fresh: StoredDraft[] = []
  // The local changes are written together at the end, in one transaction: one change for the page to apply
  // whatever the number of rows, and none of them if the write fails.
  const local: Array<{ draft: StoredDraft; changes: Partial<StoredDraft> }> = []
  for (const { item, target, outcome } of rows) {
    if (outcome === 'unchanged') {
      result.unchanged += 1
      result.counts.unchanged += 1
      continue
    }
    if (outcome === 'conflict' && choices[String(item.row)] !== 'file') {
      result.kept += 1
      result.counts.conflict += 1
      continue
    }
    // In the preview's words: a conflict taken from the file is one more update.
    result.counts[target.kind === 'new' ? 'new' : 'updated'] += 1
    if (target.kind === 'new') {
      fresh.push({
        id: target.id,
        profileId: deps.profileId,
        status: 'draft',
        post: item.post,
        localMedia: item.localMedia,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      })
    } else if (target.kind === 'draft') {
      local.push({ draft: target.draft, changes: { post: item.post, localMedia: item.localMedia } })
    } else {
      try {
        // Every member the file does not carry (a WhatsApp channel, a music volume) stays as it was.
        await deps.client!.updateSchedule(target.id, mergeScheduleEdit(target.original, item.post))
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        result.errors.push(
          rowError(item.row, 'service-refused', `The service refused the change: ${message}`, {
            params: { detail: message },
          }),
        )
        result.counts.updated -= 1
        continue
      }
      result.updatedOnService.push(target.id)
      // The local copy of a post the outbox sent follows it, so the planner shows the file's text.
      if (target.draft) local.push({ draft: target.draft, changes: { post: item.post } })
    }
  }
  deps.store.batch(() => {
    for (const { draft, changes } of local) result.changed.push(deps.store.update(draft, changes, at))
    deps.store.putMany(fresh)
  })
  result.imported = fresh
  return result
}

export interface ExportRange {
  /** ISO times; either may be left out for an open end. */
  from?: string
  to?: string
}

/**
 * Every post on the service in the range (all pages) and every local draft of the profile. A draft the outbox
 * sent is the same post as its schedule: one row, with both ids, the service's text and time.
 */
export async function exportPosts(
  deps: Pick<RoundTripDeps, 'store' | 'client' | 'profileId' | 'now' | 'campaignOf'>,
  format: TransferFormat,
  { range = {}, timeZone }: { range?: ExportRange; timeZone?: string } = {},
): Promise<{ filename: string; content: string }> {
  const drafts = deps.store.listForProfile(deps.profileId)
  const schedules = deps.client
    ? await readAllPages(
        (page, limit) => deps.client!.listSchedules({ page, limit, fromDate: range.from, toDate: range.to }),
        { what: 'scheduled posts' },
      )
    : []
  const accounts = deps.client
    ? await readAllPages((page, limit) => deps.client!.listAccounts({ page, limit }), { what: 'accounts' })
    : []
  const onService = new Set(schedules.map((s) => s.id))
  const rows: TransferRow[] = schedules.map((s) => {
    const draft = drafts.find((d) => d.scheduleId === s.id)
    return {
      ref: {
        id: s.id,
        ...(draft ? { draftId: draft.id } : {}),
        ...(s.updatedAt ? { updatedAt: s.updatedAt } : {}),
      },
      status: s.status,
      post: completed(s),
      localMedia: [],
    }
  })
  for (const d of drafts) if (!d.scheduleId || !onService.has(d.scheduleId)) rows.push(draftRow(d))
  return exportRows(rows, format, deps.now(), timeZone, deps.campaignOf, accountLookup(accounts))
}
