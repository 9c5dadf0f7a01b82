// The packaging job's fuse check, on binaries written here with a fuse wire where Electron keeps it (the
// sentinel @electron/fuses looks for, then version, length and one byte a fuse), read by the real library and
// compared with electron-builder.yml as electron-builder loads it. The real packaged binary is read on the
// forge's runners only: this machine cannot download Electron.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import * as script from '../../../scripts/check-fuses.mjs'

const { expectedFuses, readFuses, fuseMismatches } = script as {
  expectedFuses(electronFuses: Record<string, boolean> | undefined): Record<string, boolean>
  readFuses(path: string): Promise<Record<string, string>>
  fuseMismatches(expected: Record<string, boolean>, actual: Record<string, string>): string[]
}

const require = createRequire(import.meta.url)
const builder = require('app-builder-lib/out/util/config/config') as {
  getConfig(
    projectDir: string,
    configPath: string | null,
  ): Promise<{ electronFuses: Record<string, boolean> }>
}
const configured = (await builder.getConfig(process.cwd(), null)).electronFuses

const dir = mkdtempSync(join(tmpdir(), 'mediadeck-fuses-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** A file with `states` ('1' on, '0' off, 'r' removed) as fuse wire v1, between other bytes. */
function binaryWith(name: string, states: string): string {
  const path = join(dir, name)
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, states.length]), Buffer.from(states)])
  writeFileSync(path, Buffer.concat([Buffer.alloc(4096, 7), wire, Buffer.alloc(4096, 9)]))
  return path
}

// Wire order (@electron/fuses FuseV1Options): RunAsNode, EnableCookieEncryption,
// EnableNodeOptionsEnvironmentVariable, EnableNodeCliInspectArguments, EnableEmbeddedAsarIntegrityValidation,
// OnlyLoadAppFromAsar, LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges.
const AS_CONFIGURED = '01001101'

describe('scripts/check-fuses.mjs', () => {
  it('names the fuses electron-builder.yml configures as the wire names them', () => {
    expect(expectedFuses(configured)).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    })
    expect(() => expectedFuses({ runAsNod: false })).toThrow(/electronFuses\.runAsNod is no fuse/)
  })

  it('finds nothing to say about a binary whose fuses read as configured', async () => {
    const actual = await readFuses(binaryWith('as-configured', AS_CONFIGURED))
    expect(actual).toMatchObject({ RunAsNode: 'disabled', OnlyLoadAppFromAsar: 'enabled' })
    expect(fuseMismatches(expectedFuses(configured), actual)).toEqual([])
  })

  it('names each fuse left as Electron ships it (an unflipped binary)', async () => {
    // Electron's own defaults: Node mode, NODE_OPTIONS and --inspect on; asar integrity and asar-only off.
    const actual = await readFuses(binaryWith('unflipped', '10110011'))
    expect(fuseMismatches(expectedFuses(configured), actual)).toEqual([
      'RunAsNode is enabled, configured disabled',
      'EnableCookieEncryption is disabled, configured enabled',
      'EnableNodeOptionsEnvironmentVariable is enabled, configured disabled',
      'EnableNodeCliInspectArguments is enabled, configured disabled',
      'EnableEmbeddedAsarIntegrityValidation is disabled, configured enabled',
      'OnlyLoadAppFromAsar is disabled, configured enabled',
    ])
  })

  it('says a removed or missing fuse is not as configured', async () => {
    const actual = await readFuses(binaryWith('short', 'r1'))
    expect(fuseMismatches({ RunAsNode: false, OnlyLoadAppFromAsar: true }, actual)).toEqual([
      'RunAsNode is removed, configured disabled',
      'OnlyLoadAppFromAsar is absent from the binary, configured enabled',
    ])
  })

  it('refuses a file that carries no fuse wire', async () => {
    const path = join(dir, 'not-electron')
    writeFileSync(path, 'plain text')
    await expect(readFuses(path)).rejects.toThrow(/Could not find sentinel/)
  })
})
