// What the tray says and offers, computed from the app's state without Electron: the tooltip lines, the
// menu entries and which icon state to show. main/app/tray.ts turns the model into a Tray and a Menu.
import type { ConnectionStatus } from '../../common/app-state'
import type { OutboxState } from '../../common/drafts'
import type { InboxCounts } from '../../common/inbox'
import type { EventHub } from '../host/event-hub'
import type { Translate } from '../../common/messages/index'
import type { UploadTotals } from '../../common/uploads'

export interface TrayStatus {
  connection: ConnectionStatus
  /** Files moving or waiting their turn in the upload queue. */
  uploading: number
  paused: boolean
  /** Posts the outbox has yet to send (queued or being sent). */
  postsWaiting: number
  /** The active profile's inbox (common/inbox.ts InboxCounts): chats not read, conversations to answer. */
  inboxUnread: number
  inboxUnreplied: number
}

export type TrayAction = 'open' | 'send-now' | 'pause' | 'resume' | 'quit'

export type TrayMenuEntry =
  | { kind: 'status'; label: string }
  | { kind: 'action'; action: TrayAction; label: string; enabled: boolean }
  | { kind: 'separator' }

export function trayLines(status: TrayStatus, tr: Translate): string[] {
  const lines = [tr(`tray.${status.connection}`)]
  if (status.paused) lines.push(tr('tray.paused'))
  if (status.uploading > 0) lines.push(tr('tray.uploading', { count: status.uploading }))
  if (status.postsWaiting > 0) lines.push(tr('tray.postsWaiting', { count: status.postsWaiting }))
  if (status.inboxUnreplied > 0)
    lines.push(tr('tray.inbox', { count: status.inboxUnreplied, unread: status.inboxUnread }))
  return lines
}

export function trayTooltip(status: TrayStatus, tr: Translate): string {
  return [tr('tray.tooltip'), ...trayLines(status, tr)].join('\n')
}

export function trayMenu(status: TrayStatus, tr: Translate): TrayMenuEntry[] {
  return [
    ...trayLines(status, tr).map((label): TrayMenuEntry => ({ kind: 'status', label })),
    { kind: 'separator' },
    { kind: 'action', action: 'open', label: tr('tray.open'), enabled: true },
    {
      kind: 'action',
      action: 'send-now',
      label: tr('tray.sendNow'),
      // Sending needs the service; offline the outbox would only say so.
      enabled: status.connection === 'online',
    },
    status.paused
      ? { kind: 'action', action: 'resume', label: tr('tray.resume'), enabled: true }
      : { kind: 'action', action: 'pause', label: tr('tray.pause'), enabled: true },
    { kind: 'separator' },
    { kind: 'action', action: 'quit', label: tr('tray.quit'), enabled: true },
  ]
}

/** The title beside the icon (macOS): what goes out, and what waits for an answer (✉ N); empty when neither. */
export function trayTitle(status: TrayStatus): string {
  const outgoing = trayIconState(status) === 'busy' ? String(status.uploading + status.postsWaiting) : ''
  const inbox = status.inboxUnreplied > 0 ? `✉ ${status.inboxUnreplied}` : ''
  return [outgoing, inbox].filter(Boolean).join('  ')
}

/** Which icon: offline (or refused keys) dims it, activity marks it. */
export function trayIconState(status: TrayStatus): 'idle' | 'busy' | 'offline' {
  if (status.connection === 'offline' || status.connection === 'unauthorized') return 'offline'
  return status.uploading > 0 || status.postsWaiting > 0 ? 'busy' : 'idle'
}

/** The inbox's counts as the tray keeps them. */
export function inboxCountsOf(counts: InboxCounts): Pick<TrayStatus, 'inboxUnread' | 'inboxUnreplied'> {
  return { inboxUnread: counts.unread, inboxUnreplied: counts.unreplied }
}

export function uploadingCount(totals: UploadTotals): number {
  return totals.active + totals.queued
}

export function postsWaitingCount(outbox: OutboxState): number {
  return outbox.counts.queued + outbox.counts.sending
}

/**
 * Follows the events every transport sees and calls `onChange` with the new status when what the tray shows
 * changed. Pausing is not an event (only the tray does it) and the outbox's first state is read, not sent:
 * `set` reports those. The inbox's counts are the active profile's (`profileId`, then each switch): counts of
 * another profile, sent late or for a profile switched away from, are kept for when it is active again but not
 * shown.
 */
export function trackTrayStatus(
  events: EventHub,
  initial: TrayStatus,
  onChange: (status: TrayStatus) => void,
  profileId?: string,
): {
  current(): TrayStatus
  set(patch: Partial<TrayStatus>): void
  /** The inbox's counts of a profile, shown if it is the active one. */
  counted(counts: InboxCounts): void
  stop(): void
} {
  let status = { ...initial }
  let active = profileId
  /** The last counts of each profile: a switch's fresh counts may arrive before the switch itself. */
  const counts = new Map<string, InboxCounts>()
  const update = (patch: Partial<TrayStatus>) => {
    const next = { ...status, ...patch }
    if (
      next.connection === status.connection &&
      next.uploading === status.uploading &&
      next.paused === status.paused &&
      next.postsWaiting === status.postsWaiting &&
      next.inboxUnread === status.inboxUnread &&
      next.inboxUnreplied === status.inboxUnreplied
    )
      return
    status = next
    onChange({ ...status })
  }
  const counted = (next: InboxCounts) => {
    counts.set(next.profileId, next)
    if (active === undefined || next.profileId === active) update(inboxCountsOf(next))
  }
  const switched = (id: string) => {
    active = id
    const known = counts.get(id)
    update(known ? inboxCountsOf(known) : { inboxUnread: 0, inboxUnreplied: 0 })
  }
  const stop = events.subscribe((name, payload) => {
    if (name === 'connection:changed')
      update({ connection: (payload as { status: ConnectionStatus }).status })
    else if (name === 'uploads:progress')
      update({ uploading: uploadingCount((payload as { totals: UploadTotals }).totals) })
    else if (name === 'outbox:changed') update({ postsWaiting: postsWaitingCount(payload as OutboxState) })
    else if (name === 'inbox:counts') counted(payload as InboxCounts)
    else if (name === 'profiles:switched') switched((payload as { profileId: string }).profileId)
  })
  return {
    current: () => ({ ...status }),
    set: update,
    counted,
    stop,
  }
}
