// The reply outbox reads its rows through their declaration: a queued reply whose media is not JSON is set
// aside whole (rows_set_aside) and the other replies are still listed and sent. And a process without an
// uploader (the app) leaves a reply with a file on this computer queued for the one that queued it (the CLI).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { sqlOf } from '../../../../main/core/db/handle'
import { createLeases } from '../../../../main/core/db/leases'
import { createReplyOutbox } from '../../../../main/core/inbox/reply-outbox'
import type { ServiceClient } from '../../../../main/core/service-client'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

/** No request may leave: every method of this client fails the test. */
const noClient = new Proxy({} as ServiceClient, {
  get: (_target, key) => () => {
    throw new Error(`unexpected call ${String(key)}`)
  },
})

function outbox() {
  const database = openDatabase({ file: join(mkdtempSync(join(tmpdir(), 'mediadeck-replies-')), 'x.db') })
  opened.push(database)
  const box = createReplyOutbox({
    database,
    leases: createLeases(database),
    profileId: 'p1',
    client: () => noClient,
    now: () => new Date('2026-11-28T10:00:00.000Z'),
  })
  return { database, box }
}

describe('the reply outbox rows', () => {
  it('sets aside a reply whose media is not JSON and lists the others', () => {
    const { database, box } = outbox()
    const kept = box.queue({ targetId: 'c1', text: 'Masih kak', media: [] })
    const broken = box.queue({ targetId: 'c2', text: 'Rusak', media: [] })
    sqlOf(database).prepare("UPDATE inbox_replies SET media = 'oops' WHERE id = ?").run(broken.id)
    expect(box.list().map((r) => r.id)).toEqual([kept.id])
    expect(box.get(broken.id)).toBeUndefined()
    expect(sqlOf(database).prepare('SELECT source, reason FROM rows_set_aside').all()).toEqual([
      { source: 'inbox_replies', reason: expect.stringContaining('media: not JSON') },
    ])
  })

  it('leaves a reply with a local file queued when this process cannot upload', async () => {
    const { box } = outbox()
    const queued = box.queue({
      targetId: 'h1',
      text: 'Ini fotonya',
      media: [
        { source: '/tmp/a.png', kind: 'image', mimetype: 'image/png', path: '/tmp/a.png', name: 'a.png' },
      ],
    })
    const result = await box.sync()
    expect(result).toEqual({ sent: [], failed: [], waiting: [], attention: [] })
    expect(box.get(queued.id)).toMatchObject({ state: 'queued', partsSent: 0, marker: null })
  })
})
