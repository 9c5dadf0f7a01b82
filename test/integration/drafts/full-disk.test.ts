// A data folder on a real full file system: a small tmpfs (this runs as root in CI), filled to the last
// block. Every call that writes must fail with the reason, and what was saved before must stay as it was.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import { createConfBackend } from '../../../main/core/settings/conf-backend'
import { openAppStore } from '../../../main/core/settings/app-store'
import { openDatabase } from '../../../main/core/db/database'
import { draftHandlersOver } from '../../support/draft-handlers'
import type { HandlerDeps } from '../../../main/handlers/types'
import type { ActiveService } from '../../../main/core/ports'
import { NOW, samplePost } from '../../unit/core/drafts/helpers'
import { sqlOf } from '../../../main/core/db/handle'

let mountPoint: string
/** Why the real full-disk tests cannot run here, or null when the tmpfs is mounted. */
let unavailable: string | null = null
let dataDir: string
let disposers: Array<() => void | Promise<void>> = []

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(os.tmpdir(), 'full-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'pipe' })
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '')
    // Only a refusal to mount skips (an unprivileged run); any other failure is a real one.
    if (!/permission denied|only root|EPERM|not permitted/i.test(stderr)) throw error
    unavailable = `cannot mount a tmpfs here (${stderr.trim()}); the max_page_count full-database test in test/unit/core/drafts/draft-store.test.ts still runs`
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
  await writeFile(path.join(dataDir, 'filler'), Buffer.alloc(8 * 1024 * 1024, 1)).catch((error: unknown) => {
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
  it('fails drafts:save with "disk is full" or saves it for good: a restart finds exactly what was reported saved', async () => {
    const handlers = draftHandlersOver(deps(), { now: () => NOW })
    await handlers['drafts:save']({ post: samplePost({ title: 'kept' }), localMedia: [] })

    await fill()
    // SQLite may still have room in pages it holds already (its write-ahead log): then the save is committed
    // and durable. Otherwise it fails with the reason, and nothing of it shows.
    const reported: string[] = ['kept']
    for (const title of ['new 1', 'new 2', 'new 3']) {
      try {
        await handlers['drafts:save']({ post: samplePost({ title }), localMedia: [] })
        reported.push(title)
      } catch (error) {
        expect(error).toMatchObject({ kind: 'file', code: 'disk-full' })
        expect((error as Error).message).toMatch(/Could not save the drafts: the disk is full/)
      }
    }
    expect(reported.length, 'the disk refused nothing').toBeLessThan(4)
    // The list is what is on disk.
    const titles = (await handlers['drafts:list'](undefined)).map((d) => d.post.title)
    expect(titles.sort()).toEqual([...reported].sort())

    // A restart finds exactly what the calls reported as saved.
    await rm(path.join(dataDir, 'filler'))
    const restarted = draftHandlersOver(deps(), { now: () => NOW })
    const after = (await restarted['drafts:list'](undefined)).map((d) => d.post.title)
    expect(after.sort()).toEqual([...reported].sort())
  })

  it('a database made on a full disk fails with the disk as its reason, and nothing half-made is taken for it', async () => {
    await fill()
    const file = path.join(dataDir, 'mediadeck.db')
    expect(() => openDatabase({ file })).toThrow(/disk is full|database or disk is full|SQLITE_FULL/i)
    await rm(path.join(dataDir, 'filler'))
    // With room again, the same file opens and is made whole.
    const database = openDatabase({ file })
    expect(sqlOf(database).prepare('PRAGMA user_version').get()).not.toEqual({ user_version: 0 })
    database.close()
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
