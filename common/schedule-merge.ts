// What PUT /public/schedule/{id} is sent when a post the service holds is edited: the service replaces the post's
// members whole (additionalInfo included), so every member the service sent that the editor does not show is
// carried over from the post as read, and the editor's values win where it has them.
import type { CreateScheduleRequest, Schedule, UpdateScheduleRequest } from './service'

type Loose = Record<string, unknown>

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The update body for `original` as changed by `edit` (the editor's post). */
export function mergeScheduleEdit(original: Schedule, edit: CreateScheduleRequest): UpdateScheduleRequest {
  const info = isObject(original.additionalInfo) ? original.additionalInfo : {}
  // A medium kept by the editor keeps the members the service sent with it (matched by its address).
  const sentMedia = new Map(original.medias.map((m) => [m.url, m as Loose]))
  return {
    ...edit,
    meta: { ...(isObject(original.meta) ? original.meta : {}), ...edit.meta },
    additionalInfo: { ...info, ...edit.additionalInfo },
    medias: edit.medias.map((m) => ({ ...(sentMedia.get(m.url) ?? {}), ...m })),
  }
}
