// The README's test command: the vitest projects (unit, integration against the real sandbox, renderer
// components), then the Playwright e2e suite in Debian's Chromium. It ends with one plain
// "tests: N passed, N failed" line so CI can read the outcome, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const resultsDir = '.test-results'
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

// How long each part took, printed at the end: a slow run says where its time went.
const durations = []
function run(command, args, part) {
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false })
  if (part) durations.push(`${part} ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result.status ?? 1
}

// The same npm scripts as the forge's workflow (.github/workflows/ci.yml), so both run one set of commands.
const vitestStatus = run(
  'npm',
  [
    'run',
    'test:vitest',
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsDir}/vitest.json`,
  ],
  'vitest',
)

// test:e2e builds the renderer first (a fresh clone has none): the suite drives it through the browser mode.
let playwrightStatus = 0
if (existsSync('test/e2e')) playwrightStatus = run('npm', ['run', 'test:e2e'], 'renderer build and e2e')

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

let passed = 0
let failed = 0
let skipped = 0
const vitest = readJson(`${resultsDir}/vitest.json`)
if (vitest) {
  passed += vitest.numPassedTests ?? 0
  failed += vitest.numFailedTests ?? 0
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)
} else if (vitestStatus !== 0) {
  failed += 1
}
const playwright = readJson(`${resultsDir}/playwright.json`)
if (playwright?.stats) {
  passed += playwright.stats.expected ?? 0
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0)
  skipped += playwright.stats.skipped ?? 0
} else if (playwrightStatus !== 0) {
  failed += 1
}

// CI keeps only the tail of what a run prints: name what failed there, each with its first line of error.
const failures = []
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status !== 'failed') continue
    const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0]
    failures.push(`${file.name.replace(process.cwd() + '/', '')} › ${test.fullName ?? test.title}: ${reason}`)
  }
  if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
    failures.push(
      `${file.name.replace(process.cwd() + '/', '')}: ${String(file.message ?? '').split('\n')[0]}`,
    )
  }
}
function playwrightFailures(suites, titles) {
  for (const suite of suites ?? []) {
    const path = suite.file ? [suite.file] : [...titles, suite.title]
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue
        const error = test.results?.find((result) => result.error)?.error?.message ?? ''
        failures.push(
          `${[...path, spec.title].join(' › ')} (${test.status}): ${String(error).split('\n')[0]}`,
        )
      }
    }
    playwrightFailures(suite.suites, path)
  }
}
playwrightFailures(playwright?.suites, [])

const ok = vitestStatus === 0 && playwrightStatus === 0 && failed === 0 && passed > 0
console.log(`\ntook: ${durations.join(', ')}`)
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
