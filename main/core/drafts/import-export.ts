// Over 400 lines on purpose: import and export share one column table and one cell codec, so a CSV written
// here always reads back; split, the two halves would drift.
// Drafts in and out as CSV (one row a post; columns in docs/drafts-csv.md) and JSON. An import checks every
// row first and adds nothing unless all rows pass, so a file is never half imported; each error names its row
// and the column (the body path of section 2.4, which is also the CSV header).
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import Papa from 'papaparse'
import { z } from 'zod'
import { MAX_IMPORT_CHARS, MAX_IMPORT_ROWS } from '../../../common/drafts'
import type {
  DateOrder,
  Draft,
  DraftPost,
  ImportReadOptions,
  ImportReading,
  ImportRowError,
  LocalMedia,
} from '../../../common/drafts'
import {
  createScheduleRequestSchema,
  emptyScheduleRequest,
  isoTimestampSchema,
  scheduleAdditionalInfoSchema,
} from '../../../common/service'
import { issueError, rowError } from './import-errors'
import { chooseDateOrder, knownZone, readCellTime } from './spreadsheet-time'
import { escapeCell, isoInZone, unescapeCell } from './transfer-cells'
import { POST_TYPES } from './validation'

export type TransferFormat = 'csv' | 'json'

export { MAX_IMPORT_CHARS, MAX_IMPORT_ROWS } from '../../../common/drafts'

/**
 * How long the import may hold the event loop before it lets other calls run. The import runs in main (or the
 * browser-mode server) beside every other call; a big file parsed in one go blocked them all for seconds.
 */
const SLICE_MS = 15

/** Resolves at once while the current slice lasts; after that, on the next turn of the event loop. */
function slicer(): () => Promise<void> {
  let sliceStart = performance.now()
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return
    await new Promise<void>((resolve) => setImmediate(resolve))
    sliceStart = performance.now()
  }
}

function tooLarge(content: string): ImportRowError | null {
  if (content.length <= MAX_IMPORT_CHARS) return null
  const limit = MAX_IMPORT_CHARS / 1_000_000
  const has = (content.length / 1_000_000).toFixed(1)
  return rowError(
    0,
    'too-large',
    `The file is too large to import: at most ${limit} MB of text (it has ${has} MB). Split it into smaller files.`,
    { params: { limit, size: has } },
  )
}

/** The CSV columns, in order. Headers are the body's own paths. */
export const CSV_COLUMNS = [
  'id',
  'draftId',
  'campaignId',
  'updatedAt',
  'status',
  'accountId',
  'account',
  'network',
  'scheduleAt',
  'type',
  'title',
  'description',
  'topic',
  'medias',
  'localMedia',
  'meta.title',
  'meta.description',
  'meta.url',
  'additionalInfo.isAiGenerated',
  'additionalInfo.isDraft',
  'additionalInfo.isAutoAddMusic',
  'additionalInfo.music.id',
  'additionalInfo.music.artist',
  'additionalInfo.music.name',
  'additionalInfo.music.thumbnail',
  'additionalInfo.music.volume.video',
  'additionalInfo.music.volume.music',
  'additionalInfo.tags',
  'additionalInfo.mentions',
  'additionalInfo.collaborators',
  'additionalInfo.targetCountries',
  'additionalInfo.products',
  'additionalInfo.link',
  'replies',
] as const
type Column = (typeof CSV_COLUMNS)[number]

/** Written on export, ignored on import: the state is the service's or the outbox's, not the file's. */
const EXPORT_ONLY: readonly Column[] = ['status']
/**
 * The account by its username and network, for a person reading the sheet; read back to find the account when
 * `accountId` is empty, and `network` tells apart one username on two networks.
 */
const ACCOUNT_COLUMNS = ['account', 'network'] as const
type AccountColumn = (typeof ACCOUNT_COLUMNS)[number]
/** Which post a row is (round-trip.ts matches on them), not members of the post. */
const REFERENCE_COLUMNS = ['id', 'draftId', 'campaignId', 'updatedAt'] as const
type ReferenceColumn = (typeof REFERENCE_COLUMNS)[number]
/** Read from files written before `id` became the service's id: the service's id then. */
const LEGACY_COLUMNS = ['scheduleId'] as const
const LIST_COLUMNS: readonly Column[] = [
  'additionalInfo.tags',
  'additionalInfo.mentions',
  'additionalInfo.collaborators',
  'additionalInfo.targetCountries',
]
const JSON_COLUMNS: readonly Column[] = ['medias', 'localMedia', 'additionalInfo.products', 'replies']
const BOOLEAN_COLUMNS: readonly Column[] = [
  'additionalInfo.isAiGenerated',
  'additionalInfo.isDraft',
  'additionalInfo.isAutoAddMusic',
]
const NUMBER_COLUMNS: readonly Column[] = [
  'additionalInfo.music.volume.video',
  'additionalInfo.music.volume.music',
]

const localMediaSchema = z.object({
  id: z.string().min(1).optional(),
  path: z.string().min(1),
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  mimetype: z.string(),
  alt: z.string().default(''),
  type: z.string(),
  thumbnail: z.string().default(''),
  uploadedUrl: z.string().optional(),
})

/** A post as a file may hold it: what section 2.4 says, with accountId and scheduleAt optional while drafting. */
const importedPostSchema = createScheduleRequestSchema.extend({
  type: z.enum(POST_TYPES, { message: `must be one of ${POST_TYPES.join(', ')}` }),
  additionalInfo: scheduleAdditionalInfoSchema.extend({
    // Volumes are percentages: a file's are range-checked here so an out-of-range row is named at import.
    music: scheduleAdditionalInfoSchema.shape.music.extend({
      volume: z.object({ video: z.number().min(0).max(100), music: z.number().min(0).max(100) }),
    }),
  }),
  accountId: z.string(),
  scheduleAt: z.string().refine((v) => v === '' || isoTimestampSchema.safeParse(v).success, {
    message: 'must be an ISO 8601 time with its zone, e.g. 2026-03-29T02:30:00+07:00, or empty',
  }),
})

/** Which post a row says it is, and how recent the copy it was edited from. Empty members are left out. */
export interface RowReference {
  /** The service's schedule id. */
  id?: string
  draftId?: string
  campaignId?: string
  updatedAt?: string
}

/** The account as the export named it beside its id: username and network. */
export interface AccountHint {
  account?: string
  network?: string
}

export interface ImportItem {
  row: number
  post: DraftPost
  localMedia: LocalMedia[]
  ref: RowReference
  accountHint?: AccountHint
}

/**
 * The campaign a post belongs to (main/core/campaigns/campaign-store.ts), by its draft or its service id: the
 * export writes it in `campaignId`. An import matches rows by `id` and `draftId` and changes the posts in
 * place, so a row's post stays in its campaign; the column itself is not read back.
 */
export type CampaignLookup = (ids: { draftId?: string; scheduleId?: string }) => string | undefined

/** One post as an export writes it: a local draft, a post on the service, or both when they are one. */
export interface TransferRow {
  ref: RowReference
  status: string
  post: DraftPost
  localMedia: LocalMedia[]
}

/** The username and network of an account id, for the export's `account` and `network` columns. */
export type AccountLookup = (accountId: string) => { username: string; network: string } | undefined

/** Keeps only the non-empty, trimmed references. */
function cleanRef(raw: Partial<Record<ReferenceColumn, unknown>>): RowReference {
  const ref: RowReference = {}
  for (const key of REFERENCE_COLUMNS) {
    const value = raw[key]
    if (typeof value === 'string' && value.trim() !== '') ref[key] = value.trim()
  }
  return ref
}

function blankPost(): DraftPost {
  return { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }
}

/** Deep-merges what a file gave over a blank post, so a JSON body may leave out members it does not use. */
export function completePost(partial: Record<string, unknown>): Record<string, unknown> {
  const blank = blankPost()
  const info = (isObject(partial.additionalInfo) ? partial.additionalInfo : {}) as Record<string, unknown>
  const music = (isObject(info.music) ? info.music : {}) as Record<string, unknown>
  return {
    ...blank,
    ...partial,
    // The service needs only `type` and `url` of a media entry (OpenAPI ScheduleMedia); the rest is ours to fill.
    medias: Array.isArray(partial.medias)
      ? partial.medias.map((m: unknown) => (isObject(m) ? { alt: '', thumbnail: '', ...m } : m))
      : blank.medias,
    meta: { ...blank.meta, ...(isObject(partial.meta) ? partial.meta : {}) },
    additionalInfo: {
      ...blank.additionalInfo,
      ...info,
      music: {
        ...blank.additionalInfo.music,
        ...music,
        volume: { ...blank.additionalInfo.music.volume, ...(isObject(music.volume) ? music.volume : {}) },
      },
    },
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Validates one item; errors carry `row` and the field path. */
function checkItem(
  raw: Record<string, unknown>,
  rawMedia: unknown,
  row: number,
  errors: ImportRowError[],
  ref: RowReference,
  /** Columns already refused for their cell: the schema's complaint about the blank left there is noise. */
  refused: ReadonlySet<string> = new Set(),
): ImportItem | null {
  const before = errors.length
  const post = importedPostSchema.safeParse(completePost(raw))
  if (!post.success) {
    for (const issue of post.error.issues) {
      const error = issueError(row, issue)
      if (!error.field || !refused.has(error.field)) errors.push(error)
    }
  }
  const media = z.array(localMediaSchema).safeParse(rawMedia ?? [])
  if (!media.success && !refused.has('localMedia')) {
    for (const issue of media.error.issues) errors.push(issueError(row, issue, ['localMedia']))
  }
  // Checked with the rest, so a row's every problem is listed at once.
  if (ref.updatedAt !== undefined && Number.isNaN(Date.parse(ref.updatedAt))) {
    errors.push(
      rowError(row, 'updated-at', 'must be a time, as the export wrote it, or empty', { field: 'updatedAt' }),
    )
  }
  if (errors.length > before || refused.size > 0 || !post.success || !media.success) return null
  const localMedia: LocalMedia[] = media.data.map((m) => ({ ...m, id: m.id ?? randomUUID() }))
  return { row, post: post.data as DraftPost, localMedia, ref }
}

// ---- CSV ----

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.')
  let node = target
  for (const part of parts.slice(0, -1)) {
    if (!isObject(node[part])) node[part] = {}
    node = node[part] as Record<string, unknown>
  }
  node[parts[parts.length - 1]!] = value
}

function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), source)
}

type CellError = { error: string; code: 'boolean' | 'number' | 'json-array' | 'list' }

function parseCell(column: Column, cell: string): { value: unknown } | CellError {
  const text = cell.trim()
  if (BOOLEAN_COLUMNS.includes(column)) {
    if (/^(true|yes|1)$/i.test(text)) return { value: true }
    if (/^(false|no|0|)$/i.test(text)) return { value: false }
    return { error: 'must be true or false', code: 'boolean' }
  }
  if (NUMBER_COLUMNS.includes(column)) {
    if (text === '') return { value: 100 }
    const n = Number(text)
    return Number.isFinite(n) ? { value: n } : { error: 'must be a number', code: 'number' }
  }
  if (JSON_COLUMNS.includes(column)) {
    if (text === '') return { value: [] }
    try {
      return { value: JSON.parse(text) }
    } catch {
      return {
        error: 'must be a JSON array, e.g. [{"type":"image","url":"https://…","alt":"","thumbnail":""}]',
        code: 'json-array',
      }
    }
  }
  if (LIST_COLUMNS.includes(column)) {
    if (text === '') return { value: [] }
    if (text.startsWith('[')) {
      try {
        return { value: JSON.parse(text) }
      } catch {
        return { error: 'must be a list separated by ";" or a JSON array', code: 'list' }
      }
    }
    return {
      value: text
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    }
  }
  if (column === 'type' && text === '') return { value: 'text' }
  // Text columns keep their spaces: a description may begin with a line break on purpose.
  return { value: column === 'scheduleAt' || column === 'accountId' ? text : cell }
}

/**
 * Papaparse in chunks, each in its own turn of the event loop. Stops after `maxRecords` records: a file with
 * more is refused anyway, and reading the rest would only cost time and memory.
 */
function parseCsvRecords(
  text: string,
  maxRecords: number,
): Promise<{ records: string[][]; errors: Papa.ParseError[]; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const records: string[][] = []
    const errors: Papa.ParseError[] = []
    let truncated = false
    Papa.parse<string[]>(text, {
      skipEmptyLines: 'greedy',
      chunkSize: 64 * 1024,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        // A chunk's error rows count from its own first record.
        for (const e of results.errors) errors.push({ ...e, row: (e.row ?? 0) + records.length })
        for (const record of results.data) records.push(record)
        if (records.length > maxRecords) {
          truncated = true
          records.length = maxRecords
          parser.abort()
          return
        }
        parser.pause()
        setImmediate(() => parser.resume())
      },
      complete: () => resolve({ records, errors, truncated }),
      error: (error: Error) => reject(error),
    })
  })
}

/** Papaparse's complaint as a row error: an open quote (the usual slip in a hand-edited sheet) or another. */
function csvSyntaxError(e: Papa.ParseError): ImportRowError {
  // Papaparse counts data rows from 0 with the header as row 0; rows here count lines of records from 1.
  const row = (e.row ?? 0) + 1
  const quotes = e.code === 'MissingQuotes' || e.code === 'InvalidQuotes'
  return rowError(row, quotes ? 'csv-quotes' : 'csv-syntax', `CSV: ${e.message}`)
}

/** The zone and date order the file's times are read in: the caller's, or the planner-less default. */
function readingFor(
  columns: string[],
  rows: string[][],
  options: ImportReadOptions,
): ImportReading & { zone: string } {
  const at = columns.indexOf('scheduleAt')
  const cells = at < 0 ? [] : rows.map((r) => unescapeCell(r[at] ?? ''))
  const chosen = chooseDateOrder(cells)
  const zone = knownZone(options.timeZone) ? options.timeZone : 'UTC'
  return {
    zone,
    timeZone: zone,
    dateOrder: options.dateOrder ?? chosen.order,
    dayMonth: chosen.used,
    ambiguous: chosen.ambiguous,
  }
}

async function parseCsv(
  content: string,
  options: ImportReadOptions,
): Promise<{ items: ImportItem[]; errors: ImportRowError[]; reading?: ImportReading }> {
  // The header and one record more than the cap: enough to say the file has too many.
  const parsed = await parseCsvRecords(content.replace(/^\uFEFF/, ''), MAX_IMPORT_ROWS + 2)
  const errors: ImportRowError[] = []
  // The delimiter is detected (a spreadsheet set to Indonesian writes ";"); a one-column file has none to find.
  for (const e of parsed.errors.filter((e) => e.type !== 'Delimiter')) errors.push(csvSyntaxError(e))
  const [header, ...rows] = parsed.records
  if (!header || header.length === 0)
    return { items: [], errors: [rowError(1, 'empty-file', 'The file is empty.')] }
  const columns = header.map((h) => h.trim())
  columns.forEach((name, index) => {
    if (![...CSV_COLUMNS, ...LEGACY_COLUMNS].includes(name as Column)) {
      errors.push(
        rowError(1, 'unknown-column', `Unknown column "${name}" (column ${index + 1}).`, {
          field: name,
          params: { name, index: index + 1 },
        }),
      )
    }
    if (columns.indexOf(name) !== index)
      errors.push(
        rowError(1, 'column-twice', `Column "${name}" appears twice.`, { field: name, params: { name } }),
      )
  })
  if (rows.length > MAX_IMPORT_ROWS) {
    errors.push(
      rowError(
        1,
        'too-many-rows',
        `The file has more than ${MAX_IMPORT_ROWS} rows; at most ${MAX_IMPORT_ROWS} are imported at once.`,
        { params: { max: MAX_IMPORT_ROWS } },
      ),
    )
  }
  if (errors.some((e) => e.row === 1)) return { items: [], errors }

  const { zone, ...reading } = readingFor(columns, rows, options)
  const items: ImportItem[] = []
  const breathe = slicer()
  for (const [index, cells] of rows.entries()) {
    await breathe()
    const row = index + 2
    if (cells.length !== columns.length) {
      errors.push(
        rowError(row, 'cell-count', `The row has ${cells.length} cells; the header has ${columns.length}.`, {
          params: { cells: cells.length, columns: columns.length },
        }),
      )
      continue
    }
    const raw: Record<string, unknown> = {}
    const ref: Partial<Record<ReferenceColumn, string>> = {}
    const hint: AccountHint = {}
    let rawMedia: unknown = []
    const refused = new Set<string>()
    columns.forEach((name, i) => {
      const column = name as Column
      if (EXPORT_ONLY.includes(column)) return
      const text = unescapeCell(cells[i] ?? '')
      if (name === 'scheduleId') ref.id ||= text
      if ((REFERENCE_COLUMNS as readonly string[]).includes(name)) ref[name as ReferenceColumn] = text
      if (name === 'scheduleId' || (REFERENCE_COLUMNS as readonly string[]).includes(name)) return
      if ((ACCOUNT_COLUMNS as readonly string[]).includes(name)) {
        if (text.trim()) hint[name as AccountColumn] = text.trim()
        return
      }
      if (column === 'scheduleAt') {
        const at = readCellTime(text, zone, reading.dateOrder)
        if (at === null) {
          refused.add(column)
          errors.push(
            rowError(
              row,
              'time-format',
              'must be a time such as 05/12/2026 09:00, 2026-12-05 09:00 or 2026-12-05T09:00:00+07:00, or empty',
              { field: column, params: { value: text.trim() } },
            ),
          )
        } else raw.scheduleAt = at
        return
      }
      const cell = parseCell(column, text)
      if ('error' in cell) {
        errors.push(rowError(row, cell.code, cell.error, { field: column }))
        refused.add(column)
      } else if (column === 'localMedia') rawMedia = cell.value
      else setPath(raw, column, cell.value)
    })
    const item = checkItem(raw, rawMedia, row, errors, cleanRef(ref), refused)
    if (item) items.push(Object.keys(hint).length ? { ...item, accountHint: hint } : item)
  }
  return { items, errors, reading }
}

function formatCell(column: Column, draft: TransferRow, accountOf?: AccountLookup): string {
  if ((REFERENCE_COLUMNS as readonly string[]).includes(column))
    return draft.ref[column as ReferenceColumn] ?? ''
  if (column === 'status') return draft.status
  if (column === 'account') return accountOf?.(draft.post.accountId)?.username ?? ''
  if (column === 'network') return accountOf?.(draft.post.accountId)?.network ?? ''
  if (column === 'localMedia') {
    const media = draft.localMedia.map(({ id: _id, ...rest }) => rest)
    return media.length ? JSON.stringify(media) : ''
  }
  const value = getPath(draft.post, column)
  if (JSON_COLUMNS.includes(column))
    return Array.isArray(value) && value.length === 0 ? '' : JSON.stringify(value)
  if (LIST_COLUMNS.includes(column)) {
    const list = Array.isArray(value) ? value : []
    // The readable form only when it reads back the same.
    const plain = list.every((v) => typeof v === 'string' && v.trim() === v && v !== '' && !v.includes(';'))
    return plain ? list.join(';') : JSON.stringify(list)
  }
  return value === undefined || value === null ? '' : String(value)
}

// ---- JSON ----

export const JSON_EXPORT_FORMAT = 'mediadeck-drafts'

async function parseJson(content: string): Promise<{ items: ImportItem[]; errors: ImportRowError[] }> {
  let value: unknown
  try {
    value = JSON.parse(content)
  } catch (error) {
    const message = `The file is not JSON: ${(error as Error).message}`
    return { items: [], errors: [rowError(0, 'not-json', message)] }
  }
  // Our own export, a list of posts, a list of { post, localMedia }, or one post body.
  const list =
    isObject(value) && Array.isArray(value.drafts) ? value.drafts : Array.isArray(value) ? value : [value]
  if (list.length > MAX_IMPORT_ROWS) {
    return {
      items: [],
      errors: [
        rowError(0, 'too-many-rows', `At most ${MAX_IMPORT_ROWS} drafts are imported at once.`, {
          params: { max: MAX_IMPORT_ROWS },
        }),
      ],
    }
  }
  const errors: ImportRowError[] = []
  const items: ImportItem[] = []
  const breathe = slicer()
  for (const [index, entry] of (list as unknown[]).entries()) {
    await breathe()
    const row = index + 1
    if (!isObject(entry)) {
      errors.push(rowError(row, 'entry-object', 'Each entry must be an object.'))
      continue
    }
    const wrapped = isObject(entry.post)
    const post = (wrapped ? entry.post : entry) as Record<string, unknown>
    // Version 1 of our export named the draft `id` and the service's id `scheduleId`.
    const legacy = wrapped && isObject(value) && value.version === 1
    const ref = wrapped
      ? cleanRef(legacy ? { id: entry.scheduleId, draftId: entry.id } : entry)
      : cleanRef({ id: entry.id })
    const item = checkItem(post, wrapped ? entry.localMedia : [], row, errors, ref)
    if (item) items.push(item)
  }
  return { items, errors }
}

// ---- both ----

/**
 * Checks every row. Bounded (MAX_IMPORT_CHARS of text, MAX_IMPORT_ROWS rows) and sliced, so the largest file
 * accepted keeps other calls answering while it is read; a larger one is refused before any parsing.
 */
export async function parseImport(
  format: TransferFormat,
  content: string,
  options: ImportReadOptions = {},
): Promise<{ items: ImportItem[]; errors: ImportRowError[]; reading?: ImportReading }> {
  const refusal = tooLarge(content)
  if (refusal) return { items: [], errors: [refusal] }
  return format === 'csv' ? parseCsv(content, options) : parseJson(content)
}

export type { DateOrder }

/** A local draft as a row: `id` is the service's once the draft is scheduled there. */
export function draftRow(draft: Draft): TransferRow {
  return {
    ref: cleanRef({ id: draft.scheduleId, draftId: draft.id, updatedAt: draft.updatedAt }),
    status: draft.status,
    post: draft.post,
    localMedia: draft.localMedia,
  }
}

/**
 * Writes rows as CSV or JSON. Times go out in `timeZone` (the planner's) with the offset written, so a person
 * reads the wall-clock time they planned and the file still names one moment. CSV cells that a spreadsheet
 * would run as a formula are escaped (transfer-cells.ts); the import undoes it.
 */
export function exportRows(
  rows: TransferRow[],
  format: TransferFormat,
  now: Date,
  timeZone?: string,
  campaignOf?: CampaignLookup,
  accountOf?: AccountLookup,
): { filename: string; content: string } {
  const day = now.toISOString().slice(0, 10)
  const zoned = rows.map((r) => {
    const campaignId = campaignOf?.({ draftId: r.ref.draftId, scheduleId: r.ref.id })
    return {
      ...r,
      ref: campaignId ? { ...r.ref, campaignId } : r.ref,
      post: { ...r.post, scheduleAt: isoInZone(r.post.scheduleAt, timeZone) },
    }
  })
  if (format === 'json') {
    const content = JSON.stringify(
      {
        format: JSON_EXPORT_FORMAT,
        version: 2,
        exportedAt: now.toISOString(),
        drafts: zoned.map((r) => ({ ...r.ref, status: r.status, post: r.post, localMedia: r.localMedia })),
      },
      null,
      2,
    )
    return { filename: `mediadeck-drafts-${day}.json`, content: content + '\n' }
  }
  const content = Papa.unparse({
    fields: [...CSV_COLUMNS],
    data: zoned.map((r) => CSV_COLUMNS.map((column) => escapeCell(formatCell(column, r, accountOf)))),
  })
  return { filename: `mediadeck-drafts-${day}.csv`, content: content + '\r\n' }
}

/** Local drafts only (the CLI and tests); the app's export adds the service's posts (round-trip.ts). */
export function exportDrafts(
  drafts: Draft[],
  format: TransferFormat,
  now: Date,
  timeZone?: string,
  campaignOf?: CampaignLookup,
  accountOf?: AccountLookup,
): { filename: string; content: string } {
  return exportRows(drafts.map(draftRow), format, now, timeZone, campaignOf, accountOf)
}

/**
 * A CSV to fill in: the header and one example row, read back as one new draft. The time is written as a
 * spreadsheet shows it, in the planner's zone, a week from `now` at 09:00.
 */
export function csvTemplate(now: Date, timeZone?: string): { filename: string; content: string } {
  const zone = knownZone(timeZone) ? timeZone : 'UTC'
  const day = isoInZone(new Date(now.getTime() + 7 * 86_400_000).toISOString(), zone).slice(0, 10)
  const [year, month, date] = day.split('-')
  const example: Partial<Record<Column, string>> = {
    account: '@username',
    network: 'instagram',
    scheduleAt: `${date}/${month}/${year} 09:00`,
    type: 'text',
    title: 'A title, where the network shows one',
    description: 'Your caption here',
    'additionalInfo.tags': 'tag one; tag two',
  }
  // The columns a person fills in; the others may be added (docs/drafts-csv.md) or left out.
  const fields = Object.keys(example) as Column[]
  const content = Papa.unparse({ fields, data: [fields.map((column) => example[column] ?? '')] })
  return { filename: 'mediadeck-template.csv', content: content + '\r\n' }
}
