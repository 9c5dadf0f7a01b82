// The event hub fans events out to every subscriber, and numbers the events several parts of main send about
// one list the page holds (the service's posts, the upload queue): 1, 2, 3 per event, from 1 again when another
// profile becomes active; the other events go as they were given.
import { describe, expect, it } from 'vitest'
import type { EventName } from '../../../common/contract'
import { computeUploadTotals } from '../../../common/uploads'
import { createEventHub } from '../../../main/host/event-hub'

function heard() {
  const hub = createEventHub()
  const events: Array<{ name: EventName; payload: unknown }> = []
  hub.subscribe((name, payload) => events.push({ name, payload }))
  return { hub, events }
}

describe('the event hub', () => {
  it('numbers schedules:changed and uploads:progress each on its own, from 1 again on a profile switch', () => {
    const { hub, events } = heard()
    const totals = computeUploadTotals([])
    hub.emit('schedules:changed', { posts: [], removed: ['s1'] })
    hub.emit('uploads:progress', { items: [], removed: [], totals })
    hub.emit('schedules:changed', { posts: [], removed: [], reload: true })
    hub.emit('profiles:switched', { profileId: 'p2' })
    hub.emit('schedules:changed', { posts: [], removed: ['s2'] })
    hub.emit('uploads:progress', { items: [], removed: ['u1'], totals })
    expect(events).toEqual([
      { name: 'schedules:changed', payload: { posts: [], removed: ['s1'], seq: 1 } },
      { name: 'uploads:progress', payload: { items: [], removed: [], totals, seq: 1 } },
      { name: 'schedules:changed', payload: { posts: [], removed: [], reload: true, seq: 2 } },
      { name: 'profiles:switched', payload: { profileId: 'p2' } },
      { name: 'schedules:changed', payload: { posts: [], removed: ['s2'], seq: 1 } },
      { name: 'uploads:progress', payload: { items: [], removed: ['u1'], totals, seq: 1 } },
    ])
  })

  it('counts the numbered events sent while no one listened: a page that links later reads its lists first', () => {
    const hub = createEventHub()
    hub.emit('schedules:changed', { posts: [], removed: [] })
    const events: unknown[] = []
    hub.subscribe((_name, payload) => events.push(payload))
    hub.emit('schedules:changed', { posts: [], removed: [] })
    expect(events).toEqual([{ posts: [], removed: [], seq: 2 }])
  })
})
