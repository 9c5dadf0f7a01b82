// A data folder on a real full file system: a small tmpfs (this runs as root in CI), filled to the last
// block. Every call that writes must fail with the reason, and what was saved before must stay as it was.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import { createConfBackend } from '../../../main/core/settings/conf-backend'
import { openAppStore } from '../../../main/core/settings/app-store'
import { draftHandlersOver } from '../../support/draft-handlers'
import type { HandlerDeps } from '../../../main/handlers/types'
import type { ActiveService } from '../../../main/core/ports'
import { NOW, samplePost } from '../../unit/core/drafts/helpers'

let mountPoint: string
/** Why the real full-disk tests cannot run here, or null when the tmpfs is mounted. */
let unavailable: string | null = null
let dataDir: string
let disposers: Array<() => void | Promise<void>> = []

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(os.tmpdir(), 'full-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountPoint], { stdio: 'pipe' })
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '')
    // Only a refusal to mount skips (an unprivileged run); any other failure is a real one.
    if (!/permission denied|only root|EPERM|not permitted/i.test(stderr)) throw error
    unavailable = `cannot mount a tmpfs here (${stderr.trim()}); the injected-ENOSPC tests in test/unit/core/drafts/draft-store.test.ts still run`
  }
})

afterAll(async () => {
  if (!unavailable) execFileSync('umount', [mountPoint])
  await rmdir(mountPoint)
})

beforeEach(async (ctx) => {
  if (unavailable) ctx.skip(unavailable)
  dataDir = await mkdtemp(path.join(mountPoint, 'data-'))
  disposers = []
})

afterEach(async () => {
  for (const dispose of disposers) await Promise.resolve(dispose()).catch(() => {})
  if (!unavailable) await rm(dataDir, { recursive: true, force: true })
})

/** Takes every free block of the file system (the write stops with ENOSPC once nothing is left). */
async function fill(): Promise<void> {
  await writeFile(path.join(dataDir, 'filler'), Buffer.alloc(1024 * 1024, 1)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  })
  await expect(writeFile(path.join(dataDir, 'probe'), 'x')).rejects.toMatchObject({ code: 'ENOSPC' })
}

const offline: ConnectionState = {
  status: 'offline',
  mode: 'sandbox',
  profileId: 'sandbox',
  profileName: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1',
  lastCheckedAt: null,
}

function deps(): HandlerDeps {
  const active: ActiveService = {
    profileId: 'sandbox',
    mode: 'sandbox',
    get client(): never {
      throw new Error('no service while offline')
    },
    get uploads(): never {
      throw new Error('no service while offline')
    },
  }
  return {
    dataDir,
    active: () => active,
    onActiveChanged: () => () => undefined,
    connection: {
      current: () => offline,
      isOnline: () => false,
      check: async () => offline,
      onChange: () => () => undefined,
    },
    emit: () => undefined,
    onDispose: (dispose) => void disposers.push(dispose),
  }
}

describe('a full disk', () => {
  it('fails drafts:save with "disk is full", lists only what is on disk, and keeps the earlier file', async () => {
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
    const kept = await handlers['drafts:save']({ post: samplePost({ title: 'kept' }), localMedia: [] })
    const file = path.join(dataDir, 'drafts.json')
    const before = await readFile(file, 'utf8')

    await fill()
    const refused = handlers['drafts:save']({ post: samplePost({ title: 'lost' }), localMedia: [] })
    await expect(refused).rejects.toMatchObject({
      kind: 'file',
      code: 'disk-full',
      message: expect.stringMatching(/disk is full \(ENOSPC\)/),
    })
    // An edit of the saved draft is refused the same way and does not show either.
    await expect(
      handlers['drafts:save']({ id: kept.id, post: samplePost({ title: 'edited' }), localMedia: [] }),
    ).rejects.toMatchObject({ code: 'disk-full' })
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.title)).toEqual(['kept'])
    expect(await readFile(file, 'utf8')).toBe(before)

    // A restart finds exactly what the calls reported as saved.
    await rm(path.join(dataDir, 'filler'))
    const restarted = draftHandlersOver(deps(), { now: () => NOW })
    expect((await restarted['drafts:list'](undefined)).map((d) => d.post.title)).toEqual(['kept'])
  })

  it('fails a settings change with "disk is full" and keeps the earlier settings', async () => {
    const store = openAppStore(createConfBackend(dataDir))
    store.set('settings', { ...store.get('settings'), theme: 'dark' })
    await fill()
    expect(() => store.set('settings', { ...store.get('settings'), theme: 'light' })).toThrow(
      expect.objectContaining({ kind: 'file', code: 'disk-full' }),
    )
    expect(store.get('settings').theme).toBe('dark')
    // Opening again on the full disk still starts, with what the file holds.
    expect(openAppStore(createConfBackend(dataDir)).get('settings').theme).toBe('dark')
  })
})
