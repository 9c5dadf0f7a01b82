// The integration tests run the CLI as people do: the built `mediadeck` bin (out/cli/mediadeck.js) on Node,
// with no TypeScript loader. The project's globalSetup (vitest.config.ts) builds it once when a source is newer
// than the bundle, before any test file starts, so no two test files rebuild it under each other.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const CLI_BIN = fileURLToPath(new URL('../../../out/cli/mediadeck.js', import.meta.url))

/** Node and the arguments that run the bin: `spawn(process.execPath, cliArgs(['stats']))`. */
export function cliArgs(args: readonly string[]): string[] {
  return [CLI_BIN, ...args]
}

export default function setup(): void {
  const script = fileURLToPath(new URL('../../../scripts/build-cli.mjs', import.meta.url))
  const result = spawnSync(process.execPath, [script, '--if-stale'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`building the CLI failed (exit ${result.status})`)
}
