// What a person changed, laid over the rules as the service holds it now: another change made since the
// person's copy was read is kept; what the person changed wins; a list is one value or merged as a set of
// changes, as the caller says; a member left out goes
// only where the caller says so; a member named __proto__ stays a member.
import { describe, expect, it } from 'vitest'
import { changesOver } from '../../../main/core/changes-over'

const base = {
  reply: { isActive: true, text: 'Thanks', keyword: { values: [{ keyword: 'a', text: 'b' }] } },
  like: { isActive: true },
  message: { isActive: false, opening: { postback: { text: 'Hi' } } },
}
const keep = { dropLeftOut: false, mergeLists: true }
const drop = { dropLeftOut: true, mergeLists: false }

describe('changesOver', () => {
  it('keeps a switch flipped elsewhere since the copy was read, and sets the one the person flipped', () => {
    const current = { ...base, reply: { ...base.reply, isActive: false } }
    const edited = { ...base, like: { isActive: false } }
    expect(changesOver(current, base, edited, keep)).toEqual({
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
    expect(changesOver(current, base, edited, drop)).toEqual({
      reply: {
        ...base.reply,
        prompt: 'set on the website',
        keyword: { values: [{ keyword: 'c', text: 'd' }] },
      },
      message: { isActive: true, opening: { postback: { text: 'Hello' }, webUrl: { text: 'w' } } },
    })
  })

  it('a member left out is kept as it is where the caller says so: one rule sent resets no other', () => {
    const current = { ...base, reply: { ...base.reply, text: 'set on the website' } }
    expect(changesOver(current, base, { like: { isActive: false } }, keep)).toEqual({
      ...current,
      like: { isActive: false },
    })
  })

  it('nothing changed: the rules as they are now', () => {
    const current = { ...base, like: { isActive: false } }
    expect(changesOver(current, base, structuredClone(base), drop)).toEqual(current)
  })

  it('a member named __proto__ is a member, never the prototype of what is sent', () => {
    const edited = JSON.parse('{"like":{"isActive":false,"__proto__":{"polluted":"yes"}}}') as typeof base
    const out = changesOver(base, base, edited, keep)
    const like = out.like as Record<string, unknown>
    expect(Object.getPrototypeOf(like)).toBe(Object.prototype)
    expect(like.polluted).toBeUndefined()
    expect(Object.keys(like)).toEqual(['isActive', '__proto__'])
  })

  it("two windows each adding a keyword to one list keep both; one's removal is kept too", () => {
    const words = { delete: { isActive: true, keywords: ['spam', 'scam'] } }
    // The other window added "promo" and took out "scam" while this one added "giveaway".
    const current = { delete: { isActive: true, keywords: ['spam', 'promo'] } }
    const edited = { delete: { isActive: true, keywords: ['spam', 'scam', 'giveaway'] } }
    expect(changesOver(current, words, edited, keep)).toEqual({
      delete: { isActive: true, keywords: ['spam', 'giveaway', 'promo'] },
    })
    // Both added the same word: it is there once.
    const both = { delete: { isActive: true, keywords: ['spam', 'scam', 'promo'] } }
    expect(
      changesOver({ delete: { isActive: true, keywords: ['spam', 'scam', 'promo'] } }, words, both, keep),
    ).toEqual(both)
  })

  it('a keyword reply edited in place stays in its place, beside one another window added', () => {
    const values = [
      { keyword: 'price', text: 'DM us' },
      { keyword: 'size', text: 'S to XL' },
    ]
    const list = (v: unknown[]) => ({ reply: { keyword: { isExactMatch: false, values: v } } })
    const current = list([...values, { text: 'Jakarta', keyword: 'where' }])
    const edited = list([{ keyword: 'price', text: 'From 50k' }, values[1]])
    expect(changesOver(current, list(values), edited, keep)).toEqual(
      list([{ keyword: 'price', text: 'From 50k' }, values[1], { text: 'Jakarta', keyword: 'where' }]),
    )
    // The person's own reordering, with nothing changed elsewhere, is sent as they made it.
    expect(changesOver(list(values), list(values), list([values[1], values[0]]), keep)).toEqual(
      list([values[1], values[0]]),
    )
  })

  it("without merging, the person's list is sent whole (a post's media in order, its accounts)", () => {
    const current = { accountIds: ['a', 'c'] }
    expect(changesOver(current, { accountIds: ['a'] }, { accountIds: ['b'] }, drop)).toEqual({
      accountIds: ['b'],
    })
  })
})
