// Anything that deletes by the service's current state reads the service fresh, never the replica (issue 22):
// a replica that is stale (it was filled before a post started using a file, then a 401 marked it stale) must
// never get that file deleted by the storage doctor through the app host.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ReplicaPeek } from '../../../common/contract'
import { emptyScheduleRequest } from '../../../common/service'
import { createReplica } from '../../../main/core/replica/replica'
import { STORAGE_DOCTOR_HANDLER_NEEDS } from '../../../main/handlers/storage-doctor-handlers'
import { browserHostForFile } from './support/browser-host'
import { storeFile } from './support/stored-file'

const startedHost = browserHostForFile('doctor-fresh-')

describe('the storage doctor and a stale replica', () => {
  it('is not given the replica at all', () => {
    expect(STORAGE_DOCTOR_HANDLER_NEEDS).not.toContain('replica')
  })

  it('reaches the replica from the list handlers and the session only: no delete, doctor or dedupe path', () => {
    const main = join(__dirname, '../../../main')
    const files = readdirSync(main, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
    const readers = files
      .filter((file) =>
        /from '[./]*(core\/)?replica\/replica(-posts)?'/.test(readFileSync(join(main, file), 'utf8')),
      )
      .map((file) => relative(main, join(main, file)))
      .sort()
    expect(readers).toEqual(
      [
        'cli/commands/insights.ts', // keys its figures by replicaIdentity; reads no replica row
        'handlers/host-deps.ts',
        'core/profiles/profile-work.ts', // forgets the replica of a profile deleted or pointed at another account
        'handlers/service-handlers.ts',
        'host/profile-session.ts',
      ].sort(),
    )
    // And through the host: the handler groups given `replica` (their *_NEEDS) are the lists' alone.
    const given = files
      .filter((file) => file.startsWith('handlers/'))
      .filter((file) => /_NEEDS = \[[^\]]*'replica'/.test(readFileSync(join(main, file), 'utf8')))
      .sort()
    expect(given).toEqual([
      'handlers/automation-handlers.ts', // reports:list
      'handlers/insights-handlers.ts', // keys its figures by the replica's identity; reads no replica row
      'handlers/replica-handlers.ts', // replica:peek
      'handlers/service-handlers.ts', // accounts, schedules, automations, files, storage
    ])
  })

  it('keeps a file a post started using after the replica was last refreshed', async () => {
    const host = startedHost()
    const client = host.active().client
    const file = await storeFile(client, 'used-later.bin', 100_000)
    const at = new Date(Date.now() + 5 * 86_400_000)
    const range = {
      from: new Date(at.getTime() - 86_400_000).toISOString(),
      to: new Date(at.getTime() + 86_400_000).toISOString(),
    }
    // The replica learns the range (no post uses the file yet) and the library (the file in it).
    await host.call('schedules:list', range)
    await host.call('storage:files', { page: 1, limit: 100 })

    // Then, on the service only, a post starts using the file; the replica is marked stale (a 401).
    const accountId = (await host.call('accounts:list', {})).value.find((a) => a.isConnected)!.id
    await client.createSchedule({
      ...emptyScheduleRequest(),
      type: 'image',
      accountId,
      scheduleAt: at.toISOString(),
      medias: [{ alt: '', type: 'image', url: file.url, thumbnail: '' }],
    })
    createReplica({ database: host.database, profileId: 'sandbox', identity: 'sandbox' }).markStale()
    const peeked = (await host.call('replica:peek', {
      what: 'schedules',
      request: range,
    })) as ReplicaPeek<'schedules'>
    expect(peeked?.stale).toBe(true)
    // What the replica says: nothing uses the file.
    expect(peeked!.value.flatMap((p) => p.medias.map((m) => m.url))).not.toContain(file.url)

    expect((await host.call('storage:unused')).files.map((f) => f.id)).not.toContain(file.id)
    const outcome = await host.call('storage:free-up', { ids: [file.id] })
    expect(outcome.deleted).toEqual([])
    expect(outcome.keptInUse).toEqual([{ id: file.id, filename: 'used-later.bin' }])
    await expect(client.getFile(file.id)).resolves.toMatchObject({ id: file.id })
  })
})
