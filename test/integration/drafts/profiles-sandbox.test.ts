// Drafts belong to the profile they were written for, through the handlers as the app composes them, against
// the real sandbox with two users standing for two profiles: switching profiles must never send one
// account's queued posts (its account ids, its media URLs) through the other.
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import type { ServiceClient } from '../../../main/core/service-client'
import type { UploadEngine } from '../../../main/core/uploads/upload-engine'
import { draftHandlersOver } from '../../support/draft-handlers'
import type { HandlerDeps } from '../../../main/handlers/types'
import type { ActiveService } from '../../../main/core/ports'
import type { RunningSandbox } from '../../../sandbox/index'
import {
  clientFor,
  connectedAccountId,
  engineFor,
  otherUser,
  postFor,
  sandboxOn,
  tempFolder,
} from './helpers'

let dir: string
let cleanup: () => Promise<void>
let sandbox: RunningSandbox
let profiles: Record<'a' | 'b', { client: ServiceClient; uploads: UploadEngine }>
let activeId: 'a' | 'b'
let online: boolean
const activeListeners = new Set<(active: ActiveService) => void>()
const disposers: Array<() => void | Promise<void>> = []

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('drafts-profiles-'))
  sandbox = await sandboxOn(path.join(dir, 'sandbox'))
  const a = clientFor(sandbox.url)
  const b = clientFor(sandbox.url, otherUser)
  profiles = {
    a: { client: a, uploads: engineFor(a, path.join(dir, 'a')) },
    b: { client: b, uploads: engineFor(b, path.join(dir, 'b')) },
  }
  activeId = 'a'
  online = false
})

afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose()
  activeListeners.clear()
  for (const { client, uploads } of Object.values(profiles)) {
    await uploads.close?.()
    await client.close()
  }
  await sandbox.close()
  await cleanup()
})

function active(): ActiveService {
  return { profileId: activeId, mode: 'sandbox', ...profiles[activeId] }
}

function switchTo(id: 'a' | 'b'): void {
  activeId = id
  for (const listener of activeListeners) listener(active())
}

function deps(): HandlerDeps {
  const state = (): ConnectionState => ({
    status: online ? 'online' : 'offline',
    mode: 'sandbox',
    profileId: activeId,
    profileName: activeId,
    baseUrl: sandbox.url,
    lastCheckedAt: null,
  })
  return {
    dataDir: path.join(dir, 'data'),
    active,
    onActiveChanged: (listener) => {
      activeListeners.add(listener)
      return () => activeListeners.delete(listener)
    },
    connection: {
      current: state,
      isOnline: () => online,
      check: async () => state(),
      onChange: () => () => undefined,
    },
    emit: () => undefined,
    onDispose: (dispose) => void disposers.push(dispose),
  }
}

async function postsWith(client: ServiceClient, description: string) {
  const page = await client.listSchedules({ page: 1, limit: 100 })
  return page.docs.filter((s) => s.description === description)
}

describe('drafts per profile, against the sandbox', () => {
  it('does not send a post queued under A while B is active, and sends it once A is active again', async () => {
    const handlers = draftHandlersOver(deps())
    // Written offline under A, for one of A's accounts.
    const post = postFor(await connectedAccountId(profiles.a.client))
    const saved = await handlers['drafts:save']({ post, localMedia: [] })
    expect((await handlers['drafts:schedule']({ id: saved.id })).status).toBe('queued')

    switchTo('b')
    online = true
    const underB = await handlers['outbox:send-now'](undefined)
    expect(underB.counts.queued).toBe(0)
    expect(await handlers['drafts:list'](undefined)).toEqual([])
    expect(await postsWith(profiles.b.client, post.description)).toEqual([])
    expect(await postsWith(profiles.a.client, post.description)).toEqual([])

    switchTo('a')
    const underA = await handlers['outbox:send-now'](undefined)
    expect(underA.counts).toMatchObject({ queued: 0, sending: 0, failed: 0, scheduled: 1 })
    const [draft] = await handlers['drafts:list'](undefined)
    expect(draft).toMatchObject({ id: saved.id, profileId: 'a', status: 'scheduled' })
    const onService = await postsWith(profiles.a.client, post.description)
    expect(onService.map((s) => s._id)).toEqual([draft!.scheduleId])
    expect(await postsWith(profiles.b.client, post.description)).toEqual([])
  })
})
