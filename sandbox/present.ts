// Turns stored records into the service's wire shapes: `id` next to `_id`, `__v`, the account summary
// joined in, and sandbox-relative picture/media paths resolved against the running origins.
import type { AccountRecord, AutomationRecord, FileRecord, ScheduleRecord } from './model'
import type { Origins } from './context'

export function resolveUrl(url: string, origins: Origins): string {
  if (url.startsWith('/__sandbox/')) return origins.api + url
  if (url.startsWith('/uploads/')) return origins.storage + url
  return url
}

export function publicUrl(key: string, origins: Origins): string {
  return `${origins.storage}/${key}`
}

export function presentAccount(a: AccountRecord, origins: Origins) {
  return { ...a, picture: resolveUrl(a.picture, origins), __v: 0, id: a._id }
}

export function presentAccountSummary(a: AccountRecord, origins: Origins) {
  const { _id, generatedId, name, username, picture, isConnected, type } = a
  return {
    _id,
    generatedId,
    name,
    username,
    picture: resolveUrl(picture, origins),
    isConnected,
    type,
    id: _id,
  }
}

function presentMedias<T extends { url?: unknown; thumbnail?: unknown }>(medias: T[], origins: Origins): T[] {
  return medias.map((m) => ({
    ...m,
    ...(typeof m.url === 'string' ? { url: resolveUrl(m.url, origins) } : {}),
    ...(typeof m.thumbnail === 'string' ? { thumbnail: resolveUrl(m.thumbnail, origins) } : {}),
  }))
}

export function presentAutomation(a: AutomationRecord, account: AccountRecord | undefined, origins: Origins) {
  return {
    _id: a._id,
    detail: {
      ...a.detail,
      owner: { ...a.detail.owner, picture: resolveUrl(a.detail.owner.picture, origins) },
      medias: presentMedias(a.detail.medias as { url?: unknown; thumbnail?: unknown }[], origins),
    },
    config: a.config,
    accountId: a.accountId,
    userId: a.userId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    __v: 0,
    ...(account ? { account: presentAccountSummary(account, origins) } : {}),
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
