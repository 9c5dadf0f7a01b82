// `npx tsx bench/timing/run.ts`: the wall-clock checks of bench/timing/ (a rate, a duration), run by
// `npm run bench` after the uploads and never by `npm test` (see bench/timing/vitest.config.ts). Prints
// each figure, and the load average beside it: a miss under load says as much about the machine as the code.
// Exits non-zero when a check fails.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

const config = fileURLToPath(new URL('./vitest.config.ts', import.meta.url))
const loadBefore = loadavg()[0]!
const started = performance.now()
const result = spawnSync('npx', ['vitest', 'run', '--config', config], { stdio: 'inherit' })
console.log(
  `timing checks: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `load average (1 min) ${loadBefore.toFixed(2)} at the start and ${loadavg()[0]!.toFixed(2)} at the end`,
)
process.exit(result.status ?? 1)
