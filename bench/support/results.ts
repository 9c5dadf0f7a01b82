// What every benchmark shares: order statistics, and the one `## ` section of bench/RESULTS.md it owns.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'

export const RESULTS_FILE = fileURLToPath(new URL('../RESULTS.md', import.meta.url))

/** Nearest-rank percentile (p in 0..100) of a non-empty sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty sample')
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export const median = (values: readonly number[]): number => percentile(values, 50)

export const formatMs = (value: number): string => `${value.toFixed(1)} ms`

/**
 * Replaces the section that starts with `## {heading}` (up to the next `## `), or appends it, and leaves the
 * other benchmarks' sections as they are. Formatted as `prettier --check .` (npm run lint) expects.
 */
export async function writeResultsSection(heading: string, section: string): Promise<void> {
  const current = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmarks\n'
  const start = current.indexOf(`\n## ${heading}`)
  let next: string
  if (start === -1) {
    next = current.trimEnd() + '\n\n' + section
  } else {
    const after = current.indexOf('\n## ', start + 1)
    next = current.slice(0, start) + '\n' + section + (after === -1 ? '' : current.slice(after))
  }
  const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {}
  writeFileSync(
    RESULTS_FILE,
    await prettier.format(next.trimEnd() + '\n', { ...options, filepath: RESULTS_FILE }),
  )
}
