import { describe, expect, it } from 'vitest'
import { middleEllipsis } from '../../../renderer/lib/middle-ellipsis'

describe('middleEllipsis', () => {
  it('keeps the end that tells names with a long shared beginning apart', () => {
    const names = ['draft', 'final', 'final-v2'].map((end) => `video-besar-50mb-kampanye-${end}.mp4`)
    const short = names.map((name) => middleEllipsis(name, 26))
    expect(new Set(short).size).toBe(3)
    for (const [i, s] of short.entries()) {
      expect(Array.from(s)).toHaveLength(26)
      expect(s.startsWith('video-besar-')).toBe(true)
      expect(s).toContain('…')
      expect(names[i]!.endsWith(s.split('…')[1]!)).toBe(true)
    }
    expect(short[1]).toMatch(/…[a-z-]*final\.mp4$/)
  })

  it('leaves a short name alone and never cuts a character in half', () => {
    expect(middleEllipsis('photo.png')).toBe('photo.png')
    const name = `${'写真🎉'.repeat(20)}.jpg`
    const short = middleEllipsis(name, 20)
    expect(Array.from(short)).toHaveLength(20)
    expect(short.endsWith('.jpg')).toBe(true)
    expect(short).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
  })
})
