// The app's host and the CLI's `sync` on one data folder: the CLI sends a queued draft while the host's copy
// still says "queued" (its watch for other processes' commits has not run yet). Unqueueing, deleting, editing
// or resolving it from the host is refused on the row as stored, the page hears the new state, and the post is
// on the service once: before, the host took it back to "draft", queued it again and created a second post.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import type { ListChanges } from '../../../common/list-changes'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { until } from '../../support/manual-clock'
import { cliArgs } from '../support/cli-bin'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

let root: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'host-fresh-drafts-'))
  host = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    // Held still: the host's copy is as it was before the CLI's commit, as it is for up to a second in use.
    draftsWatchTimers: { setInterval: () => 0, clearInterval: () => undefined },
  })
  // A profile of the same credentials as the CLI's: the drafts the CLI writes are this profile's.
  const { accessKey, secretKey } = host.sandbox.credentials
  const profile = await host.call('profiles:save', {
    name: 'Shop',
    baseUrl: host.sandbox.url,
    accessKey,
    secretKey,
  })
  await host.call('profiles:activate', { id: profile.id })
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

async function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { accessKey, secretKey } = host.sandbox.credentials
  const child = spawn(process.execPath, cliArgs(args), {
    cwd: ROOT,
    env: {
      ...process.env,
      MEDIADECK_BASE_URL: host.sandbox.url,
      MEDIADECK_ACCESS_KEY: accessKey,
      MEDIADECK_SECRET_KEY: secretKey,
      MEDIADECK_DATA_DIR: host.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stdout, stderr }
}

async function postsOnService(description: string): Promise<number> {
  const { docs } = await host.active().client.listSchedules({ page: 1, limit: 100 })
  return docs.filter((s) => s.description === description).length
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code ?? 'no code',
  )

describe('the host decides on the draft as stored, not on its copy', () => {
  it('refuses to unqueue, delete, edit or resolve a post the CLI has just sent; the post is sent once', async () => {
    const description = `sent by the command line ${Date.now()}`
    const accounts = await host.active().client.listAccounts({ page: 1, limit: 10 })
    const accountId = accounts.docs.find((a) => a.isConnected !== false)!._id
    const body = join(root, 'post.json')
    writeFileSync(
      body,
      JSON.stringify({
        description,
        type: 'text',
        accountId,
        scheduleAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        medias: [],
      }),
    )
    expect((await host.call('drafts:list')).length).toBe(0)
    const added = await cli('drafts', 'add', body, '--schedule')
    expect(added.code, added.stderr).toBe(0)
    // The page lists it as queued: this is the copy the host holds from now on.
    const [queued] = await host.call('drafts:list')
    expect(queued).toMatchObject({ status: 'queued', post: { description } })
    const id = queued!.id

    const synced = await cli('sync')
    expect(synced.code, synced.stderr).toBe(0)
    expect(await postsOnService(description)).toBe(1)

    const heard: Draft[] = []
    const stop = host.events.subscribe((name, payload) => {
      if (name === 'drafts:changed') heard.push(...(payload as ListChanges<Draft>).changed)
    })
    try {
      expect(await refusal(host.call('drafts:unschedule', { id }))).toBe('draft-on-service')
      // The refusal brought the stored row in: the page is told the post is scheduled (with the next change
      // event, at most 50 ms after the last one).
      await until(
        () => heard.some((d) => d.id === id && d.status === 'scheduled'),
        'the stored row sent to the page',
      )
    } finally {
      stop()
    }
    expect(await refusal(host.call('drafts:delete', { id }))).toBe('draft-on-service')
    expect(await refusal(host.call('drafts:schedule', { id }))).toBe('draft-on-service')
    expect(
      await refusal(
        host.call('drafts:save', { id, post: { ...queued!.post, title: 'edited late' }, localMedia: [] }),
      ),
    ).toBe('draft-on-service')
    expect(await refusal(host.call('drafts:resolve', { id, action: 'keep-draft' }))).toBe('draft-no-decision')

    await host.call('outbox:send-now')
    const [kept] = await host.call('drafts:list')
    expect(kept).toMatchObject({ id, status: 'scheduled' })
    expect(await postsOnService(description)).toBe(1)
  }, 120_000)
})
