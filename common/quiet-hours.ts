// Quiet hours: a span of the day, in the computer's local time, when the app shows no system notification
// (new messages, a failed post, a disconnected account, uploads finished). Set in Settings; main's notifier
// (main/app/notifier.ts) asks isQuiet() before each one. What happened meanwhile still shows in the app.

export interface QuietHours {
  enabled: boolean
  /** Start, 'HH:MM' local time. */
  from: string
  /** End, 'HH:MM' local time; before `from`, the span runs over midnight. */
  to: string
}

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, from: '22:00', to: '07:00' }

/** 'HH:MM', 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** True when `at` (local time) is within the span: `from` included, `to` not; an equal start and end is none. */
export function isQuiet(quiet: QuietHours, at: Date): boolean {
  if (!quiet.enabled || !CLOCK_TIME.test(quiet.from) || !CLOCK_TIME.test(quiet.to)) return false
  const from = minutesOf(quiet.from)
  const to = minutesOf(quiet.to)
  const now = at.getHours() * 60 + at.getMinutes()
  if (from === to) return false
  return from < to ? now >= from && now < to : now >= from || now < to
}
