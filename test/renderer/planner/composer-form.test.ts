import { describe, expect, it } from 'vitest'
import type { DraftFieldError } from '../../../common/drafts'
import {
  draftOfForm,
  draftOfPublished,
  formOfTarget,
  offsetErrors,
  hasControl,
  routeFieldErrors,
} from '../../../renderer/lib/planner/composer-form'
import { makeSchedule } from '../support/fixtures'

describe('composer form', () => {
  it("makes a published post's content a new draft on its account, with no time, and a type it knows", () => {
    const medias = [
      { type: 'image', url: 'https://cdn.test/a.jpg', thumbnail: '', alt: '' },
      { type: 'video', url: 'https://cdn.test/b.mp4', thumbnail: '', alt: '' },
    ]
    const base = { accountId: 'ig1', title: '', description: 'Kopi\nsenja', partial: false }
    const draft = draftOfPublished({ ...base, type: 'image', medias: medias.slice(0, 1) })
    expect(draft).toMatchObject({
      accountId: 'ig1',
      description: 'Kopi\nsenja',
      type: 'image',
      scheduleAt: '',
    })
    expect(draft.medias).toEqual(medias.slice(0, 1))
    expect(draft.additionalInfo.isDraft).toBe(false)
    // A network's own type ("carousel") is named from what the post carries.
    expect(draftOfPublished({ ...base, type: 'carousel', medias }).type).toBe('album')
    expect(draftOfPublished({ ...base, type: 'clip', medias: medias.slice(1) }).type).toBe('video')
    expect(draftOfPublished({ ...base, type: '', medias: [] }).type).toBe('text')
  })

  it('opens a post of the service on the person’s clock and writes it back with its lists and products', () => {
    const post = makeSchedule(1, { scheduleAt: '2026-11-22T01:00:00.000Z' })
    post.additionalInfo = { ...post.additionalInfo, tags: ['kopi', 'senja'], products: [{ id: 'p1' }] }
    const start = formOfTarget({ kind: 'service', post }, 'Asia/Jakarta')
    expect(start).toMatchObject({ status: 'service', draftId: undefined, edited: false })
    expect(start.fields).toMatchObject({ date: '2026-11-22', time: '08:00', lists: { tags: 'kopi, senja' } })

    start.fields.lists.tags = 'kopi,  pagi ,'
    const written = draftOfForm(start.fields, '2026-11-22T02:00:00.000Z')
    expect(written.post.scheduleAt).toBe('2026-11-22T02:00:00.000Z')
    expect(written.post.additionalInfo.tags).toEqual(['kopi', 'pagi'])
    expect(written.post.additionalInfo.products).toEqual([{ id: 'p1' }])
  })

  it('starts a new post on the chosen day and hour, and Library files with the type they suggest', () => {
    const start = formOfTarget(
      {
        kind: 'new',
        day: '2026-11-25',
        hour: 7,
        medias: [{ alt: '', type: 'video', thumbnail: '', url: 'https://files.example/a.mp4' }],
      },
      'Asia/Jakarta',
    )
    expect(start.fields).toMatchObject({ date: '2026-11-25', time: '07:00', post: { type: 'video' } })
    expect(start.edited).toBe(true)
  })

  it('routes each refused member to its control, and lists the rest at the top', () => {
    const errors: DraftFieldError[] = [
      { field: 'accountId', message: 'Choose an account.' },
      { field: 'accountId', message: 'A second word on it.' },
      { field: 'medias.2.url', message: 'Not an address.' },
      { field: 'localMedia.0.type', message: 'Not a medium.' },
      { field: 'localMedia.0.url', message: 'No such member.' },
      { field: 'post.replies.0', message: 'invalid reply' },
      { field: 'form', message: 'Refused.' },
    ]
    expect(routeFieldErrors(errors, (e) => e.message)).toEqual({
      accountId: 'Choose an account.',
      'medias.2.url': 'Not an address.',
      'localMedia.0.type': 'Not a medium.',
      form: 'localMedia.0.url: No such member. post.replies.0: invalid reply Refused.',
    })
  })

  it('knows which members have a control', () => {
    expect(hasControl('meta.url')).toBe(true)
    expect(hasControl('medias.10.type')).toBe(true)
    expect(hasControl('medias.x.type')).toBe(false)
    expect(hasControl('medias.1.type.extra')).toBe(false)
    expect(hasControl('meta.title')).toBe(false)
  })
})

describe('per-account offsets', () => {
  it('are written into the targets when valid, read back, and named when not', () => {
    const start = formOfTarget({ kind: 'new' }, 'Asia/Jakarta')
    const fields = {
      ...start.fields,
      accountIds: ['ig', 'tt', 'x', 'fb'],
      offsets: { tt: '30', x: '-720', fb: '721' },
    }
    const written = draftOfForm(fields, '2026-11-22T02:00:00.000Z')
    expect(written.targets).toEqual([
      { accountId: 'ig' },
      { accountId: 'tt', offsetMinutes: 30 },
      { accountId: 'x', offsetMinutes: -720 },
      // Past 12 h: not saved; the composer holds Schedule back and names it.
      { accountId: 'fb' },
    ])
    expect(offsetErrors(fields)).toEqual(['fb'])
    expect(offsetErrors({ ...fields, offsets: { tt: '-' } })).toEqual(['tt'])
    const reopened = formOfTarget(
      {
        kind: 'draft',
        draft: {
          id: 'd',
          profileId: 'p',
          status: 'draft',
          post: written.post,
          localMedia: [],
          targets: written.targets,
          createdAt: '',
          updatedAt: '',
        },
      },
      'Asia/Jakarta',
    )
    expect(reopened.fields.offsets).toEqual({ tt: '30', x: '-720' })
  })
})
