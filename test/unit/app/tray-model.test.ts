// What the tray shows and offers, from the app's state, in the app's language.
import { describe, expect, it } from 'vitest'
import { t, type MessageLocale, type Translate } from '../../../common/messages/index'
import {
  trackTrayStatus,
  trayIconState,
  trayMenu,
  trayTitle,
  trayTooltip,
  type TrayStatus,
} from '../../../main/app/tray-model'
import { createEventHub } from '../../../main/host/event-hub'
import type { OutboxState } from '../../../common/drafts'

const tr =
  (locale: MessageLocale): Translate =>
  (key, params) =>
    t(locale, key, params)
const idle: TrayStatus = {
  connection: 'online',
  uploading: 0,
  paused: false,
  postsWaiting: 0,
  inboxUnread: 0,
  inboxUnreplied: 0,
}

describe('tray model', () => {
  it('says online, offline, uploading with a count and posts waiting', () => {
    expect(trayTooltip(idle, tr('en'))).toBe('Mediadeck\nOnline')
    expect(trayTooltip({ ...idle, connection: 'offline', uploading: 2, postsWaiting: 1 }, tr('en'))).toBe(
      'Mediadeck\nOffline\nUploading 2 files\n1 post waiting to be sent',
    )
    expect(trayTooltip({ ...idle, uploading: 1, paused: true }, tr('id'))).toBe(
      'Mediadeck\nDaring\nUnggahan dijeda\nMengunggah 1 berkas',
    )
  })

  it('says what waits for an answer in the inbox, in the tooltip, the menu and the title beside the icon', () => {
    const inbox = { ...idle, inboxUnread: 2, inboxUnreplied: 5 }
    expect(trayTooltip(inbox, tr('en'))).toBe('Mediadeck\nOnline\n5 to answer in the inbox (2 unread)')
    expect(trayTooltip({ ...idle, inboxUnreplied: 1 }, tr('en'))).toBe(
      'Mediadeck\nOnline\nOne conversation to answer in the inbox (0 unread)',
    )
    expect(trayTooltip(inbox, tr('id'))).toBe(
      'Mediadeck\nDaring\n5 perlu dijawab di kotak masuk (2 belum dibaca)',
    )
    expect(trayMenu(inbox, tr('en'))).toContainEqual({
      kind: 'status',
      label: '5 to answer in the inbox (2 unread)',
    })
    expect(trayTitle(idle)).toBe('')
    expect(trayTitle(inbox)).toBe('✉ 5')
    expect(trayTitle({ ...inbox, uploading: 2 })).toBe('2  ✉ 5')
  })

  it('offers open, send now (online only), pause or resume, and quit', () => {
    const actions = (status: TrayStatus) =>
      trayMenu(status, tr('en')).flatMap((e) => (e.kind === 'action' ? [`${e.action}:${e.enabled}`] : []))
    expect(actions(idle)).toEqual(['open:true', 'send-now:true', 'pause:true', 'quit:true'])
    expect(actions({ ...idle, connection: 'offline', paused: true })).toEqual([
      'open:true',
      'send-now:false',
      'resume:true',
      'quit:true',
    ])
  })

  it('picks the icon state', () => {
    expect(trayIconState(idle)).toBe('idle')
    expect(trayIconState({ ...idle, postsWaiting: 3 })).toBe('busy')
    expect(trayIconState({ ...idle, connection: 'unauthorized', uploading: 1 })).toBe('offline')
  })

  it('follows the host events and reports only real changes', () => {
    const events = createEventHub()
    const seen: TrayStatus[] = []
    const tracker = trackTrayStatus(events, idle, (s) => seen.push(s))
    const totals = { active: 1, queued: 2, done: 0, failed: 0, cancelled: 0, bytesSent: 0, bytesTotal: 10 }
    events.emit('uploads:progress', { items: [], removed: [], totals } as never)
    events.emit('uploads:progress', { items: [], removed: [], totals } as never)
    const counts = { draft: 0, queued: 2, sending: 1, scheduled: 0, failed: 0, 'needs-attention': 0 }
    events.emit('outbox:changed', { counts } as unknown as OutboxState)
    events.emit('connection:changed', { status: 'offline' } as never)
    tracker.set({ paused: true })
    events.emit('inbox:counts', { profileId: 'p1', unread: 1, unreplied: 4 })
    events.emit('inbox:counts', { profileId: 'p1', unread: 1, unreplied: 4 })
    expect(
      seen.map((s) => [s.uploading, s.postsWaiting, s.connection, s.paused, s.inboxUnread, s.inboxUnreplied]),
    ).toEqual([
      [3, 0, 'online', false, 0, 0],
      [3, 3, 'online', false, 0, 0],
      [3, 3, 'offline', false, 0, 0],
      [3, 3, 'offline', true, 0, 0],
      [3, 3, 'offline', true, 1, 4],
    ])
    tracker.stop()
    events.emit('connection:changed', { status: 'online' } as never)
    expect(seen).toHaveLength(5)
  })

  it("shows the active profile's inbox counts only, and the new one's after a switch", () => {
    const events = createEventHub()
    const seen: TrayStatus[] = []
    const tracker = trackTrayStatus(events, idle, (s) => seen.push(s), 'p1')
    const shown = () => [tracker.current().inboxUnread, tracker.current().inboxUnreplied]
    events.emit('inbox:counts', { profileId: 'p1', unread: 2, unreplied: 5 })
    expect(shown()).toEqual([2, 5])
    // A late count of another profile (a read of the one switched away from) is not this one's.
    events.emit('inbox:counts', { profileId: 'p0', unread: 9, unreplied: 9 })
    expect(shown()).toEqual([2, 5])
    // The switch's fresh counts may come before or after the switch itself: either way, the new profile's.
    events.emit('inbox:counts', { profileId: 'p2', unread: 1, unreplied: 1 })
    events.emit('profiles:switched', { profileId: 'p2' })
    expect(shown()).toEqual([1, 1])
    events.emit('profiles:switched', { profileId: 'p3' })
    expect(shown()).toEqual([0, 0])
    events.emit('inbox:counts', { profileId: 'p3', unread: 0, unreplied: 3 })
    events.emit('inbox:counts', { profileId: 'p2', unread: 7, unreplied: 7 })
    expect(shown()).toEqual([0, 3])
    // The first count read at start goes through the same door.
    tracker.counted({ profileId: 'p1', unread: 4, unreplied: 4 })
    expect(shown()).toEqual([0, 3])
    tracker.stop()
  })
})
