// Rule: main uploads only the bytes of a file the person picked or dropped in this app, whatever a draft, an
// import or a store on disk says. Main keeps that record itself (persisted, keyed by the path and the file's
// identity) and checks it when it opens the file to read it. These tests drive the same calls a page has (the
// contract's handlers, as the preload and the browser-mode bridge expose them) against the real embedded
// sandbox, and look for the secret's bytes anywhere the service could have stored them.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Draft } from '../../common/drafts'
import { emptyScheduleRequest } from '../../common/service'
import { DATABASE_FILE, openDatabase } from '../../main/core/db/database'
import { createAppHost, type AppHost } from '../../main/host/app-host'
import { sqlOf } from '../../main/core/db/handle'

const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}
/** A valid 1×1 PNG, so the engine's type probe agrees with the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let root: string
let dataDir: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-grants-'))
  dataDir = join(root, 'data')
  host = await createAppHost({ dataDir, mode: 'browser', ...fast })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

function write(relative: string, content: string | Buffer): string {
  const path = join(root, relative)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}

/** Every file under `dir` whose bytes contain `marker`: where the service could have kept an upload. */
function filesContaining(dir: string, marker: string): string[] {
  const found: string[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile() && readFileSync(full).includes(marker)) found.push(full)
    }
  }
  walk(dir)
  return found
}

async function futurePost(description: string) {
  const accounts = (await host.call('accounts:list', {})).value
  const account = accounts.find((a) => a.isConnected !== false) ?? accounts[0]!
  return {
    ...emptyScheduleRequest(),
    accountId: account._id,
    description,
    type: 'image',
    scheduleAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  }
}

function mediaOf(path: string, extra: Record<string, unknown> = {}) {
  return {
    id: `m-${path.length}`,
    path,
    name: path.split('/').at(-1)!,
    size: statSync(path).size,
    mimetype: 'image/png',
    alt: '',
    type: 'image',
    thumbnail: '',
    ...extra,
  }
}

/** Sends the outbox until the draft leaves the outbox's hands (scheduled, failed or needing attention). */
async function sendAndSettle(id: string): Promise<Draft> {
  for (let i = 0; i < 40; i++) {
    await host.call('outbox:send-now')
    const draft = await host.call('drafts:get', { id })
    if (!['queued', 'sending'].includes(draft.status)) return draft
    await new Promise((r) => setTimeout(r, 100))
  }
  return host.call('drafts:get', { id })
}

describe('a page cannot publish a file the person did not pick', () => {
  it('import with an uploadedUrl, save without it, schedule: the secret is never read nor uploaded', async () => {
    const marker = `SECRET-KEY-MATERIAL-${Date.now()}`
    const secret = write('home/.ssh/id_ed25519.png', `-----BEGIN OPENSSH PRIVATE KEY-----\n${marker}\n`)
    const post = await futurePost('harmless looking post')
    const imported = await host.call('drafts:import', {
      format: 'json',
      content: JSON.stringify([
        {
          post,
          localMedia: [{ ...mediaOf(secret), uploadedUrl: 'https://storage.repliz.com/uploads/x.png' }],
        },
      ]),
    })
    const id = imported.imported[0]?.id
    // The import may refuse it outright; if it took it, the later steps must still fail.
    if (id !== undefined) {
      const draft = await host.call('drafts:get', { id })
      const strippedMedia = draft.localMedia.map(({ uploadedUrl: _dropped, ...rest }) => rest)
      await host
        .call('drafts:save', { id, post: draft.post, localMedia: strippedMedia })
        .then(() => host.call('drafts:schedule', { id }))
        .then(() => sendAndSettle(id))
        .catch((error: unknown) => error)
      const after = await host.call('drafts:get', { id })
      expect(after.status).not.toBe('scheduled')
    }
    expect(filesContaining(dataDir, marker)).toEqual([])
  })

  it('a draft naming an unpicked file is refused on save, whatever the stored draft already had', async () => {
    const picked = write('pictures/holiday.png', PNG)
    await host.call('files:grant-dropped', { paths: [picked] })
    const post = await futurePost('two photos')
    const draft = await host.call('drafts:save', { post, localMedia: [mediaOf(picked)] })
    const other = write('home/.gnupg/secring.png', 'not picked')
    await expect(
      host.call('drafts:save', { id: draft.id, post, localMedia: [mediaOf(picked), mediaOf(other)] }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'localMedia' })
  })

  it('a picked path whose file was replaced by another is not read', async () => {
    const marker = `REPLACED-${Date.now()}`
    const picked = write('pictures/replaced.png', PNG)
    await host.call('files:grant-dropped', { paths: [picked] })
    const post = await futurePost('replaced file')
    const draft = await host.call('drafts:save', { post, localMedia: [mediaOf(picked)] })
    // Another file takes the picked one's path (a rename over it: a new inode, as an attacker would do it).
    const swapped = write('home/secret-notes.png', marker)
    renameSync(swapped, picked)
    await host.call('drafts:schedule', { id: draft.id })
    const settled = await sendAndSettle(draft.id)
    expect(settled.status).not.toBe('scheduled')
    expect(JSON.stringify(settled.error ?? settled.attention)).toMatch(/pick|drop|add/i)
    expect(filesContaining(dataDir, marker)).toEqual([])
    // uploads:start takes the same door.
    await expect(host.call('uploads:start', { paths: [picked] })).rejects.toMatchObject({
      kind: 'validation',
    })
  })

  it('remembers what was picked across a restart, so a queued draft still sends', async () => {
    const picked = write('pictures/queued.png', PNG)
    await host.call('files:grant-dropped', { paths: [picked] })
    const post = await futurePost('queued before a restart')
    const draft = await host.call('drafts:save', { post, localMedia: [mediaOf(picked)] })
    await host.close()
    host = await createAppHost({ dataDir, mode: 'browser', ...fast })
    expect(host.grants.isGranted(picked)).toBe(true)
    await host.call('drafts:schedule', { id: draft.id })
    const settled = await sendAndSettle(draft.id)
    expect(settled.status).toBe('scheduled')
    expect(settled.localMedia[0]!.uploadedUrl).toMatch(/^https?:\/\//)
  })

  it('a grant record planted in the database without a real pick does not open a file of another identity', async () => {
    const marker = `PLANTED-${Date.now()}`
    const target = write('home/.aws/credentials.png', marker)
    await host.close()
    // A record naming the path but with made-up identity: what a tampered database could say.
    const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
    sqlOf(database)
      .prepare(
        "INSERT OR REPLACE INTO file_grants (kind, path, dev, ino, granted_at) VALUES ('file', ?, '1', '1', ?)",
      )
      .run(target, new Date().toISOString())
    database.close()
    host = await createAppHost({ dataDir, mode: 'browser', ...fast })
    await expect(host.call('uploads:start', { paths: [target] })).rejects.toMatchObject({
      kind: 'validation',
    })
    expect(filesContaining(dataDir, marker)).toEqual([])
  })

  it('a queued draft planted in the drafts file on disk does not get an unpicked file read', async () => {
    const marker = `PLANTED-IN-STORE-${Date.now()}`
    const target = write('home/.password-store/bank.png', marker)
    const picked = write('pictures/for-store.png', PNG)
    await host.call('files:grant-dropped', { paths: [picked] })
    const post = await futurePost('store tampering')
    const draft = await host.call('drafts:save', { post, localMedia: [mediaOf(picked)] })
    await host.close()
    // The stored draft says its media is another file: the save door is bypassed entirely.
    const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
    sqlOf(database).prepare('UPDATE drafts SET body = replace(body, ?, ?)').run(picked, target)
    database.close()
    host = await createAppHost({ dataDir, mode: 'browser', ...fast })
    await host.call('drafts:schedule', { id: draft.id })
    const settled = await sendAndSettle(draft.id)
    expect(settled.status).not.toBe('scheduled')
    expect(filesContaining(dataDir, marker)).toEqual([])
  })
})
