// A benchmark's child script bundled as the CLI is (scripts/build-cli.mjs): one ES module with every
// dependency inside, run by plain Node. So its peak RSS is that of the code people run, without the
// TypeScript loader's own memory (tsx adds some 50 MB to a process).
import { build } from 'esbuild'
import { basename, join } from 'node:path'

export async function bundleScript(entry: string, outdir: string): Promise<string> {
  const outfile = join(outdir, basename(entry).replace(/\.ts$/, '.mjs'))
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  return outfile
}
