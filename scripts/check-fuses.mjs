// `npm run check:fuses [-- release-dir]`: reads the fuses of the app `npm run dist` packed and compares them
// with the electronFuses of the configuration the build used (electron-builder.yml, loaded by electron-builder's
// own loader). It reads what `npx @electron/fuses read --app <path>` prints, through the same library
// (@electron/fuses), and fails naming each fuse that is not as configured. The forge's packaging job runs it.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { findPackagedApp } from './smoke-packaged.mjs'

const require = createRequire(import.meta.url)

/** `electronFuses: { runAsNode: false, … }` as the fuse names of the wire: `{ RunAsNode: false, … }`. */
export function expectedFuses(electronFuses) {
  const expected = {}
  for (const [key, enabled] of Object.entries(electronFuses ?? {})) {
    const name = key[0].toUpperCase() + key.slice(1)
    if (typeof enabled !== 'boolean') continue
    if (!(name in FuseV1Options)) throw new Error(`electronFuses.${key} is no fuse @electron/fuses knows`)
    expected[name] = enabled
  }
  return expected
}

/** The fuses of the Electron binary (or macOS .app) at `path`: `{ RunAsNode: 'disabled', … }`. */
export async function readFuses(path) {
  const wire = await getCurrentFuseWire(path)
  // The wire's bytes are ASCII '1', '0' and 'r' (FuseState in @electron/fuses' constants, which it does not export).
  const states = { 49: 'enabled', 48: 'disabled', 114: 'removed' }
  const fuses = {}
  for (const [index, state] of Object.entries(wire)) {
    if (index === 'version') continue
    const name = FuseV1Options[Number(index)] ?? `fuse ${index}`
    fuses[name] = states[state] ?? `unknown state ${state}`
  }
  return fuses
}

/** Each configured fuse whose state in the binary differs, as a sentence, in the wire's order. */
export function fuseMismatches(expected, actual) {
  return Object.entries(expected)
    .sort(([a], [b]) => FuseV1Options[a] - FuseV1Options[b])
    .filter(([name, enabled]) => actual[name] !== (enabled ? 'enabled' : 'disabled'))
    .map(
      ([name, enabled]) =>
        `${name} is ${actual[name] ?? 'absent from the binary'}, configured ${enabled ? 'enabled' : 'disabled'}`,
    )
}

async function main() {
  const releaseDir = process.argv[2] ?? 'release'
  const { fuseTarget } = findPackagedApp(releaseDir, process.platform)
  const builder = require('app-builder-lib/out/util/config/config')
  const config = await builder.getConfig(process.cwd(), null)
  const expected = expectedFuses(config.electronFuses)
  const actual = await readFuses(fuseTarget)
  console.log(`fuses of ${fuseTarget}:`)
  for (const [name, state] of Object.entries(actual)) console.log(`  ${name} is ${state}`)
  const mismatches = fuseMismatches(expected, actual)
  if (Object.keys(expected).length === 0) mismatches.push('electron-builder.yml configures no fuse')
  if (mismatches.length > 0) {
    for (const line of mismatches) console.error(`check:fuses: ${line}`)
    process.exit(1)
  }
  console.log(`check:fuses: all ${Object.keys(expected).length} configured fuses read as configured`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`check:fuses: ${error.message}`)
    process.exit(1)
  })
}
