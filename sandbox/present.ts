// Turns stored records into the service's wire shapes: `id` next to `_id`, `__v`, the account summary
// joined in, and sandbox-relative picture/media paths resolved against the running origins.
import type { AccountRecord, AutomationRecord, FileRecord, ScheduleRecord } from './model'
import type { Origins } from './context'

/** A stored member as sort text: records inserted raw (drifting, see RunningSandbox.insertRecords) may lack it. */
export function orderText(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

export function resolveUrl(url: string, origins: Origins): string
export function resolveUrl(url: string | undefined, origins: Origins): string | undefined
export function resolveUrl(url: string | undefined, origins: Origins): string | undefined {
  if (typeof url !== 'string') return url
  if (url.startsWith('/__sandbox/')) return origins.api + url
  if (url.startsWith('/uploads/')) return origins.storage + url
  return url
}

export function publicUrl(key: string, origins: Origins): string {
  return `${origins.storage}/${key}`
}

export function presentAccount(a: AccountRecord, origins: Origins) {
  // The default rules are not part of any account answer the service documents.
  const { automationDefaults: _defaults, ...rest } = a
  return { ...rest, ...withPicture(a.picture, origins), __v: 0, id: a._id }
}

/** An account without a picture (older accounts, some platforms) has no `picture` member at all. */
function withPicture(picture: string | undefined, origins: Origins): { picture?: string } {
  return picture === undefined ? {} : { picture: resolveUrl(picture, origins) }
}

function presentMedias<T extends { url?: unknown; thumbnail?: unknown }>(medias: T[], origins: Origins): T[] {
  if (!Array.isArray(medias)) return medias
  return medias.map((m) => ({
    ...m,
    ...(typeof m.url === 'string' ? { url: resolveUrl(m.url, origins) } : {}),
    ...(typeof m.thumbnail === 'string' ? { thumbnail: resolveUrl(m.thumbnail, origins) } : {}),
  }))
}

export function presentAutomation(a: AutomationRecord, account: AccountRecord | undefined, origins: Origins) {
  // Records inserted raw may lack any member; present what is there.
  const detail = a.detail as Partial<AutomationRecord['detail']> | undefined
  return {
    _id: a._id,
    ...(detail
      ? {
          detail: {
            ...detail,
            ...(detail.owner
              ? { owner: { ...detail.owner, ...withPicture(detail.owner.picture, origins) } }
              : {}),
            ...(detail.medias
              ? { medias: presentMedias(detail.medias as { url?: unknown; thumbnail?: unknown }[], origins) }
              : {}),
          },
        }
      : {}),
    config: a.config,
    accountId: a.accountId,
    userId: a.userId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    __v: 0,
    // Whole, as the newer OpenAPI's automation list shows it (userId, createdAt, updatedAt, __v included): a
    // superset of the summary the older copy showed.
    ...(account ? { account: presentAccount(account, origins) } : {}),
    id: a._id,
  }
}

export function presentFile(f: FileRecord, origins: Origins) {
  return { ...f, url: publicUrl(f.key, origins), __v: 0, id: f._id }
}

export function presentSchedule(s: ScheduleRecord, account: AccountRecord | undefined, origins: Origins) {
  const { processUntil: _internal, ...rest } = s
  return {
    ...rest,
    medias: presentMedias(s.medias, origins),
    __v: 0,
    ...(account ? { account: presentAccount(account, origins) } : {}),
    id: s._id,
  }
}
