// The crop to the nearest shape a network takes, and text cut to its length with the cut kept for showing.
import { describe, expect, it } from 'vitest'
import { characterCount } from '../../../common/preflight'
import { cropBox, croppedName, nearestAllowedCrop, shortenText } from '../../../renderer/lib/fix-media'
import { requestSchemas } from '../../../common/contract'

const INSTAGRAM = { min: 4 / 5, max: 1.91 }

describe('nearestAllowedCrop', () => {
  it('takes the sides off a panorama down to the widest shape, centred', () => {
    const rect = nearestAllowedCrop(300, 100, INSTAGRAM)
    expect(rect).toEqual({ x: 54, y: 0, width: 191, height: 100 })
    expect(rect!.width / rect!.height).toBeLessThanOrEqual(1.91)
  })
  it('takes the top and bottom off a tall picture down to 4:5', () => {
    expect(nearestAllowedCrop(1080, 1920, INSTAGRAM)).toEqual({ x: 0, y: 285, width: 1080, height: 1350 })
  })
  it('leaves a picture that fits, or one with no size, alone', () => {
    expect(nearestAllowedCrop(160, 100, INSTAGRAM)).toBeNull()
    expect(nearestAllowedCrop(0, 100, INSTAGRAM)).toBeNull()
  })
  it('says where the crop sits as percentages', () => {
    expect(cropBox({ x: 54, y: 0, width: 191, height: 100 }, 300, 100)).toEqual({
      left: '18%',
      top: '0%',
      width: '63.67%',
      height: '100%',
    })
  })
})

describe('shortenText', () => {
  it('cuts at a word within the limit, ends with an ellipsis, and gives back what was cut', () => {
    const text = 'Mie aceh, martabak, dan durian Ucok. Mana favorit kamu?'
    const { kept, cut } = shortenText(text, 30)
    expect(characterCount(kept)).toBeLessThanOrEqual(30)
    expect(kept).toBe('Mie aceh, martabak, dan…')
    expect(cut).toBe(' durian Ucok. Mana favorit kamu?')
  })
  it('counts an emoji as one character, as the networks do', () => {
    const { kept } = shortenText('☕☕☕☕☕☕☕☕☕☕', 5)
    expect(kept).toBe('☕☕☕☕…')
  })
  it('cuts a word with no break near the limit in the middle', () => {
    expect(shortenText('a'.repeat(20), 10).kept).toBe(`${'a'.repeat(9)}…`)
  })
  it('leaves text within the limit as it is', () => {
    expect(shortenText('Halo', 10)).toEqual({ kept: 'Halo', cut: '' })
  })
})

describe('croppedName', () => {
  const mark = (stem: string) => `${stem} (cropped)`
  it('names a crop after its source, as the JPEG it is made as', () => {
    expect(croppedName('pelaminan panorama 3x1.png', mark)).toBe('pelaminan panorama 3x1 (cropped).jpg')
    expect(croppedName('tanpa-ekstensi', (s) => `${s} (dipangkas)`)).toBe('tanpa-ekstensi (dipangkas).jpg')
  })
  it('keeps no folder or control character of a name the service sent, and bounds its length', () => {
    expect(croppedName('../../etc/pass\u0000wd.jpg', mark)).toBe('.. .. etc pass wd (cropped).jpg')
    expect(croppedName('/.jpg', mark)).toBe('picture (cropped).jpg')
    expect(Array.from(croppedName(`${'é'.repeat(400)}.jpg`, mark)).length).toBeLessThanOrEqual(200)
  })
  it('keeps no override that disguises a name, and fits the contract in UTF-16 units', () => {
    expect(croppedName('invoice\u202Egpj.exe.png', mark)).toBe('invoice gpj.exe (cropped).jpg')
    expect(croppedName('a\u2028b\u0085c.png', mark)).toBe('a b c (cropped).jpg')
    const long = croppedName(`${'😀'.repeat(200)}.png`, mark)
    expect(long.length).toBeLessThanOrEqual(255)
    expect(long.startsWith('😀')).toBe(true)
    expect(requestSchemas['uploads:one'].safeParse({ path: '/tmp/a.jpg', name: long }).success).toBe(true)
    expect(
      requestSchemas['uploads:one'].safeParse({ path: '/tmp/a.jpg', name: 'invoice\u202Egpj.exe' }).success,
    ).toBe(false)
  })
})
