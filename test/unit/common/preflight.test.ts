import { describe, expect, it } from 'vitest'
import { characterCount, describePreflightIssue, preflight } from '../../../common/preflight'
import { PUBLISHING_LIMITS } from '../../../common/publishing-limits'
import { ACCOUNT_TYPES, SCHEDULE_TYPE_PLATFORMS } from '../../../common/service'

describe('publishing limits', () => {
  it('covers every account type, each figure with the public page that states it', () => {
    expect(Object.keys(PUBLISHING_LIMITS).sort()).toEqual([...ACCOUNT_TYPES].sort())
    for (const limits of Object.values(PUBLISHING_LIMITS)) {
      const figures = [
        limits.captionLength,
        limits.maxMedia,
        limits.postTypes,
        limits.image?.formats,
        limits.image?.maxBytes,
        limits.image?.aspectRatio,
        limits.video?.formats,
        limits.video?.maxBytes,
        limits.video?.durationSeconds,
        limits.video?.aspectRatio,
      ].filter((f) => f !== undefined)
      for (const figure of figures) expect(figure.source).toMatch(/^https:\/\/\S+/)
    }
  })

  it('takes the post types from the service’s own table', () => {
    expect(PUBLISHING_LIMITS.instagram.postTypes.value).toEqual(
      Object.entries(SCHEDULE_TYPE_PLATFORMS)
        .filter(([, networks]) => networks.includes('instagram'))
        .map(([type]) => type),
    )
    expect(PUBLISHING_LIMITS.shopee.postTypes.value).toEqual([])
  })
})

describe('preflight', () => {
  const image = (name: string, mimetype: string, bytes?: number, width?: number, height?: number) => ({
    kind: 'image',
    name,
    mimetype,
    ...(bytes === undefined ? {} : { bytes }),
    ...(width === undefined ? {} : { width, height }),
  })

  it('refuses what the network certainly refuses: a type it does not take, too much text, too many files', () => {
    const issues = preflight(
      {
        type: 'text',
        text: 'x'.repeat(281),
        media: Array.from({ length: 5 }, (_, i) => image(`${i}.jpg`, 'image/jpeg')),
      },
      'twitter',
    )
    expect(issues.map((i) => [i.code, i.severity])).toEqual([
      ['type-not-taken', 'block'],
      ['caption-too-long', 'block'],
      ['too-many-media', 'block'],
    ])
    expect(issues[1]!.params).toEqual({ count: 281, max: 280, over: 1 })
  })

  it('warns about a format, a size and a shape the network documents, which the service may still convert', () => {
    const issues = preflight(
      { type: 'image', text: '', media: [image('wide.png', 'image/png', 9 * 1024 * 1024, 2000, 1000)] },
      'instagram',
    )
    expect(issues.map((i) => [i.code, i.severity])).toEqual([
      ['format-not-taken', 'warn'],
      ['file-too-large', 'warn'],
      ['aspect-ratio', 'warn'],
    ])
    expect(issues.every((i) => i.source.startsWith('https://developers.facebook.com/'))).toBe(true)
  })

  it('checks a video’s length when it is known', () => {
    const issues = preflight(
      {
        type: 'video',
        text: '',
        media: [{ kind: 'video', name: 'long.mp4', mimetype: 'video/mp4', durationSeconds: 700 }],
      },
      'tiktok',
    )
    expect(issues).toEqual([
      expect.objectContaining({ code: 'too-long', params: { name: 'long.mp4', seconds: 700, max: 600 } }),
    ])
  })

  it('counts an emoji as one character, and knows no limits of a network it was not told about', () => {
    expect(characterCount('kopi ☕🇮🇩')).toBe(8)
    expect(preflight({ type: 'text', text: 'x'.repeat(10_000), media: [] }, 'myspace')).toEqual([])
  })
})

describe('the newer service options', () => {
  const post = { type: 'text', text: 'Halo', media: [] }
  it('refuses a WhatsApp post without a channel or group, takes it with one', () => {
    expect(preflight(post, 'whatsapp')).toEqual([
      expect.objectContaining({ code: 'channel-required', severity: 'block' }),
    ])
    expect(preflight({ ...post, channelId: '1203@newsletter' }, 'whatsapp')).toEqual([])
    expect(preflight(post, 'facebook').map((i) => i.code)).not.toContain('channel-required')
  })
  it('warns that Instagram shares only videos to the feed', () => {
    const image = { type: 'image', text: '', media: [{ kind: 'image', name: 'a.jpg' }], shareToFeed: true }
    expect(preflight(image, 'instagram').map((i) => i.code)).toContain('share-to-feed-video-only')
    expect(preflight({ ...image, type: 'video', media: [] }, 'instagram').map((i) => i.code)).not.toContain(
      'share-to-feed-video-only',
    )
    expect(describePreflightIssue(preflight(image, 'instagram')[0]!, 'instagram')).toMatch(/feed/)
  })
})
