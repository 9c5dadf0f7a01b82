// Where the Electron binary is, for the specs that drive the real app through Playwright's Electron driver,
// and why they skip where it is absent.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The binary's path as the electron package records it, without requiring the package: since Electron 3x its
 * index.js tries to download a missing binary on first require, which must not happen on a machine without it.
 * Where the binary must be there (the forge's CI sets MEDIADECK_REQUIRE_ELECTRON=1), its absence is an error
 * that fails the spec instead of a skip nobody reads.
 */
export function electronBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const binary = findElectronBinary()
  if (binary === undefined && env.MEDIADECK_REQUIRE_ELECTRON === '1')
    throw new Error(
      'MEDIADECK_REQUIRE_ELECTRON=1 but the Electron binary is not installed: run `npm ci` without ' +
        'ELECTRON_SKIP_BINARY_DOWNLOAD (node_modules/electron/path.txt and dist/ are missing)',
    )
  return binary
}

function findElectronBinary(): string | undefined {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
    const pathFile = join(dir, 'path.txt')
    if (!existsSync(pathFile)) return undefined
    const executable = readFileSync(pathFile, 'utf8').trim()
    const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist')
    const binary = join(distDir, executable)
    return existsSync(binary) ? binary : undefined
  } catch {
    return undefined
  }
}

export const ELECTRON_SKIP_REASON =
  'Needs the Electron binary, which this machine cannot download (its host is unreachable, so installs use ' +
  'ELECTRON_SKIP_BINARY_DOWNLOAD=1). Runs on a developer machine or a CI with that host reachable: ' +
  '`npm ci` without the variable, then `npm run test:e2e` (Linux needs a display, e.g. xvfb-run)'
