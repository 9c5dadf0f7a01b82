// The rule set sent to the service: every required member filled in, unknown members kept, and the enum check
// that refuses what the person chose outside the service's values but keeps what the service sent itself.
import { describe, expect, it } from 'vitest'
import {
  checkConfigEnums,
  configBody,
  CONTENT_RULES,
  enumProblems,
  withRuleActive,
} from '../../../common/automation-edit'
import { AppError } from '../../../common/errors'

describe('configBody', () => {
  it('fills the rules and members an older record lacks with inactive, empty defaults', () => {
    const body = configBody({ like: { isActive: true } }, CONTENT_RULES)
    expect(Object.keys(body).sort()).toEqual(['delete', 'like', 'message', 'reply', 'story'])
    expect(body.reply).toMatchObject({
      isActive: false,
      type: 'text',
      text: '',
      exception: { isActive: false, isExactMatch: false, keywords: [] },
      delay: { isActive: false, value: 10, type: 'second' },
    })
    expect(body.story).toMatchObject({
      opening: {
        postback: { image: '', button: { type: 'postback', title: '', payload: '', url: '' } },
        webUrl: { image: '', buttons: [] },
      },
    })
    expect(body.like).toEqual({ isActive: true })
  })

  it('keeps members and values it does not know, and a chat rule only when there is one', () => {
    const body = configBody(
      {
        reply: { isActive: true, type: 'telepathy', future: 1, delay: { type: 'hour', value: 2 } },
        extra: 'kept',
      },
      CONTENT_RULES,
    )
    expect(body.extra).toBe('kept')
    expect(body.reply).toMatchObject({ type: 'telepathy', future: 1, delay: { type: 'hour', value: 2 } })
    expect(body).not.toHaveProperty('chat')
    expect(configBody({ chat: { isActive: true } }, CONTENT_RULES).chat).toMatchObject({
      isActive: true,
      type: 'text',
    })
    expect(configBody({})).toHaveProperty('chat')
  })
})

describe('enum checks', () => {
  const received = configBody(
    { reply: { isActive: true, type: 'text', delay: { type: 'hour' } } },
    CONTENT_RULES,
  )

  it('keeps a value outside the enums that the service sent and that was left alone', () => {
    expect(enumProblems(withRuleActive(received, 'like', true), received)).toEqual([])
    expect(() => checkConfigEnums(withRuleActive(received, 'like', true), received)).not.toThrow()
  })

  it('names a value the person chose that the service does not accept', () => {
    const chosen = { ...received, message: { ...(received.message as object), type: 'carrier pigeon' } }
    expect(enumProblems(chosen, received)).toEqual([
      { path: 'message.type', value: 'carrier pigeon', allowed: ['ai', 'text', 'opening', 'keyword'] },
    ])
    let thrown: unknown
    try {
      checkConfigEnums(chosen, received)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AppError)
    expect(thrown).toMatchObject({
      kind: 'validation',
      field: 'config.message.type',
      code: 'automation-value-not-accepted',
      params: { field: 'message.type', value: 'carrier pigeon' },
    })
  })

  it('with nothing received, checks every value', () => {
    expect(enumProblems(received).map((p) => p.path)).toEqual(['reply.delay.type'])
  })
})
