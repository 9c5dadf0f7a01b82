// `storage:unused` and `storage:free-up` through the app host (browser mode, its embedded sandbox), as the
// renderer calls them: a draft saved through `drafts:save` a moment before counts, although the drafts store
// writes the file later, coalesced.
import { describe, expect, it } from 'vitest'
import { emptyScheduleRequest } from '../../../common/service'
import { browserHostForFile } from './support/browser-host'
import { storeFile } from './support/stored-file'

const startedHost = browserHostForFile('doctor-host-')

describe('storage doctor calls', () => {
  it('lists unused files, counts a just-saved draft, and frees only what is still unused', async () => {
    const host = startedHost()
    const loose = await storeFile(host.active().client, 'loose.bin', 300_000)
    const drafted = await storeFile(host.active().client, 'drafted.bin', 200_000)
    const events: string[] = []
    const stop = host.events.subscribe((name, payload) => {
      if (name === 'storage:changed') events.push((payload as { reason: string }).reason)
    })

    const before = await host.call('storage:unused')
    expect(before.files.map((f) => f.id)).toEqual([loose.id, drafted.id])

    await host.call('drafts:save', {
      post: {
        ...emptyScheduleRequest(),
        accountId: '',
        scheduleAt: '',
        medias: [{ alt: '', type: 'image', url: drafted.url, thumbnail: '' }],
      },
      localMedia: [],
    })
    const after = await host.call('storage:unused')
    expect(after.files.map((f) => f.id)).toEqual([loose.id])
    expect(after.scanned.drafts).toBe(1)

    const outcome = await host.call('storage:free-up', { ids: [loose.id, drafted.id] })
    expect(outcome.deleted.map((f) => f.id)).toEqual([loose.id])
    expect(outcome.keptInUse).toEqual([{ id: drafted.id, filename: 'drafted.bin' }])
    expect(outcome.freedBytes).toBe(300_000)
    await expect(host.active().client.getFile(drafted.id)).resolves.toMatchObject({ id: drafted.id })
    await expect(host.active().client.getFile(loose.id)).rejects.toMatchObject({ kind: 'not-found' })
    expect(events).toContain('deleted')
    stop()
  })

  it('validates its requests', async () => {
    const host = startedHost()
    await expect(host.call('storage:free-up', { ids: [] })).rejects.toMatchObject({ kind: 'validation' })
    await expect(
      host.call('storage:free-up', { ids: Array.from({ length: 501 }, (_, i) => `f${i}`) }),
    ).rejects.toMatchObject({ kind: 'validation' })
  })
})
