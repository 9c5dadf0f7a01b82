// A library video or audio whose length is refused (main/host/inbox-replies.ts libraryMedium): the reason is one
// of the catalogue's, so a person reading Bahasa Indonesia reads it in Bahasa Indonesia, not the English of the
// read that failed (which stays in the error's message, for the log and the CLI).
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import { desktopMessages, t, type MessageKey } from '../../../common/messages/index'
import { durationOf } from '../../../main/core/inbox/media-duration'
import { checkPictureHost } from '../../../main/core/pictures/address-guard'
import { libraryMedium } from '../../../main/host/inbox-replies'

const video = { url: 'https://cdn.example/promo.mp4', mimetype: 'video/mp4', name: 'promo.mp4' }

/** The error libraryMedium throws when the length read fails with `failure`. */
async function refusal(failure: () => Promise<unknown>): Promise<{ error: AppError; cause: AppError }> {
  const cause = await failure().then(
    () => {
      throw new Error('the read was expected to fail')
    },
    (e: unknown) => AppError.from(e),
  )
  const error = await libraryMedium(video, () => Promise.reject(cause)).then(
    () => {
      throw new Error('the medium was expected to be refused')
    },
    (e: unknown) => e as AppError,
  )
  return { error, cause }
}

describe('a library medium whose length is not read', () => {
  const failures: Record<string, () => Promise<unknown>> = {
    'a file of no format read': () =>
      durationOf({ size: 12, read: async () => Buffer.from('plain text..') }, 'promo.mp4'),
    'a private address': () => checkPictureHost(new URL('http://10.20.30.40/promo.mp4'), [], async () => []),
    'a storage that cannot be reached': () =>
      Promise.reject(
        new AppError({ kind: 'network', message: 'the stored file could not be read: ECONNRESET' }),
      ),
    'a storage that does not answer': () =>
      Promise.reject(
        new AppError({ kind: 'timeout', message: 'the stored file did not answer within 20 s' }),
      ),
    'a stored file gone': () =>
      Promise.reject(
        new AppError({ kind: 'not-found', status: 404, message: 'the stored file answered 404' }),
      ),
  }

  for (const [what, failure] of Object.entries(failures)) {
    it(`says why in Bahasa Indonesia, for ${what}`, async () => {
      const { error, cause } = await refusal(failure)
      expect(error.params).toMatchObject({ name: 'promo.mp4' })
      const key = `errors.${error.code}` as MessageKey
      expect(desktopMessages.id.errors).toHaveProperty([error.code!])
      const id = t('id', key, error.params)
      const en = t('en', key, error.params)
      expect(id).toMatch(/^promo\.mp4: /)
      expect(id).not.toMatch(/\{\w+\}/)
      expect(id).not.toContain(cause.message)
      expect(id).not.toBe(en)
      // The English of the read stays in the message, for the log and the CLI.
      expect(error.message).toContain(cause.message)
    })
  }

  it('tells a storage out of reach from a file it cannot time, so the person knows whether to try again', async () => {
    const away = await refusal(failures['a storage that cannot be reached']!)
    const unread = await refusal(failures['a file of no format read']!)
    expect(away.error.kind).toBe('network')
    expect(unread.error.kind).toBe('validation')
    expect(away.error.code).not.toBe(unread.error.code)
  })
})
