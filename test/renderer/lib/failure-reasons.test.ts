// The service's failure reasons, as its publisher words them (sandbox/publisher.ts publishFailure), in the
// person's language.
import { describe, expect, it } from 'vitest'
import { createApp, defineComponent } from 'vue'
import { useServiceText } from '../../../renderer/composables/use-service-text'
import { createAppI18n, type AppLocale } from '../../../renderer/i18n'
import { recogniseFailure } from '../../../renderer/lib/failure-reasons'

function serviceText(locale: AppLocale) {
  let text!: ReturnType<typeof useServiceText>
  const app = createApp(
    defineComponent({
      setup() {
        text = useServiceText()
        return () => null
      },
    }),
  )
  app.use(createAppI18n(locale)).mount(document.createElement('div'))
  return text
}

describe('failure reasons', () => {
  it('recognises the reasons the service gives', () => {
    expect(
      recogniseFailure('account Batik Lestari (threads) is disconnected; reconnect it and retry'),
    ).toEqual({
      key: 'disconnected',
      params: { account: 'Batik Lestari', network: 'threads' },
    })
    expect(recogniseFailure('threads does not support reel posts')).toEqual({
      key: 'unsupportedType',
      params: { network: 'threads', type: 'reel' },
    })
    expect(recogniseFailure('account not found')?.key).toBe('accountMissing')
    expect(recogniseFailure('threads takes at most 500 characters of text; this post has 612')).toEqual({
      key: 'captionTooLong',
      params: { network: 'threads', max: '500', count: '612' },
    })
    expect(
      recogniseFailure('instagram takes at most 10 media files in one post; this post has 11')?.key,
    ).toBe('tooManyMedia')
    expect(recogniseFailure('tiktok access token expired; reconnect the account')?.key).toBe('tokenExpired')
  })

  it('says them in Bahasa Indonesia, and keeps an unknown reason in the service’s words', () => {
    const { failureReason, contentType } = serviceText('id')
    expect(failureReason('account Batik Lestari (threads) is disconnected; reconnect it and retry')).toBe(
      'Akun Batik Lestari (Threads) terputus: hubungkan lagi, lalu coba lagi.',
    )
    expect(failureReason('threads does not support reel posts')).toBe(
      'Threads tidak menerbitkan postingan reel.',
    )
    expect(failureReason('the network said no')).toBe('the network said no')
    expect(failureReason(undefined)).toBeUndefined()
    expect(contentType('image')).toBe('Gambar')
    expect(contentType('carousel')).toBe('carousel')
  })

  it('words the aspect-ratio rule of a failure as the composer does, in both languages', () => {
    const reason =
      'instagram rejected the media: aspect ratio must be between 4:5 and 1.91:1; wide.jpg is 3:1'
    for (const [locale, rule] of [
      ['en', 'wide.jpg is 3:1; Instagram takes 0.8:1 (tall) to 1.91:1 (wide).'],
      ['id', 'wide.jpg berasio 3:1; Instagram menerima 0.8:1 (tegak) sampai 1.91:1 (melebar).'],
    ] as const) {
      const i18n = createAppI18n(locale)
      // The composer's sentence for the same picture (common/preflight.ts rounds to two decimals).
      const composer = i18n.global.t('planner.preflight.aspect-ratio', {
        name: 'wide.jpg',
        ratio: 3,
        network: 'Instagram',
        min: 0.8,
        max: 1.91,
      })
      expect(composer).toBe(rule)
      expect(serviceText(locale).failureReason(reason)).toContain(rule)
      expect(
        serviceText(locale).failureReason(
          'instagram rejected the media: aspect ratio must be between 4:5 and 1.91:1',
        ),
      ).toContain(rule.slice(rule.indexOf('Instagram')))
    }
  })
})
