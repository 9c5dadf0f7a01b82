// The body written back for an edited post: the original record with the edit over it, every member kept.
// Built from the newer published OpenAPI's own examples (sandbox/reference/service-openapi-newer.json).
import { describe, expect, it } from 'vitest'
import { mergeScheduleEdit, SCHEDULE_ANSWER_ONLY_MEMBERS } from '../../../common/schedule-merge'
import { scheduleSchema } from '../../../common/service'
import { readOpenApi, requestExamples, responseExample } from '../../support/openapi-examples'

const newer = readOpenApi('service-openapi-newer.json')

/** A WhatsApp post as the service answers it: the GET example, with a create example's additionalInfo and
 * the first channel GET /public/addon/whatsapp/channel lists, plus a member no copy documents yet. */
function whatsappPost(): Record<string, unknown> {
  const record = structuredClone(responseExample(newer, 'get', '/public/schedule/{scheduleId}')) as Record<
    string,
    unknown
  >
  const create = requestExamples(newer, 'post', '/public/schedule')['additionalInfoTag'] as Record<
    string,
    unknown
  >
  const channels = responseExample(newer, 'get', '/public/addon/whatsapp/channel') as {
    docs: Record<string, unknown>[]
  }
  record.additionalInfo = {
    ...(create.additionalInfo as object),
    channel: channels.docs[0],
    futureFlag: 'kept',
  }
  record.templateId = '680affa5ce12f2f72916f67e'
  ;(record.medias as Record<string, unknown>[])[0]!.customThumbnail = true
  return record
}

/** Every leaf of `value` as "path = value", for comparing two posts member by member. */
function leaves(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [`${path} = ${JSON.stringify(value)}`]
  return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k))
}

describe('mergeScheduleEdit', () => {
  it('keeps every member of a newer record the editor does not show, through the client read schema', () => {
    const original = whatsappPost()
    // What the app holds: the record as the client reads it (common/service.ts keeps unknown members).
    const read = scheduleSchema.parse(original)
    const edit = {
      title: 'A new title',
      description: 'New words',
      type: 'text',
      medias: [{ alt: 'a cat', type: 'image', thumbnail: '', url: 'https://storage.repliz.com/video.mp4' }],
      additionalInfo: { isAiGenerated: true, music: { volume: { video: 20, music: 80 } } },
      scheduleAt: '2026-10-05T07:41:58.486Z',
    }
    const body = mergeScheduleEdit(read, edit) as Record<string, unknown>

    const edited = new Set([
      'title',
      'description',
      'scheduleAt',
      'medias.0.alt',
      'medias.0.thumbnail',
      'additionalInfo.isAiGenerated',
      'additionalInfo.music.volume.video',
      'additionalInfo.music.volume.music',
    ])
    const answerOnly = new Set<string>(SCHEDULE_ANSWER_ONLY_MEMBERS)
    const expected = leaves(original).filter((l) => {
      const path = l.split(' = ')[0]!
      return !edited.has(path) && !answerOnly.has(path.split('.')[0]!)
    })
    expect(leaves(body)).toEqual(expect.arrayContaining(expected))
    expect(body.additionalInfo).toMatchObject({
      channel: { id: '120363413774168194@newsletter', name: 'Boom', type: 'channel' },
      futureFlag: 'kept',
      isAiGenerated: true,
      music: { volume: { video: 20, music: 80 } },
    })
    expect(body).toMatchObject({ title: 'A new title', templateId: '680affa5ce12f2f72916f67e' })
    expect((body.medias as object[])[0]).toEqual({
      alt: 'a cat',
      type: 'image',
      thumbnail: '',
      url: 'https://storage.repliz.com/video.mp4',
      customThumbnail: true,
    })
    for (const key of SCHEDULE_ANSWER_ONLY_MEMBERS) expect(body).not.toHaveProperty(key)
  })

  it('removes a member the edit sets to undefined, and a medium the edit leaves out', () => {
    const original = whatsappPost()
    const body = mergeScheduleEdit(original, { medias: [], additionalInfo: { channel: undefined } }) as {
      medias: unknown[]
      additionalInfo: Record<string, unknown>
    }
    expect(body.medias).toEqual([])
    expect(body.additionalInfo).not.toHaveProperty('channel')
    expect(body.additionalInfo).toHaveProperty('futureFlag', 'kept')
  })

  it('changes neither argument and shares nothing with them', () => {
    const original = whatsappPost()
    const before = JSON.stringify(original)
    const edit = { additionalInfo: { tags: ['one'] } }
    const body = mergeScheduleEdit(original, edit) as { additionalInfo: { tags: string[]; channel: object } }
    body.additionalInfo.tags.push('two')
    expect(JSON.stringify(original)).toBe(before)
    expect(edit.additionalInfo.tags).toEqual(['one'])
    expect(body.additionalInfo.channel).not.toBe((original.additionalInfo as { channel: object }).channel)
  })

  it('lays a new medium, matched by nothing, over the list as it is', () => {
    const body = mergeScheduleEdit(whatsappPost(), {
      medias: [{ type: 'video', url: 'https://storage.repliz.com/other.mp4' }],
    }) as { medias: unknown[] }
    expect(body.medias).toEqual([{ type: 'video', url: 'https://storage.repliz.com/other.mp4' }])
  })
})
