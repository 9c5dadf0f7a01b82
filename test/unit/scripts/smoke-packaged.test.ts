// Where the packaging job's smoke test finds the app electron-builder unpacked, on each system's layout, laid
// out here as real folders. Starting it and reaching its window: test/integration/packaging/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import { findPackagedApp as findUntyped } from '../../../scripts/smoke-packaged.mjs'

const findPackagedApp = findUntyped as (
  releaseDir: string,
  platform: string,
) => { executable: string; fuseTarget: string }

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A release folder holding `files` (paths inside it), each an empty file. */
function release(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-release-'))
  dirs.push(dir)
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), '')
  }
  return dir
}

describe('scripts/smoke-packaged.mjs findPackagedApp', () => {
  it('finds the Linux executable in linux-unpacked, beside the AppImage and deb', () => {
    const dir = release(['Mediadeck-0.1.0.AppImage', 'mediadeck_0.1.0_amd64.deb', 'linux-unpacked/mediadeck'])
    const executable = join(dir, 'linux-unpacked', 'mediadeck')
    expect(findPackagedApp(dir, 'linux')).toEqual({ executable, fuseTarget: executable })
  })

  it('finds the Windows executable in an architecture-named folder', () => {
    const dir = release(['Mediadeck Setup 0.1.0.exe', 'win-arm64-unpacked/Mediadeck.exe'])
    const executable = join(dir, 'win-arm64-unpacked', 'Mediadeck.exe')
    expect(findPackagedApp(dir, 'win32')).toEqual({ executable, fuseTarget: executable })
  })

  it('starts the macOS executable inside the .app and reads the fuses of the bundle', () => {
    const dir = release(['Mediadeck-0.1.0-arm64.dmg', 'mac-arm64/Mediadeck.app/Contents/MacOS/Mediadeck'])
    const app = join(dir, 'mac-arm64', 'Mediadeck.app')
    expect(findPackagedApp(dir, 'darwin')).toEqual({
      executable: join(app, 'Contents', 'MacOS', 'Mediadeck'),
      fuseTarget: app,
    })
  })

  it('says what to run when nothing was packed, and where it looked', () => {
    const dir = release(['builder-debug.yml', 'mac-arm64/notes.txt'])
    expect(() => findPackagedApp(dir, 'linux')).toThrow(
      /no unpacked Mediadeck for linux .*package it first \(npm run dist/,
    )
    expect(() => findPackagedApp(join(dir, 'absent'), 'darwin')).toThrow(/looked in: nothing/)
  })
})
