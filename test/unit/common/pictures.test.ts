// The page-relative addresses the views load pictures from (common/pictures.ts): every web address becomes
// the page's own picture route, anything the page may load itself is left as it is, and the route's query is
// read back by main exactly as written (main/host/pictures.ts parses it with URLSearchParams).
import { describe, expect, it } from 'vitest'
import {
  keptByMain,
  pictureAddress,
  storedPictureAddresses,
  thumbnailAddress,
} from '../../../common/pictures'
import { localFileAddress } from '../../../common/local-files'

const queryOf = (address: string) => new URL(address, 'app://mediadeck/').searchParams

describe('picture addresses', () => {
  it("names a library thumbnail by its file's address on the picture route, surviving any character", () => {
    const file = 'https://storage.repliz.com/u1/a b&c=d?e#f.png'
    const address = thumbnailAddress(file)
    expect(address).toMatch(/^picture\?thumb=/)
    expect(queryOf(address).get('thumb')).toBe(file)
    expect(queryOf(address).get('src')).toBeNull()
  })

  it("shows a stored picture from main's copy, then from the library's thumbnail, never from the storage", () => {
    const file = 'https://storage.repliz.com/u1/photo.jpg'
    const [first, second, ...rest] = storedPictureAddresses(file)
    expect(rest).toEqual([])
    expect(queryOf(first!).get('src')).toBe(file)
    expect(queryOf(second!).get('thumb')).toBe(file)
    for (const address of storedPictureAddresses(file)) expect(address).not.toMatch(/^https?:/)
  })

  it('leaves what the page loads itself as it is, and shows nothing for no address', () => {
    const local = localFileAddress('/home/ana/cover.png')
    expect(storedPictureAddresses(local)).toEqual([local])
    expect(storedPictureAddresses('data:image/png;base64,AAAA')).toEqual(['data:image/png;base64,AAAA'])
    expect(storedPictureAddresses('')).toEqual([])
    expect(pictureAddress('blob:app://mediadeck/1')).toBe('blob:app://mediadeck/1')
  })

  it('never asks main for an SVG, which it refuses: only its raster thumbnail', () => {
    const svg = 'https://storage.repliz.com/u1/flash-sale.SVG'
    expect(keptByMain(svg)).toBe(false)
    expect(keptByMain('https://storage.repliz.com/u1/photo.png?v=svg')).toBe(true)
    expect(keptByMain('not an address')).toBe(false)
    expect(storedPictureAddresses(svg)).toEqual([thumbnailAddress(svg)])
  })
})
