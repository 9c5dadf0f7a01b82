// The service's failure reasons (as its publisher words them, sandbox/publisher.ts) in the person's language.
import { describe, expect, it } from 'vitest'
import { createApp, defineComponent } from 'vue'
import { publishFailure } from '../../../sandbox/publisher'
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

const account = { name: 'Batik Lestari', type: 'threads', isConnected: false }

describe('failure reasons', () => {
  it('recognises the reasons the service gives', () => {
    const disconnected = publishFailure({ type: 'image' } as never, account as never)!
    expect(recogniseFailure(disconnected)).toEqual({
      key: 'disconnected',
      params: { account: 'Batik Lestari', network: 'threads' },
    })
    const unsupported = publishFailure({ type: 'reel' } as never, { ...account, isConnected: true } as never)!
    expect(recogniseFailure(unsupported)).toEqual({
      key: 'unsupportedType',
      params: { network: 'threads', type: 'reel' },
    })
    expect(recogniseFailure(publishFailure({ type: 'image' } as never, undefined)!)?.key).toBe(
      'accountMissing',
    )
  })

  it('says them in Bahasa Indonesia, and keeps an unknown reason in the service’s words', () => {
    const { failureReason, contentType } = serviceText('id')
    expect(failureReason('account Batik Lestari (threads) is disconnected; reconnect it and retry')).toBe(
      'Akun Batik Lestari (threads) terputus: hubungkan lagi, lalu coba lagi.',
    )
    expect(failureReason('threads does not support reel posts')).toBe(
      'threads tidak menerbitkan postingan reel.',
    )
    expect(failureReason('the network said no')).toBe('the network said no')
    expect(failureReason(undefined)).toBeUndefined()
    expect(contentType('image')).toBe('Gambar')
    expect(contentType('carousel')).toBe('carousel')
  })
})
