// A failed post fixed and sent again against the real sandbox: the sandbox's publisher refuses a post that breaks
// a network's rule on every try (the demo Instagram post's 3:1 panorama), so an unchanged retry fails again and
// an edited one publishes; a service that will not update the post gets a replacement, the failed one deleted;
// and the account's retry budget holds bulk resends back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import type { CreateScheduleRequest, Schedule } from '../../../common/service'
import { fixFailedPost } from '../../../main/core/posts/fix-failed-post'
import { createRetryBudget } from '../../../main/core/retry-budget'
import { createServiceClient, type ServiceClient } from '../../../main/core/service-client'
import { startSandbox, type RunningSandbox } from '../../../sandbox'

const USER = { accessKey: 'fix-demo', secretKey: 'fix-demo-secret' }
const PUBLISH_MS = 1000

let dir: string
let sandbox: RunningSandbox
let client: ServiceClient
const clock = { offsetMs: 0 }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-fix-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    config: { users: [{ ...USER, tier: 'premium', storageLimit: 1024 ** 3, seed: 'demo' }], randomSeed: 5 },
    now: () => new Date(Date.now() + clock.offsetMs),
    publisherIntervalMs: 0,
    publishDurationMs: PUBLISH_MS,
  })
  client = createServiceClient({ baseUrl: sandbox.url, ...USER })
})
afterAll(async () => {
  await client.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Lets the publisher take the due posts and finish them. */
async function publish() {
  await sandbox.tick()
  clock.offsetMs += PUBLISH_MS
  await sandbox.tick()
}

async function failedOn(type: string): Promise<Schedule> {
  const accounts = (await client.listAccounts({ page: 1, limit: 100 })).docs
  const account = accounts.find((a) => a.type === type)!
  const page = await client.listSchedules({ page: 1, limit: 100, status: 'error', accountIds: [account._id] })
  return page.docs[0]!
}

/** The post as the editor sends it: the members it shows, nothing the service added. */
function editOf(post: Schedule, change: Partial<CreateScheduleRequest>): CreateScheduleRequest {
  const info = post.additionalInfo as CreateScheduleRequest['additionalInfo']
  return {
    title: post.title,
    description: post.description,
    type: post.type,
    topic: post.topic,
    medias: post.medias.map(({ alt, type, thumbnail, url }) => ({ alt, type, thumbnail, url })),
    meta: { title: '', description: '', url: '' },
    additionalInfo: {
      isAiGenerated: info.isAiGenerated,
      isDraft: false,
      isAutoAddMusic: info.isAutoAddMusic,
      collaborators: info.collaborators,
      music: info.music,
      products: info.products,
      tags: info.tags,
      mentions: info.mentions,
      link: info.link,
      targetCountries: info.targetCountries,
    },
    replies: [],
    accountId: post.accountId,
    scheduleAt: post.scheduleAt,
    ...change,
  }
}

describe('the sandbox refuses a broken post deterministically', () => {
  it('fails the demo Instagram panorama again on an unchanged retry, naming the file and its shape', async () => {
    const post = await failedOn('instagram')
    expect(post.errorMessage).toMatch(
      /aspect ratio must be between 4:5 and 1.91:1; kuliner-malam-panorama.png/,
    )
    await client.retrySchedule(post._id)
    expect((await client.getSchedule(post._id)).status).toBe('pending')
    await publish()
    const again = await client.getSchedule(post._id)
    expect(again.status).toBe('error')
    expect(again.errorMessage).toBe(
      'instagram rejected the media: aspect ratio must be between 4:5 and 1.91:1; kuliner-malam-panorama.png is 3:1',
    )
  })

  it('keeps an updated failed post in error until it is retried', async () => {
    const post = await failedOn('instagram')
    await client.updateSchedule(post._id, editOf(post, { description: 'Diedit saja' }))
    const updated = await client.getSchedule(post._id)
    expect(updated.status).toBe('error')
    expect(updated.description).toBe('Diedit saja')
  })
})

describe('fixFailedPost', () => {
  it('updates the post with a picture Instagram takes, retries it, and it publishes', async () => {
    const post = await failedOn('instagram')
    const files = (await client.listFiles({ page: 1, limit: 100 })).docs
    const wide = files.find((f) => f.filename === 'promo-gula-aren.png')! // 160 x 100: 1.6:1
    // Members the editor does not show, set on the service side beforehand (the service's own client does).
    await client.updateSchedule(post._id, {
      ...editOf(post, {}),
      additionalInfo: {
        ...editOf(post, {}).additionalInfo,
        isShareToFeed: true,
        firstComment: 'Link di bio',
      } as CreateScheduleRequest['additionalInfo'],
    })
    const budget = createRetryBudget({ now: () => new Date() })
    const result = await fixFailedPost(
      { client, budget },
      post._id,
      editOf(post, {
        medias: [{ alt: 'Kuliner', type: 'image', thumbnail: wide.url, url: wide.url }],
      }),
    )
    expect(result).toEqual({ id: post._id, outcome: 'updated', sent: true, warned: false })
    expect(budget.status(post.accountId).used).toBe(1)
    await publish()
    const published = await client.getSchedule(post._id)
    expect(published.status).toBe('success')
    expect(published.medias.map((m) => m.url)).toEqual([wide.url])
    // What the editor does not show is the service's, and stays as it was.
    expect(published.additionalInfo).toMatchObject({
      targetCountries: ['ID'],
      isShareToFeed: true,
      firstComment: 'Link di bio',
    })
  })

  it('sends a replacement and deletes the failed post when the service will not update it', async () => {
    const post = await failedOn('tiktok')
    sandbox.setFaults({ scheduleUpdateStatus: 405 })
    try {
      const result = await fixFailedPost(
        { client, budget: createRetryBudget({ now: () => new Date() }) },
        post._id,
        editOf(post, { description: 'Versi baru' }),
      )
      expect(result.outcome).toBe('replaced')
      expect(result.sent).toBe(true)
      expect(result.id).not.toBe(post._id)
      await expect(client.getSchedule(post._id)).rejects.toMatchObject({ kind: 'not-found' })
      const replacement = await client.getSchedule(result.id)
      expect(replacement).toMatchObject({ description: 'Versi baru', accountId: post.accountId })
      expect(replacement.status).toBe('pending')
    } finally {
      sandbox.setFaults({})
    }
  })

  it('holds a bulk resend back past the account budget, and says when it frees up', async () => {
    const post = await failedOn('threads')
    const now = new Date('2026-12-01T10:00:00Z')
    const budget = createRetryBudget({ now: () => now, limit: 1 })
    budget.take(post.accountId, 'bulk')
    const result = await fixFailedPost({ client, budget }, post._id, editOf(post, {}), 'bulk')
    expect(result.sent).toBe(false)
    expect(result.error).toMatchObject({ kind: 'rate-limited', code: 'retry-budget' })
    expect(result.error?.retryAt).toBe('2026-12-01T11:00:00.000Z')
    expect((await client.getSchedule(post._id)).status).toBe('error')
    // One by hand goes all the same, and is warned about.
    const manual = await fixFailedPost({ client, budget }, post._id, editOf(post, {}), 'manual')
    expect(manual).toMatchObject({ sent: true, warned: true })
  })

  it('passes any other refusal of the update on, changing nothing', async () => {
    const post = await failedOn('threads')
    const error = await fixFailedPost(
      { client, budget: createRetryBudget({ now: () => new Date() }) },
      'ffffffffffffffffffffffff',
      editOf(post, {}),
    ).catch((e: unknown) => AppError.from(e))
    expect(error).toMatchObject({ kind: 'not-found' })
  })
})
