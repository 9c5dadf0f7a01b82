import { describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import { ADDON_PATHS, createAddonPaths } from '../../../main/core/addon-paths'

const missing = () => new AppError({ kind: 'not-found', status: 404, message: 'Cannot GET' })

describe('add-on paths', () => {
  it('asks the current path first, the former one on a 404, and the former first from then on', async () => {
    const asked: string[] = []
    const at = createAddonPaths()
    const request = async (path: string) => {
      asked.push(path)
      if (path === ADDON_PATHS.linkMetadata.current) throw missing()
      return path
    }
    expect(await at(ADDON_PATHS.linkMetadata, request)).toBe('/public/link/metadata')
    expect(await at(ADDON_PATHS.linkMetadata, request)).toBe('/public/link/metadata')
    expect(asked).toEqual(['/public/addon/link/metadata', '/public/link/metadata', '/public/link/metadata'])
  })

  it('keeps to the current path when it answers, and passes other errors on without a second request', async () => {
    const asked: string[] = []
    const at = createAddonPaths()
    expect(await at(ADDON_PATHS.tiktokMusic, async (p) => (asked.push(p), 'ok'))).toBe('ok')
    const refused = new AppError({ kind: 'validation', status: 400, message: 'genre is required' })
    await expect(
      at(ADDON_PATHS.tiktokMusic, async (p) => {
        asked.push(p)
        throw refused
      }),
    ).rejects.toBe(refused)
    expect(asked).toEqual(['/public/addon/tiktok/music', '/public/addon/tiktok/music'])
  })

  it('reports the first 404 when neither path is there', async () => {
    const first = missing()
    let calls = 0
    await expect(
      createAddonPaths()(ADDON_PATHS.tiktokMusic, async () => {
        throw calls++ === 0 ? first : missing()
      }),
    ).rejects.toBe(first)
    expect(calls).toBe(2)
  })
})
