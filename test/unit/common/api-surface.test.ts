// The API's calls and events as plain data, which the browser-mode bridge is handed instead of bundling the
// contract: built into window.mediadeck (preload/api.ts), it gives exactly the contract's method paths, and it
// survives JSON (the host writes it into the bridge's script).
import { describe, expect, it } from 'vitest'
import { apiSurface } from '../../../common/api-surface'
import { expectedApiPaths } from '../../../common/contract'
import { buildMediadeckApi } from '../../../preload/api'

describe('apiSurface', () => {
  it('builds exactly the contract’s window.mediadeck, after a trip through JSON', () => {
    const surface = JSON.parse(JSON.stringify(apiSurface())) as ReturnType<typeof apiSurface>
    const api = buildMediadeckApi(
      { invoke: async () => ({ ok: true, value: null }), subscribe: () => () => undefined },
      { fromDrop: async () => [], startDropped: async () => [], onCopying: () => () => undefined },
      surface,
    ) as unknown as Record<string, Record<string, unknown>>
    const paths = Object.entries(api).flatMap(([domain, methods]) =>
      Object.keys(methods).map((method) => `${domain}.${method}`),
    )
    expect(paths.sort()).toEqual(expectedApiPaths())
  })

  it('leaves the preload’s own calls out', () => {
    expect(apiSurface().calls.map(([name]) => name)).not.toContain('files:grant-dropped')
    expect(apiSurface().calls.map(([name]) => name)).not.toContain('uploads:start-dropped')
    expect(apiSurface().calls).toContainEqual(['uploads:retry-failed', 'uploads', 'retryFailed'])
    expect(apiSurface().events).toContainEqual(['uploads:progress', 'uploads', 'onProgress'])
  })
})
