// Stored files' pictures through the hosts' picture route (main/host/pictures.ts) against a real sandbox over
// HTTP: the composer's address of a stored picture (common/pictures.ts) is answered with the file's bytes,
// fetched from the sandbox's storage origin once; the library's thumbnail address with the bytes the page
// kept; and both still answer once the sandbox is gone. A picture larger than main keeps is refused, and the
// composer's second address, the thumbnail, answers for it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_THUMBNAIL_BYTES } from '../../../common/contract'
import { storedPictureAddresses } from '../../../common/pictures'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { directDispatcher } from '../../../main/core/http/network'
import {
  createThumbnailCache,
  THUMBNAILS_DIR,
  type ThumbnailCache,
} from '../../../main/core/thumbnails/thumbnail-cache'
import { silentLogger } from '../../../main/host/logging'
import { createPictureServer, type PictureServer } from '../../../main/host/pictures'
import { avatarPng } from '../../../sandbox/images'
import { startTestSandbox, uploadFile, type TestSandbox } from '../sandbox/helpers'
import { sqlOf } from '../../../main/core/db/handle'

let t: TestSandbox | undefined
let dataDir: string
let database: AppDatabase
let pictures: PictureServer
/** One cache, as the host shares it between thumbnails:put and the picture route (main/host/app-host.ts). */
let thumbnails: ThumbnailCache

/** The query main reads from a page-relative address, as the app:// protocol and the browser server pass it. */
const queryOf = (address: string) => new URL(address, 'app://mediadeck/').searchParams

function serve(baseUrl: string, maxItemBytes?: number): PictureServer {
  return createPictureServer({
    dataDir,
    database,
    thumbnails,
    sandbox: { running: false, port: 0 },
    // A profile that points at the sandbox as at a service: its storage origin is the service's own host.
    active: () => ({ profileId: 'p1', mode: 'service', client: { baseUrl } }),
    account: () => 'p1-account',
    network: directDispatcher,
    log: silentLogger,
    ...(maxItemBytes ? { store: { maxItemBytes } } : {}),
  })
}

beforeEach(async () => {
  t = await startTestSandbox()
  dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-stored-pictures-'))
  database = openDatabase({ file: join(dataDir, 'mediadeck.db') })
  thumbnails = createThumbnailCache({
    dir: join(dataDir, THUMBNAILS_DIR),
    maxBytes: 10 * MAX_THUMBNAIL_BYTES,
    maxItemBytes: MAX_THUMBNAIL_BYTES,
  })
})

afterEach(async () => {
  await pictures?.close()
  await t?.stop()
  t = undefined
  database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('stored pictures on the picture route', () => {
  it('answers a stored picture and its library thumbnail from main, online and after the sandbox stops', async () => {
    const original = avatarPng('Kopi', 400)
    const thumbnail = avatarPng('Kopi', 64)
    const file = await uploadFile(t!.sandbox.url, original, { filename: 'kopi.png', mimetype: 'image/png' })
    expect(new URL(file.url).origin).toBe(t!.sandbox.storageUrl)
    pictures = serve(t!.sandbox.url)
    const [pictureAt, thumbnailAt] = storedPictureAddresses(file.url)

    const fetched = await pictures.answer(queryOf(pictureAt!))
    expect(fetched.status).toBe(200)
    expect(fetched.headers['content-type']).toBe('image/png')
    expect(Buffer.from(fetched.body as Buffer).equals(original)).toBe(true)
    // The page made the tile's thumbnail and main keeps it (thumbnails:put).
    expect((await pictures.answer(queryOf(thumbnailAt!))).status).toBe(404)
    await thumbnails.put(file.url, thumbnail)

    await t!.stop()
    t = undefined
    const offline = await pictures.answer(queryOf(pictureAt!))
    expect(offline.status).toBe(200)
    expect(Buffer.from(offline.body as Buffer).equals(original)).toBe(true)
    const kept = await pictures.answer(queryOf(thumbnailAt!))
    expect(kept.status).toBe(200)
    expect(Buffer.from(kept.body as Buffer).equals(thumbnail)).toBe(true)
  })

  it('refuses a picture larger than main keeps, keeping nothing, and the thumbnail answers for it', async () => {
    const original = avatarPng('Besar', 400)
    const file = await uploadFile(t!.sandbox.url, original, { filename: 'besar.png', mimetype: 'image/png' })
    pictures = serve(t!.sandbox.url, Math.floor(original.length / 2))
    const [pictureAt, thumbnailAt] = storedPictureAddresses(file.url)

    const refused = await pictures.answer(queryOf(pictureAt!))
    expect(refused.status).toBe(502)
    expect(String(refused.body)).toMatch(/more than the .* kept/)
    expect(sqlOf(database).prepare('SELECT COUNT(*) AS n FROM pictures').get()).toEqual({ n: 0 })

    const thumbnail = avatarPng('Besar', 64)
    await thumbnails.put(file.url, thumbnail)
    const fallback = await pictures.answer(queryOf(thumbnailAt!))
    expect(fallback.status).toBe(200)
    expect(Buffer.from(fallback.body as Buffer).equals(thumbnail)).toBe(true)
  })
})
