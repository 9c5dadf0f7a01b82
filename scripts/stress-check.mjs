// `npm run stress-check [-- --runs N] [-- --no-e2e] [-- --keep-going]`: the check of issue 25 part 1, to be run
// by hand (not in CI). It starts Debian's `stress-ng --cpu 2` beside the suite, runs the vitest projects N times
// in a row (3 by default), then the Playwright e2e suite once, stops stress-ng and prints one summary: each
// run's result, duration and the load average seen. A test that passes only on an idle machine reads the wall
// clock or needs more CPU than it should; this makes it show. It stops at the first failing run (the check has
// failed by then) unless --keep-going. Exits 0 only when every run passed.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  return at === -1 ? fallback : Number(args[at + 1])
}
const runs = option('--runs', 3)
const cpus = option('--cpu', 2)
const withE2e = !args.includes('--no-e2e')
const keepGoing = args.includes('--keep-going')
if (!Number.isInteger(runs) || runs < 0 || !Number.isInteger(cpus) || cpus < 1) {
  console.error('usage: npm run stress-check -- [--runs N] [--cpu N] [--no-e2e] [--keep-going]')
  process.exit(2)
}
if (spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('stress-check: stress-ng is not installed (Debian: sudo apt-get install -y stress-ng)')
  process.exit(2)
}

const dir = '.test-results/stress'
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })

// The load average over the whole check, sampled every 10 s: the summary gives the range, so a result can be
// read against how busy the machine really was.
const load = () => loadavg()[0]
let loadMin = load()
let loadMax = loadMin
const sampler = setInterval(() => {
  loadMin = Math.min(loadMin, load())
  loadMax = Math.max(loadMax, load())
}, 10_000)

const stress = spawn('stress-ng', ['--cpu', String(cpus), '--timeout', '0', '--quiet'], { stdio: 'ignore' })
const stopStress = () => {
  if (stress.exitCode === null && stress.signalCode === null) stress.kill('SIGTERM')
}
// The command running now: stopped with stress-ng when the check is interrupted, so nothing is left behind.
let current
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill('SIGTERM')
    stopStress()
    process.exit(130)
  })
}
console.log(`stress-check: stress-ng --cpu ${cpus} started (pid ${stress.pid}), load ${load().toFixed(2)}`)

/** Runs a command to its end without blocking the event loop (the load sampler keeps going). */
function run(command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env })
    current = child
    child.on('close', (code) => {
      current = undefined
      resolve(code ?? 1)
    })
  })
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

const results = []
async function phase(name, body) {
  const loadBefore = load()
  const started = performance.now()
  const outcome = await body()
  const seconds = (performance.now() - started) / 1000
  results.push({ name, seconds, loadBefore, loadAfter: load(), ...outcome })
  const last = results.at(-1)
  console.log(
    `stress-check: ${name}: ${last.ok ? 'passed' : 'FAILED'}, ${last.counts}, ${seconds.toFixed(0)} s`,
  )
  return last.ok
}

async function vitestRun(index) {
  const output = `${dir}/vitest-${index}.json`
  const status = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ])
  const report = readJson(output)
  const failures = (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${file.name.replace(`${process.cwd()}/`, '')}: ${test.fullName}`),
  )
  const passed = report?.numPassedTests ?? 0
  const failed = report?.numFailedTests ?? 0
  return {
    ok: status === 0 && failed === 0 && passed > 0,
    counts: `${passed} passed, ${failed} failed`,
    failures: failures.length > 0 || status === 0 ? failures : [`vitest exited ${status} (see its output)`],
  }
}

async function e2eRun() {
  const built = await run('npm', ['run', 'build:renderer'])
  if (built !== 0) return { ok: false, counts: 'renderer build failed', failures: [] }
  const status = await run('npx', ['playwright', 'test'])
  // playwright.config.ts writes its JSON report here.
  const stats = readJson('.test-results/playwright.json')?.stats ?? {}
  const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0)
  return {
    ok: status === 0 && failed === 0 && (stats.expected ?? 0) > 0,
    counts: `${stats.expected ?? 0} passed, ${failed} failed or flaky, ${stats.skipped ?? 0} skipped`,
    failures: status === 0 ? [] : ['see the Playwright output above (.test-results/e2e/ keeps the traces)'],
  }
}

let ok = true
try {
  for (let index = 1; index <= runs && (ok || keepGoing); index++) {
    ok = (await phase(`vitest run ${index}/${runs}`, () => vitestRun(index))) && ok
  }
  if (withE2e && (ok || keepGoing)) ok = (await phase('e2e', e2eRun)) && ok
} finally {
  stopStress()
  clearInterval(sampler)
}

console.log(
  `\nstress-check: beside stress-ng --cpu ${cpus}, load average (1 min) ${loadMin.toFixed(1)}–${loadMax.toFixed(1)}`,
)
for (const r of results) {
  console.log(
    `  ${r.name}: ${r.ok ? 'passed' : 'FAILED'}, ${r.counts}, ${r.seconds.toFixed(0)} s, load ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)}`,
  )
  for (const failure of r.failures) console.log(`    ${failure}`)
}
console.log(`stress-check: ${ok && results.length > 0 ? 'passed' : 'FAILED'}`)
process.exit(ok && results.length > 0 ? 0 : 1)
