// The benchmarks that measure two trees in one sitting (this one and a checkout of the baseline, each with its own
// node_modules and built renderer): the script runs itself once per tree, with `--root DIR`, in a process of
// its own whose last line of output is the tree's figures as JSON; the sitting then writes one section.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeResultsSection } from './results'

/** This repository's tree: the one measured as "now". */
export const HERE = fileURLToPath(new URL('../..', import.meta.url))

export const commitOf = (root: string): string =>
  spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || '?'

/**
 * Runs `script` for each tree (the baseline first, given with `--baseline DIR`) unless this process is one
 * such run (`--root DIR`: it measures and prints), then writes `heading`'s section from the figures.
 */
export async function measureTrees<T>(options: {
  script: string
  heading: string
  measure(root: string): Promise<T>
  section(now: T, before: T | undefined, load: string): string
}): Promise<void> {
  const argRoot = process.argv.indexOf('--root')
  if (argRoot !== -1) {
    console.log(JSON.stringify(await options.measure(resolve(process.argv[argRoot + 1]!))))
    return
  }
  const runOn = (root: string): T => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', options.script, '--root', root], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: root,
    })
    if (result.status !== 0) throw new Error(`${options.script} failed on ${root}`)
    return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as T
  }
  const baselineAt = process.argv.indexOf('--baseline')
  const baseline = baselineAt === -1 ? undefined : resolve(process.argv[baselineAt + 1]!)
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')
  const before = baseline ? runOn(baseline) : undefined
  const now = runOn(HERE)
  const text = options.section(now, before, load)
  await writeResultsSection(options.heading, text)
  console.log(text)
}
