// The client against the real sandbox for what the newer OpenAPI added: the plan's add-ons, the add-on
// helpers (with the fallback to their older paths, under the sandbox's legacyAddonPaths switch), WhatsApp
// channels, and a round trip of the newer create examples that keeps every member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import { DEFAULT_MUSIC_VOLUME, type CreateScheduleRequest } from '../../../common/service'
import { createServiceClient, type ServiceClient } from '../../../main/core/service-client'
import { call, startTestSandbox, TEST_CONFIG, type TestSandbox } from '../sandbox/helpers'
import { readOpenApi, requestExamples } from '../../support/openapi-examples'

const MUSIC = { genre: 'ALL', countryCode: 'ID', dateRange: '7DAY' }

function clientOf(t: TestSandbox): ServiceClient {
  return createServiceClient({
    baseUrl: t.sandbox.url,
    accessKey: 'demo',
    secretKey: 'demo-secret',
    retry: { maxRetries: 0 },
  })
}

describe('the client and the newer service', () => {
  let t: TestSandbox
  let client: ServiceClient
  let whatsappId: string
  let facebookId: string
  beforeAll(async () => {
    t = await startTestSandbox()
    client = clientOf(t)
    const accounts = await client.listAccounts({ page: 1, limit: 50 })
    whatsappId = accounts.docs.find((a) => a.type === 'whatsapp')!.id
    facebookId = accounts.docs.find((a) => a.type === 'facebook')!.id
  })
  afterAll(async () => {
    await client?.close()
    await t?.stop()
  })

  it('reads the add-ons, a link card, the music chart and the WhatsApp channels', async () => {
    expect(await client.addons()).toEqual({ account: 0, operator: 0, storage: 0, twitter: 0 })
    expect(await client.linkMetadata('https://repliz.com/blog')).toMatchObject({
      title: 'repliz.com',
      url: 'https://repliz.com/blog',
    })
    expect((await client.tiktokMusic(MUSIC)).length).toBeGreaterThan(2)
    const channels = await client.whatsappChannels(whatsappId)
    expect(channels.map((c) => c.type)).toEqual(['channel', 'group', 'group'])
    await expect(client.whatsappChannels(facebookId)).rejects.toMatchObject({ kind: 'validation' })
  })

  it('creates every newer create example, and an edit written back keeps every member', async () => {
    const examples = requestExamples(readOpenApi('service-openapi-newer.json'), 'post', '/public/schedule')
    const channel = (await client.whatsappChannels(whatsappId))[0]!
    const scheduleAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString()
    for (const [name, example] of Object.entries(examples)) {
      const body = {
        ...(example as object),
        accountId: whatsappId,
        scheduleAt,
      } as CreateScheduleRequest
      // Mediadeck always sends a volume (common/service.ts); one example leaves it out, so it gets the default.
      const music = {
        ...body.additionalInfo.music,
        volume: body.additionalInfo.music.volume ?? DEFAULT_MUSIC_VOLUME,
      }
      body.additionalInfo = { ...body.additionalInfo, music, channel }
      const { scheduleId } = await client.createSchedule(body)
      // What the app holds, edited as the composer would: a new text, the music louder, nothing else touched.
      const read = await client.getSchedule(scheduleId)
      const edit = {
        title: `${name}: edited`,
        description: read.description,
        type: read.type,
        medias: read.medias.map((m) => ({ alt: m.alt, type: m.type, thumbnail: m.thumbnail, url: m.url })),
        additionalInfo: { music: { volume: { video: 30, music: 90 } } },
        scheduleAt,
      }
      await client.updateSchedule(scheduleId, mergeScheduleEdit(read, edit) as CreateScheduleRequest)
      const raw = (await call(t.sandbox.url, 'GET', `/public/schedule/${scheduleId}`)).json as Record<
        string,
        unknown
      >
      const sent = body as unknown as Record<string, unknown>
      const { music: _music, ...infoSent } = sent.additionalInfo as Record<string, unknown>
      expect(raw.title, name).toBe(`${name}: edited`)
      expect(raw.additionalInfo, name).toMatchObject({
        ...infoSent,
        music: { ...(sent.additionalInfo as { music: object }).music, volume: { video: 30, music: 90 } },
      })
      // Every member sent is kept; the composer fills an absent alt or cover with ''.
      expect(raw.medias, name).toMatchObject(sent.medias as object[])
      expect(raw.replies, name).toEqual((sent.replies as object[]).map((r) => ({ status: 'pending', ...r })))
    }
  })
})

describe('the client and a service from before /public/addon/', () => {
  let t: TestSandbox
  let client: ServiceClient
  beforeAll(async () => {
    t = await startTestSandbox({ config: { ...TEST_CONFIG, legacyAddonPaths: true } })
    client = clientOf(t)
  })
  afterAll(async () => {
    await client?.close()
    await t?.stop()
  })

  it('falls back to the older paths for link metadata and music, again on every call', async () => {
    expect(await client.linkMetadata('https://repliz.com')).toMatchObject({ title: 'repliz.com' })
    expect(await client.linkMetadata('https://example.org')).toMatchObject({ title: 'example.org' })
    expect((await client.tiktokMusic({ ...MUSIC, genre: 'JAZZ' })).map((m) => m.name)).toEqual(['Kopi Pagi'])
  })

  it('says the WhatsApp channels are not there: no older path exists', async () => {
    const accounts = await client.listAccounts({ page: 1, limit: 50 })
    const whatsapp = accounts.docs.find((a) => a.type === 'whatsapp')!
    await expect(client.whatsappChannels(whatsapp.id)).rejects.toMatchObject({ kind: 'not-found' })
  })
})
