// Bundles the Electron side into out/: main (ESM, dependencies left to node_modules so electron-builder packs
// them), the preload (CommonJS: a sandboxed preload cannot load ES modules or Node builtins, so everything it
// uses is bundled in), and the browser-mode bridge (an IIFE the browser-mode server injects into the page).
// The command-line tool goes to out/cli (scripts/build-cli.mjs), the `mediadeck` bin of package.json.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { buildCli } from './build-cli.mjs'

const common = { bundle: true, sourcemap: true, logLevel: 'warning', legalComments: 'none' }

for (const dir of ['out/main', 'out/preload', 'out/browser-bridge'])
  rmSync(dir, { recursive: true, force: true })

await Promise.all([
  buildCli(),
  build({
    ...common,
    entryPoints: ['main/index.ts'],
    outfile: 'out/main/index.js',
    platform: 'node',
    format: 'esm',
    // Electron 45 runs Node 24 (its own typings depend on @types/node 24).
    target: 'node24',
    packages: 'external',
    external: ['electron'],
  }),
  build({
    ...common,
    entryPoints: ['preload/index.ts'],
    outfile: 'out/preload/index.cjs',
    // The contract's zod schemas come along with its names; minified, the preload stays quick to evaluate.
    minify: true,
    platform: 'browser',
    format: 'cjs',
    // Electron 45 ships Chromium 156.
    target: 'chrome156',
    external: ['electron'],
  }),
  build({
    ...common,
    entryPoints: ['preload/browser-bridge.ts'],
    outfile: 'out/browser-bridge/browser-bridge.js',
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome130',
  }),
])
console.log('built out/main, out/preload, out/browser-bridge, out/cli')
