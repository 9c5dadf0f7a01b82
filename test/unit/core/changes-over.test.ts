// What a person changed, laid over the rules as the service holds them now: another change made since the
// person's copy was read is kept; what the person changed wins; a list is one value.
import { describe, expect, it } from 'vitest'
import { changesOver } from '../../../main/core/changes-over'

const base = {
  reply: { isActive: true, text: 'Thanks', keyword: { values: [{ keyword: 'a', text: 'b' }] } },
  like: { isActive: true },
  message: { isActive: false, opening: { postback: { text: 'Hi' } } },
}

describe('changesOver', () => {
  it('keeps a switch flipped elsewhere since the copy was read, and sets the one the person flipped', () => {
    const current = { ...base, reply: { ...base.reply, isActive: false } }
    const edited = { ...base, like: { isActive: false } }
    expect(changesOver(current, base, edited)).toEqual({
      ...base,
      reply: { ...base.reply, isActive: false },
      like: { isActive: false },
    })
  })

  it('changes members down to their leaves; a list changed is replaced whole; a member left out goes', () => {
    const current = {
      ...base,
      reply: { ...base.reply, prompt: 'set on the website' },
      message: { isActive: true, opening: { postback: { text: 'Hi' }, webUrl: { text: 'w' } } },
    }
    const edited = {
      reply: { ...base.reply, keyword: { values: [{ keyword: 'c', text: 'd' }] } },
      message: { isActive: false, opening: { postback: { text: 'Hello' } } },
    }
    expect(changesOver(current, base, edited)).toEqual({
      reply: {
        ...base.reply,
        prompt: 'set on the website',
        keyword: { values: [{ keyword: 'c', text: 'd' }] },
      },
      message: { isActive: true, opening: { postback: { text: 'Hello' }, webUrl: { text: 'w' } } },
    })
  })

  it('nothing changed: the rules as they are now', () => {
    const current = { ...base, like: { isActive: false } }
    expect(changesOver(current, base, structuredClone(base))).toEqual(current)
  })
})
