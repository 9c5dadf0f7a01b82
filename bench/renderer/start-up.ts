// `npx tsx bench/renderer/start-up.ts [--baseline DIR]`: the first usable screen after the page opens, in
// Debian's Chromium through the browser mode, on a profile that points at a sandbox of its own. Usable means
// the planner's calendar shows the month's posts: the first animation frame where a service post is on it,
// read as performance.now() (from the navigation's start). Online, then offline: the sandbox stopped and the
// app's host started again on the same data folder, as after a flight. With --baseline, an older checkout
// (its own node_modules and built renderer, `npm run build:renderer` there) is measured in the same sitting by
// the same code, so the two figures are comparable on a shared machine. Writes the "Start-up" section of
// bench/RESULTS.md. `--runs N` takes N runs instead of 11 and `--no-write` only prints the section: for
// trying a change, not for the figure recorded.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from '@playwright/test'
import type * as BrowserModeModule from '../../main/browser-mode/index'
import type * as SandboxModule from '../../sandbox/index'
import { CHROMIUM_PATH, launchChromium } from '../../test/support/chromium'
import { formatMs, median, percentile, writeResultsSection } from '../support/results'

/** The value after `name` on the command line. */
const option = (name: string) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}
const RUNS = Number(option('--runs') ?? 11)
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs wants a whole number of runs, not ${option('--runs')}`)
const HERE = fileURLToPath(import.meta.url)
const OWN_ROOT = resolve(HERE, '../../..')
const POST = '[data-testid=planner-entry][data-key^="post:"]'

interface StartUp {
  online: Opened[]
  /** The first page after the host started again offline (its database and caches cold). */
  offlineColdHost: Opened
  offline: Opened[]
}

interface Opened {
  /** The first frame with a service post in the month. */
  usable: number
  /** The app's first frame (`app:painted`, renderer/main.ts): what the page costs before any data. */
  painted: number
}

/** Opens the planner in a fresh context (empty cache) and answers when its first service post was painted. */
async function firstUsable(browser: Browser, url: string): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 960 } })
  try {
    const page = await context.newPage()
    await page.goto(`${url}#/planner`)
    // Polled on every animation frame: the time is the first frame in which a post is in the calendar.
    const handle = await page.waitForFunction(
      (selector) => {
        const { document } = globalThis as unknown as { document: { querySelector(s: string): unknown } }
        return document.querySelector(selector) ? performance.now() : null
      },
      POST,
      { timeout: 30_000 },
    )
    const usable = (await handle.jsonValue()) as number
    const painted = await page.waitForFunction(
      () => performance.getEntriesByName('app:painted')[0]?.startTime,
    )
    return { usable, painted: (await painted.jsonValue()) as number }
  } finally {
    await context.close()
  }
}

/** Everything on one checkout (`root`), whose modules and built renderer are its own. */
async function measure(root: string): Promise<StartUp> {
  const { startBrowserMode } = (await import(
    join(root, 'main/browser-mode/index.ts')
  )) as typeof BrowserModeModule
  const { startSandbox } = (await import(join(root, 'sandbox/index.ts'))) as typeof SandboxModule
  const appDir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-start-app-'))
  const serviceDir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-start-service-'))
  const rendererDir = join(root, 'out/renderer')
  const service = await startSandbox({ dataDir: serviceDir, port: 0 })
  let mode = await startBrowserMode({ dataDir: appDir, rendererDir })
  const browser = await launchChromium()
  try {
    const saved = await mode.host.call('profiles:save', {
      name: 'Bench',
      baseUrl: service.url,
      accessKey: 'demo',
      secretKey: 'demo-secret',
    })
    await mode.host.call('profiles:activate', { id: saved.id })
    // Used online once: the planner's month, the library and the automations, as a person would.
    const page = await browser.newPage()
    await page.goto(`${mode.url}#/planner`)
    await page.locator(POST).first().waitFor()
    await page.goto(`${mode.url}#/library`)
    await page.getByTestId('stored-file').first().waitFor()
    await page.goto(`${mode.url}#/automations`)
    await page.getByTestId('automation-row').first().waitFor()
    await page.close()

    const online: Opened[] = []
    for (let run = 0; run < RUNS; run++) online.push(await firstUsable(browser, mode.url))

    await service.close()
    await mode.close()
    mode = await startBrowserMode({ dataDir: appDir, rendererDir })
    const offlineColdHost = await firstUsable(browser, mode.url)
    const offline: Opened[] = []
    for (let run = 0; run < RUNS; run++) offline.push(await firstUsable(browser, mode.url))
    return { online, offlineColdHost, offline }
  } finally {
    await browser.close()
    await mode.close()
    await service.close().catch(() => undefined)
    rmSync(appDir, { recursive: true, force: true })
    rmSync(serviceDir, { recursive: true, force: true })
  }
}

/** One checkout measured in a process of its own, so its modules never meet this tree's. */
function measureIn(root: string): StartUp {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', HERE, '--measure', root, '--runs', String(RUNS)],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  if (run.status !== 0) throw new Error(`start-up measure failed on ${root} (exit ${run.status})`)
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as StartUp
}

const ms = formatMs
const row = (values: readonly number[]) =>
  `${ms(median(values))} (p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))})`

const usable = (runs: readonly Opened[]) => runs.map((run) => run.usable)
const painted = (runs: readonly Opened[]) => runs.map((run) => run.painted)
/** What waiting for the data adds after the app's first frame, run by run. */
const dataWait = (runs: readonly Opened[]) => runs.map((run) => run.usable - run.painted)

function section(now: StartUp, before: StartUp | undefined, load: string): string {
  const p95 = percentile(usable(now.offline), 95)
  const lines = [
    '## Start-up',
    '',
    `Recorded by \`npx tsx bench/renderer/start-up.ts${before ? ' --baseline DIR' : ''}\` on ${new Date().toISOString()}: ${cpus().length} CPUs`,
    `(${cpus()[0]?.model.trim()}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, Chromium at \`${CHROMIUM_PATH}\` headless,`,
    `viewport 1440×960. Load average (1 min) ${load} (nothing else running at 1–2 on this machine): compare the`,
    'two columns as a ratio, not with figures of another sitting.',
    '',
    "First usable screen: the planner opened in a fresh browser context, from the page's navigation to the",
    `first frame with a service post in the month (median of ${RUNS} runs, p95 and max beside). The profile`,
    'points at a sandbox of its own, used online once (planner, library, automations); "offline" is after that',
    "sandbox stopped and the app's host started again on the same data folder. The app's first frame",
    '(`app:painted`) is what the page costs before any data; the wait for the data is the rest.',
    '',
    before
      ? '| Measure | Before (main, same sitting) | Now | Now ÷ before | Target | Met |'
      : '| Measure | Now | Target | Met |',
    before ? '| --- | --- | --- | --- | --- | --- |' : '| --- | --- | --- | --- |',
  ]
  const line = (label: string, pick: (s: StartUp) => number[], target = '', met = '') =>
    before
      ? `| ${label} | ${row(pick(before))} | ${row(pick(now))} | ${(median(pick(now)) / median(pick(before))).toFixed(2)} | ${target} | ${met} |`
      : `| ${label} | ${row(pick(now))} | ${target} | ${met} |`
  lines.push(
    line(
      'Offline, cold start: first usable screen',
      (s) => usable(s.offline),
      '< 1000 ms (p95)',
      p95 < 1000 ? 'yes' : 'no',
    ),
    line("Same: the app's first frame", (s) => painted(s.offline)),
    line('Same: first frame → usable (the data)', (s) => dataWait(s.offline)),
    line('Same, the first page after the host started', (s) => usable([s.offlineColdHost])),
    line('Online: first usable screen', (s) => usable(s.online)),
    line('Online: first frame → usable (the data)', (s) => dataWait(s.online)),
    '',
  )
  return lines.join('\n')
}

if (process.argv[2] === '--measure') {
  console.log(JSON.stringify(await measure(resolve(process.argv[3]!))))
} else {
  const baselineDir = option('--baseline')
  const baseline = baselineDir === undefined ? undefined : resolve(baselineDir)
  const loadStart = loadavg()[0]!.toFixed(2)
  const before = baseline ? measureIn(baseline) : undefined
  const now = measureIn(OWN_ROOT)
  const text = section(now, before, `${loadStart} at the start, ${loadavg()[0]!.toFixed(2)} at the end`)
  if (!process.argv.includes('--no-write')) await writeResultsSection('Start-up', text)
  console.log(text)
}
