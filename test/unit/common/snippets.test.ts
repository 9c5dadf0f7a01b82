import { describe, expect, it } from 'vitest'
import { checkSnippet, normaliseHashtags, snippetNameKey } from '../../../common/snippets'

describe('snippet rules', () => {
  it('writes a hashtag group one way: #, one space, each tag once', () => {
    expect(normaliseHashtags('travel, #bali\n##Sunset  #BALI')).toEqual({ body: '#travel #bali #Sunset' })
    expect(normaliseHashtags('#kuliner #makanan_enak #東京 #café')).toEqual({
      body: '#kuliner #makanan_enak #東京 #café',
    })
  })

  it('names a word that is not a hashtag', () => {
    expect(normaliseHashtags('#ok #no.dots').problem).toEqual({
      code: 'snippet-not-hashtag',
      params: { word: 'no.dots' },
    })
  })

  it('keeps a caption as typed, less trailing white space', () => {
    expect(checkSnippet({ kind: 'caption', name: ' A  b ', body: '  Hi\n\nthere \n' })).toEqual({
      name: 'A b',
      body: '  Hi\n\nthere',
    })
  })

  it('compares names without case or Unicode form', () => {
    expect(snippetNameKey(' Café  Promo')).toBe(snippetNameKey('CAFE\u0301 promo'))
  })
})
