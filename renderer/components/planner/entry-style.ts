// One colour per status, from the design tokens so light and dark both work. Local posts (drafts and the
// outbox) have a dashed edge, the service's posts a solid one: "is it on the service yet?" at a glance.
import type { EntryStatus } from '../../lib/planner/calendar'

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info'

export const STATUS_TONE: Record<EntryStatus, Tone> = {
  draft: 'neutral',
  queued: 'info',
  sending: 'info',
  'needs-attention': 'warning',
  failed: 'danger',
  scheduled: 'accent',
  pending: 'accent',
  process: 'warning',
  success: 'success',
  error: 'danger',
}

/** The statuses the legend lists, in the order a post moves through them. */
export const LEGEND: readonly EntryStatus[] = ['draft', 'queued', 'pending', 'process', 'success', 'error']

/** The drag's data type; its value is the calendar entry's key (`draft:<id>` or `post:<id>`). */
export const DRAG_TYPE = 'application/x-mediadeck-draft'
