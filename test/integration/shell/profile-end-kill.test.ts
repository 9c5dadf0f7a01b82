// kill -9 in the middle of a profile's delete and of an edit that names another account: a real host in a
// child process, on a real data folder, stopped by SIGKILL at a known point (it says so and then blocks), then
// the folder opened again by another host. Before, an edit killed between its save and the end of the old
// account's work left that account's queued reply and inbox copy with the new account, to be sent with its
// keys; a delete killed after its work left and before the profile went kept a profile emptied of its work.
// Now each records what it began in the same write as the change, and the next open finishes it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sqlOf } from '../../../main/core/db/handle'
import { openDraftStore } from '../../../main/core/drafts/draft-store'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { sampleDraft } from '../../unit/core/drafts/helpers'
import { queueReply } from './support/profile-work'
import { killedAtMid as killedAtMidOf, repoModule } from '../../support/killed-at-mid'

const root = mkdtempSync(join(tmpdir(), 'profile-end-kill-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

// No service is asked: the profile is not the active one and has no upload, so its end is rows only.
const OLD = { baseUrl: 'http://127.0.0.1:9', accessKey: 'old-key', secretKey: 'old-secret' }
const NEW = { baseUrl: 'http://127.0.0.1:9', accessKey: 'new-key', secretKey: 'new-secret' }

const open = (dataDir: string): Promise<AppHost> => createAppHost({ dataDir, mode: 'browser' })

/** A data folder with one saved profile (not the active one) holding a draft, a reply and an inbox copy. */
async function folderWithWork(name: string): Promise<{ dataDir: string; profileId: string }> {
  const dataDir = join(root, name)
  const host = await open(dataDir)
  try {
    const profile = await host.call('profiles:save', { name: 'Client', ...OLD })
    const drafts = await openDraftStore(host.database, { dataDir })
    drafts.put(sampleDraft({ id: `${name}-queued`, profileId: profile.id, status: 'queued' }))
    queueReply(host.database, profile.id, 'comment-of-the-old-account')
    createInboxStore(host.database).save(profile.id, [], { complete: true, now: new Date() })
    return { dataDir, profileId: profile.id }
  } finally {
    await host.close()
  }
}

/**
 * Opens a host on `dataDir` in a child, lets `patch` set where it stops (by calling `mid()`), runs `call`,
 * and kills the child with SIGKILL once it says it reached that point.
 */
async function killedAtMid(dataDir: string, patch: string, call: string): Promise<void> {
  const signal = await killedAtMidOf(`
    const { createAppHost } = await import(${repoModule('main/host/app-host.ts')})
    const { sqlOf } = await import(${repoModule('main/core/db/handle.ts')})
    const host = await createAppHost({ dataDir: ${JSON.stringify(dataDir)}, mode: 'browser' })
    const db = sqlOf(host.database)
    ${patch}
    await ${call}
    writeSync(1, 'finished\\n')`)
  expect(signal).toBe('SIGKILL')
}

/** Stops when a statement of `sql` is prepared: inside the transaction that runs it. */
const atStatement = (sql: string) => `
    const prepare = db.prepare.bind(db)
    db.prepare = (text) => {
      if (text.includes(${JSON.stringify(sql)})) mid()
      return prepare(text)
    }`

/** Stops once the store's method `name` has done its work, before the handler goes on. */
const afterStoreCall = (name: string) => `
    const done = host.profiles.${name}.bind(host.profiles)
    host.profiles.${name} = (...args) => {
      const result = done(...args)
      mid()
      return result
    }`

/** Stops as the store's method `name` is called, before it does anything. */
const atStoreCall = (name: string) => `
    host.profiles.${name} = () => mid()`

/** What is left of a profile after the reopen: whether it is listed, and its rows of each kind. */
function leftOf(host: AppHost, profileId: string) {
  const db = sqlOf(host.database)
  const count = (sql: string) => Number((db.prepare(sql).get(profileId) as { n: number }).n)
  return {
    listed: host.profiles.views().some((view) => view.id === profileId),
    drafts: count('SELECT count(*) AS n FROM drafts WHERE profile_id = ?'),
    replies: count('SELECT count(*) AS n FROM inbox_replies WHERE profile_id = ?'),
    inbox: count('SELECT count(*) AS n FROM inbox_scopes WHERE scope = ?'),
  }
}

const ALL_BEFORE = { listed: true, drafts: 1, replies: 1, inbox: 1 }
const ALL_AFTER = { listed: false, drafts: 0, replies: 0, inbox: 0 }

describe('kill -9 mid-way through a profile’s delete', () => {
  it.each([
    ['inside the transaction that removes its work', 'delete-a', atStatement('DELETE FROM campaigns WHERE')],
    ['after its work went, before the profile itself', 'delete-b', atStoreCall('delete')],
  ])(
    '%s: the reopen finds all of it or none of it',
    async (_point, folder, patch) => {
      const { dataDir, profileId } = await folderWithWork(folder)
      await killedAtMid(dataDir, patch, `host.call('profiles:delete', { id: ${JSON.stringify(profileId)} })`)

      const host = await open(dataDir)
      try {
        const left = leftOf(host, profileId)
        expect([ALL_BEFORE, ALL_AFTER]).toContainEqual(left)
        // Not listed is not enough: a profile left in the file (hidden) would still be the CLI's and its rows'.
        if (!left.listed) expect(host.profiles.get(profileId)).toBeUndefined()
        expect(host.profiles.unfinishedEnds()).toEqual([])
      } finally {
        await host.close()
      }
    },
    240_000,
  )
})

describe('kill -9 between the save of another access key and the end of the old account’s work', () => {
  it.each([
    ['just after the save', 'edit-a', afterStoreCall('save')],
    ['inside the transaction that removes its replies', 'edit-b', atStatement('DELETE FROM inbox_replies')],
  ])(
    '%s: the reopen attaches no reply or copy of the old account to the new',
    async (_point, folder, patch) => {
      const { dataDir, profileId } = await folderWithWork(folder)
      const save = { id: profileId, name: 'Client', ...NEW }
      await killedAtMid(dataDir, patch, `host.call('profiles:save', ${JSON.stringify(save)})`)

      const host = await open(dataDir)
      try {
        // The edit was saved: the profile names the new account.
        expect(host.profiles.get(profileId)).toMatchObject({ accessKey: NEW.accessKey })
        // Its queued post stays with the profile (the person's own writing); the old account's reply and copy go.
        expect(leftOf(host, profileId)).toEqual({ listed: true, drafts: 1, replies: 0, inbox: 0 })
        expect(createInboxStore(host.database).fetchedAt(profileId)).toBeNull()
        expect(await host.call('profiles:held-work', { id: profileId })).toMatchObject({ replies: 0 })
        expect(host.profiles.unfinishedEnds()).toEqual([])
      } finally {
        await host.close()
      }
    },
    240_000,
  )
})
