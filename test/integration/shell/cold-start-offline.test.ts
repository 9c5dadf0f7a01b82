// A cold start without the service (issue 22), through the app host against a real sandbox over HTTP that is
// stopped and started again on the same port: the saved profile is started on (never the built-in Sandbox), the
// replica answers the accounts, the month of posts, the automations, the library and the storage figures, a
// post queued for a known account waits, and is created exactly once when the service is back.
import { describe, expect, it, vi } from 'vitest'
import type { ReplicaPeek } from '../../../common/contract'
import type { AppHost } from '../../../main/host/app-host'
import { clientFor, postFor } from '../drafts/helpers'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('cold-start-')
const { startApp } = harness

const month = () => {
  const at = new Date(Date.now() + 3 * 86_400_000)
  return {
    from: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString(),
    to: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) - 1).toISOString(),
  }
}

describe('a cold start offline', () => {
  it('starts on the saved profile from its replica, and sends a post queued offline exactly once', async () => {
    // 1. Online: a profile for the service, and the views it fills.
    const online = await startApp()
    const profile = await online.call('profiles:save', {
      name: 'Work',
      baseUrl: harness.service.url,
      accessKey: 'demo',
      secretKey: 'demo-secret',
    })
    await online.call('profiles:activate', { id: profile.id })
    const accounts = await online.call('accounts:list', {})
    const posts = await online.call('schedules:list', month())
    const automations = await online.call('automations:list', { page: 1, limit: 20 })
    const files = await online.call('storage:files', { page: 1, limit: 100 })
    const stats = await online.call('storage:stats')
    expect(accounts.value.length).toBeGreaterThan(0)
    await online.close()

    // 2. The service goes away; the app starts again.
    await harness.stopService()
    const offline = await startApp()
    expect(offline.profiles.activeId()).toBe(profile.id)
    const peek = <W extends Parameters<AppHost['call']>[1] & { what: string }>(request: W) =>
      offline.call('replica:peek', request as never)
    expect(((await peek({ what: 'accounts' })) as ReplicaPeek<'accounts'>)?.value).toEqual(accounts.value)
    expect(
      ((await peek({ what: 'schedules', request: month() })) as ReplicaPeek<'schedules'>)?.value,
    ).toEqual(posts.value)
    expect(
      ((await peek({ what: 'automations', request: { page: 1, limit: 20 } })) as ReplicaPeek<'automations'>)
        ?.value,
    ).toEqual(automations.value)
    expect(
      ((await peek({ what: 'files', request: { page: 1, limit: 100 } })) as ReplicaPeek<'files'>)?.value,
    ).toEqual(files)
    expect(((await peek({ what: 'storage' })) as ReplicaPeek<'storage'>)?.value).toEqual(stats)
    // The live calls answer the same copy, saying it is stale.
    expect(await offline.call('accounts:list', {})).toMatchObject({ stale: true, value: accounts.value })
    expect(await offline.call('schedules:list', month())).toMatchObject({ stale: true, value: posts.value })
    expect(await offline.call('storage:stats')).toMatchObject({ ...stats, stale: true })
    expect(await offline.call('connection:check')).toMatchObject({ status: 'offline', profileId: profile.id })

    // 3. A post for a known account is queued, and waits.
    const accountId = accounts.value.find((a) => a.isConnected)!.id
    const post = postFor(accountId)
    const draft = await offline.call('drafts:save', { post, localMedia: [] })
    await offline.call('drafts:schedule', { id: draft.id })
    expect((await offline.call('drafts:get', { id: draft.id })).status).toBe('queued')

    // 4. The service is back on the same port: the outbox sends the post, once.
    await harness.startService()
    expect(await offline.call('connection:check')).toMatchObject({ status: 'online' })
    await vi.waitFor(
      async () => expect((await offline.call('drafts:get', { id: draft.id })).status).toBe('scheduled'),
      { timeout: 10_000 },
    )
    await offline.call('outbox:send-now')
    const client = clientFor(harness.service.url)
    const created = (await client.listSchedules({ page: 1, limit: 100, ...month() })).docs.filter(
      (s) => s.description === post.description,
    )
    await client.close()
    expect(created).toHaveLength(1)
  })

  it('starts on a saved profile whose secret is gone, and says why instead of switching', async () => {
    const app = await startApp({ secretVault: undefined })
    const saved = app.profiles.activeId()
    expect(saved).not.toBe('sandbox')
    expect(await app.call('connection:check')).toMatchObject({
      status: 'unauthorized',
      profileId: saved,
      error: { code: 'profile-secret-lost', params: { name: 'Work' } },
    })
    // The replica still answers (stale: nothing can refresh it); its uploads wait for the secret.
    expect(await app.call('replica:peek', { what: 'accounts' })).toMatchObject({ stale: true })
    expect(app.active().uploads.isPaused()).toBe(true)
  })
})

describe('a profile edited', () => {
  it("forgets the profile's replica when its access key changes", async () => {
    const app = await startApp()
    const id = app.profiles.activeId()
    await app.call('profiles:save', {
      id,
      name: 'Work',
      baseUrl: harness.service.url,
      accessKey: 'demo',
      secretKey: 'demo-secret',
    })
    await app.call('accounts:list', {})
    expect(await app.call('replica:peek', { what: 'accounts' })).toMatchObject({ stale: false })
    // The same profile now names another user of the service: nothing the first one saw may show.
    await app.call('profiles:save', {
      id,
      name: 'Work',
      baseUrl: harness.service.url,
      accessKey: 'other',
      secretKey: 'other-secret',
    })
    expect(app.profiles.activeId()).toBe(id)
    expect(await app.call('replica:peek', { what: 'accounts' })).toBeNull()
    expect(await app.call('replica:peek', { what: 'schedules', request: month() })).toBeNull()
  })
})
