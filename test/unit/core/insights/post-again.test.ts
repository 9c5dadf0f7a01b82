// "Post again" against the real sandbox over HTTP and a real database file: a published post's whole text and
// media come from the service (the copy keeps only its first line); with the service gone, the copy's part is
// given and said to be partial; a post neither knows is an error, not an empty draft.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { openInsightsStore, type InsightsStore } from '../../../../main/core/insights/insights-store'
import { postAgainDraft } from '../../../../main/core/insights/post-again'
import { createServiceClient, type ServiceClient } from '../../../../main/core/service-client'
import type { RunningSandbox } from '../../../../sandbox'
import { publishedPost, startHistorySandbox } from '../../../support/insights-history'

const IG = '6f00000000000000000000d1'
const KEYS = { accessKey: 'again', secretKey: 'again-secret' }
const POST = 'again1'.padEnd(24, '0')
const TEXT = 'Kopi susu gula aren\nNow in every branch, from 7 am.\n#kopi'
const PICTURE = 'https://cdn.example.test/kopi.jpg'

let sandbox: RunningSandbox
let database: AppDatabase
let store: InsightsStore
let client: ServiceClient
let stopped = false

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-post-again-'))
  const post = {
    ...publishedPost(POST, IG, Date.now() - 86_400_000, { description: TEXT }),
    medias: [{ type: 'image', url: PICTURE, thumbnail: PICTURE, alt: '' }],
  }
  sandbox = await startHistorySandbox({
    dir: join(dir, 'sandbox'),
    keys: KEYS,
    accountId: IG,
    schedules: [post],
  })
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  store = openInsightsStore(database)
  // The copy as a refresh leaves it: the list's first line and picture.
  store.savePosts(
    'p',
    IG,
    'instagram',
    [
      {
        contentId: POST,
        type: 'image',
        publishedAt: Date.now() - 86_400_000,
        title: 'Kopi susu gula aren',
        thumbnail: PICTURE,
      },
    ],
    Date.now(),
  )
  client = createServiceClient({ baseUrl: sandbox.url, ...KEYS, retry: { maxRetries: 0 } })
})
afterAll(async () => {
  await client?.close()
  database?.close()
  if (!stopped) await sandbox?.close()
})

describe('post again', () => {
  it("copies the published post's whole text and media from the service", async () => {
    const draft = await postAgainDraft(client, store, 'p', IG, POST)
    expect(draft).toMatchObject({ accountId: IG, description: TEXT, type: 'image', partial: false })
    expect(draft.medias.map((m) => m.url)).toEqual([expect.stringContaining('kopi.jpg')])
  })

  it('refuses a post the service does not have, rather than making an empty draft', async () => {
    const missing = await postAgainDraft(client, store, 'p', IG, 'nothere'.padEnd(24, '0')).catch(
      (e: unknown) => e,
    )
    expect(missing).toBeInstanceOf(AppError)
    expect((missing as AppError).kind).toBe('not-found')
  })

  it("gives the copy's first line and picture, said to be partial, when the service cannot be reached", async () => {
    await sandbox.close()
    stopped = true
    const draft = await postAgainDraft(client, store, 'p', IG, POST)
    expect(draft).toMatchObject({ description: 'Kopi susu gula aren', partial: true })
    expect(draft.medias).toEqual([{ type: 'image', url: PICTURE, thumbnail: PICTURE, alt: '' }])
    // Offline and not in the copy either: the failure, not an empty draft.
    const unknown = await postAgainDraft(client, store, 'p', IG, 'nothere'.padEnd(24, '0')).catch(
      (e: unknown) => e,
    )
    expect(AppError.from(unknown).kind).toMatch(/network|offline|timeout/)
  })
})
