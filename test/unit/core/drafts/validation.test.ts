import { describe, expect, it } from 'vitest'
import { validateForQueue } from '../../../../main/core/drafts/validation'
import { NOW, localImage, samplePost } from './helpers'

const fields = (errors: { field: string }[]) => errors.map((e) => e.field)

describe('validateForQueue', () => {
  it('accepts a complete text post in the future', () => {
    expect(validateForQueue({ post: samplePost(), localMedia: [] }, NOW)).toEqual([])
  })

  it('names the account and the time when they are missing', () => {
    const errors = validateForQueue(
      { post: samplePost({ accountId: '', scheduleAt: '' }), localMedia: [] },
      NOW,
    )
    expect(fields(errors)).toEqual(['accountId', 'scheduleAt'])
    expect(errors[0]!.message).toMatch(/account/i)
  })

  it('refuses a time in the past or within the next minute', () => {
    const past = validateForQueue(
      { post: samplePost({ scheduleAt: '2026-07-15T02:59:00.000Z' }), localMedia: [] },
      NOW,
    )
    expect(fields(past)).toEqual(['scheduleAt'])
    const soon = validateForQueue(
      { post: samplePost({ scheduleAt: '2026-07-15T03:00:30.000Z' }), localMedia: [] },
      NOW,
    )
    expect(fields(soon)).toEqual(['scheduleAt'])
    const later = validateForQueue(
      { post: samplePost({ scheduleAt: '2026-07-15T03:02:00.000Z' }), localMedia: [] },
      NOW,
    )
    expect(later).toEqual([])
  })

  it('checks that media fit the post type, pointing at the medium', () => {
    const video = { alt: '', type: 'video', thumbnail: '', url: 'https://storage.example/v.mp4' }
    const image = { alt: '', type: 'image', thumbnail: '', url: 'https://storage.example/i.png' }
    expect(
      fields(validateForQueue({ post: samplePost({ type: 'image', medias: [video] }), localMedia: [] }, NOW)),
    ).toEqual(['medias.0.type'])
    expect(fields(validateForQueue({ post: samplePost({ type: 'video' }), localMedia: [] }, NOW))).toEqual([
      'medias',
    ])
    expect(
      fields(validateForQueue({ post: samplePost({ type: 'text', medias: [image] }), localMedia: [] }, NOW)),
    ).toEqual(['medias'])
    expect(
      validateForQueue({ post: samplePost({ type: 'album', medias: [image, video] }), localMedia: [] }, NOW),
    ).toEqual([])
    // A local file counts as a medium; its real type comes from its MIME type.
    expect(
      validateForQueue({ post: samplePost({ type: 'image' }), localMedia: [localImage()] }, NOW),
    ).toEqual([])
    const pdf = localImage({ name: 'doc.pdf', mimetype: 'application/pdf' })
    expect(fields(validateForQueue({ post: samplePost({ type: 'image' }), localMedia: [pdf] }, NOW))).toEqual(
      ['localMedia.0.type'],
    )
    const videoAsImage = localImage({ mimetype: 'video/mp4' })
    expect(
      fields(validateForQueue({ post: samplePost({ type: 'video' }), localMedia: [videoAsImage] }, NOW)),
    ).toEqual(['localMedia.0.type'])
  })

  it('requires the fields each type needs', () => {
    expect(fields(validateForQueue({ post: samplePost({ description: ' ' }), localMedia: [] }, NOW))).toEqual(
      ['description'],
    )
    expect(fields(validateForQueue({ post: samplePost({ type: 'link' }), localMedia: [] }, NOW))).toEqual([
      'meta.url',
    ])
    const link = samplePost({ type: 'link', meta: { title: '', description: '', url: 'not a url' } })
    expect(fields(validateForQueue({ post: link, localMedia: [] }, NOW))).toEqual(['meta.url'])
    expect(fields(validateForQueue({ post: samplePost({ type: 'poem' }), localMedia: [] }, NOW))).toEqual([
      'type',
    ])
  })

  it("names each rule with a code and its values, for the person's language", () => {
    const video = { alt: '', type: 'video', thumbnail: '', url: 'https://storage.example/v.mp4' }
    const errors = validateForQueue(
      { post: samplePost({ accountId: '', type: 'image', medias: [video] }), localMedia: [] },
      NOW,
    )
    expect(errors).toEqual([
      { field: 'accountId', message: 'Choose an account.', code: 'account-required' },
      {
        field: 'medias.0.type',
        message: 'An image post takes image, not video.',
        code: 'media-wrong-type',
        params: { type: 'image', allowed: 'image', actual: 'video' },
      },
    ])
  })
})
