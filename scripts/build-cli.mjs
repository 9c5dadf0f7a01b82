// Bundles the CLI into out/cli/: `mediadeck.js` (the bin, with its shebang) and chunks/, one per command and
// one per part commands share, so a command loads only what it runs (main/cli/command-registry.ts). Every
// dependency is bundled in, so out/cli is a package of its own with no dependencies: `npm pack out/cli` makes a
// tarball that `npm i -g` installs without the registry. Node's builtins (node:sqlite included) stay outside.
// The app's package.json points its `bin` at the same file. Run by `npm run build`, by `npm run cli` when the
// sources are newer than the bundle, before the integration tests, and alone: `npm run build:cli`.
import { build } from 'esbuild'
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const CLI_OUT = join(root, 'out/cli')
/** Written last: its presence says the bundle beside it is whole. */
export const CLI_STAMP = '.built'

/** Builds into a fresh folder, then swaps it in, so a run that is loading chunks never sees half a build. */
export async function buildCli(outdir = CLI_OUT) {
  const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const temp = `${outdir}.tmp-${process.pid}`
  rmSync(temp, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: { mediadeck: 'main/cli/bin.ts' },
    outdir: temp,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // The CommonJS dependencies bundled into ES modules still call require() for Node's builtins.
    banner: {
      js: "import { createRequire as __mediadeckRequire } from 'node:module'; const require = __mediadeckRequire(import.meta.url);",
    },
    // Less to parse at start-up; names kept so an error's stack still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  writeFileSync(
    join(temp, 'package.json'),
    JSON.stringify(
      {
        name: app.name,
        version: app.version,
        description: `${app.description} (command line)`,
        type: 'module',
        bin: { mediadeck: 'mediadeck.js' },
        engines: app.engines,
        files: ['mediadeck.js', 'chunks/'],
      },
      null,
      2,
    ) + '\n',
  )
  chmodSync(join(temp, 'mediadeck.js'), 0o755)
  writeFileSync(join(temp, CLI_STAMP), new Date().toISOString() + '\n')
  rmSync(outdir, { recursive: true, force: true })
  try {
    renameSync(temp, outdir)
  } catch (error) {
    // Another build swapped its folder in first: it is built from the same sources, so use that one.
    rmSync(temp, { recursive: true, force: true })
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  }
  return outdir
}

/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = ['main', 'common', 'package.json', 'package-lock.json', 'scripts/build-cli.mjs']

/** The newest modification time under the given files and folders. */
function newest(paths) {
  let latest = 0
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) continue
    if (stat.isDirectory()) latest = Math.max(latest, newest(readdirSync(path).map((n) => join(path, n))))
    else latest = Math.max(latest, stat.mtimeMs)
  }
  return latest
}

/** Builds out/cli when it is missing or older than a source; returns whether it built. */
export async function ensureCli() {
  const stamp = join(CLI_OUT, CLI_STAMP)
  const stale = !existsSync(stamp) || newest(SOURCES.map((p) => join(root, p))) > statSync(stamp).mtimeMs
  if (stale) await buildCli()
  return stale
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --if-stale: only when a source is newer than the bundle (the integration tests' set-up).
  const built = process.argv.includes('--if-stale') ? await ensureCli() : (await buildCli(), true)
  console.log(built ? 'built out/cli' : 'out/cli is up to date')
}
