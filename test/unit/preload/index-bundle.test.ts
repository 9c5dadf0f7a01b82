// The preload as Electron's sandbox runs it: one CommonJS bundle whose only require is 'electron', evaluated
// with no Node globals. It must still expose exactly the contract's API.
import { runInNewContext } from 'node:vm'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { expectedApiPaths } from '../../../common/contract'

function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'function') return [prefix]
  return Object.keys(value as object).flatMap((key) =>
    paths((value as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key),
  )
}

describe('preload bundle', () => {
  it('needs nothing but electron and exposes exactly the contract API', async () => {
    const result = await build({
      entryPoints: ['preload/index.ts'],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'cjs',
      target: 'chrome140',
      external: ['electron'],
    })
    const code = result.outputFiles[0]!.text
    const required: string[] = []
    let exposed: unknown
    const electron = {
      contextBridge: { exposeInMainWorld: (_key: string, api: unknown) => (exposed = api) },
      ipcRenderer: { invoke: async () => ({ ok: true, value: null }), on() {}, removeListener() {} },
      webUtils: { getPathForFile: () => '' },
    }
    const module = { exports: {} }
    runInNewContext(code, {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name)
        if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`)
        return electron
      },
    })
    expect(required).toEqual(['electron'])
    expect(paths(exposed).sort()).toEqual(expectedApiPaths())
  })
})
