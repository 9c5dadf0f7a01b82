// The storage doctor with 10,000 unused files, in Debian's Chromium through the browser mode: from the click
// that opens it in the Library to its first rows drawn. Target (issue 21): at most 2 s. The 10,000 files are
// seeded into the embedded sandbox's store through the sandbox's programmatic API (insertRecords) before the
// browser mode starts on that data folder. `--baseline DIR` measures an older checkout (its renderer built
// with `npm run build:renderer` there) in the same sitting; a run that draws nothing in BASELINE_CAP_MS is
// recorded as such.
//
// `npx tsx bench/storage-doctor.ts [--baseline DIR] [--write]` (`npm run bench -- --data-layer-only`).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startSandbox } from '../sandbox'
import { launchChromium } from '../test/support/chromium'
import { median, writeResultsSection } from './support/results'

const RUNS = 7
const FILES = 10_000
const BASELINE_RUNS = 1
const BASELINE_CAP_MS = 120_000
const here = fileURLToPath(new URL('..', import.meta.url))

interface BrowserModeModule {
  startBrowserMode(o: { dataDir: string }): Promise<{ url: string; close(): Promise<void> }>
}
interface SandboxConfigModule {
  embeddedSandboxConfig(): { users: Array<{ accessKey: string }> } & Record<string, unknown>
}

/** A data folder whose embedded sandbox holds FILES stored files no post names. */
async function seededDataFolder(root: string, tree: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-doctor-'))
  const { embeddedSandboxConfig } = (await import(
    pathToFileURL(join(root, 'main/host/embedded-sandbox.ts')).href
  )) as SandboxConfigModule
  const config = embeddedSandboxConfig()
  const sandbox = await startSandbox({
    port: 0,
    dataDir: join(dataDir, 'sandbox'),
    config: config as never,
    publisherIntervalMs: 0,
  })
  try {
    const now = new Date().toISOString()
    const files = Array.from({ length: FILES }, (_, i) => ({
      _id: `bench${String(i).padStart(19, '0')}`,
      filename: `unused-${tree}-${i}.jpg`,
      mimetype: 'image/jpeg',
      size: 10_000 + i,
      key: `uploads/bench/unused-${i}.jpg`,
      url: `${sandbox.url}/uploads/bench/unused-${i}.jpg`,
      status: 'success',
      createdAt: now,
      updatedAt: now,
    }))
    await sandbox.insertRecords(config.users[0]!.accessKey, { files })
  } finally {
    await sandbox.close()
  }
  return dataDir
}

/** Milliseconds from the click on "Find unused files" to the first row drawn; null past `capMs`. */
async function openDoctor(url: string, capMs: number): Promise<number | null> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 960 } })
    await page.goto(`${url}#/library`)
    const open = page.getByTestId('doctor-open')
    await open.waitFor({ timeout: 60_000 })
    const started = Date.now()
    await open.click()
    try {
      await page.getByTestId('doctor-file').first().waitFor({ timeout: capMs })
    } catch {
      return null
    }
    // The row is in the DOM; the figure ends once a frame has drawn it.
    await page.evaluate(
      () =>
        new Promise((done) =>
          (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame(
            () => setTimeout(done, 0),
          ),
        ),
    )
    return Date.now() - started
  } finally {
    await browser.close()
  }
}

async function measure(root: string, tree: string, runs: number, capMs: number) {
  const { startBrowserMode } = (await import(
    pathToFileURL(join(root, 'main/browser-mode/index.ts')).href
  )) as BrowserModeModule
  const dataDir = await seededDataFolder(root, tree)
  const mode = await startBrowserMode({ dataDir })
  const times: Array<number | null> = []
  try {
    for (let run = 0; run < runs; run++) times.push(await openDoctor(mode.url, capMs))
  } finally {
    await mode.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return times
}

const describe = (times: Array<number | null>) => {
  const done = times.filter((t): t is number => t !== null)
  if (done.length === 0) return `no row drawn in ${BASELINE_CAP_MS / 1000} s (${times.length} run)`
  return `${median(done).toFixed(0)} ms (median of ${done.length}; runs ${times.map((t) => t ?? 'none').join(', ')})`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--baseline')
  const baselineRoot = at > 0 ? resolve(process.argv[at + 1]!) : undefined
  const load = loadavg()[0]!.toFixed(2)
  const mine = await measure(here, 'new', RUNS, 60_000)
  const old =
    baselineRoot && existsSync(join(baselineRoot, 'out/renderer/index.html'))
      ? await measure(baselineRoot, 'old', BASELINE_RUNS, BASELINE_CAP_MS)
      : undefined
  const section = `## Storage doctor

From the click that opens the storage doctor in the Library to its first rows drawn, with ${FILES.toLocaleString('en')}
unused files seeded into the embedded sandbox's store through the sandbox's programmatic API, in Chromium through
the browser mode (a new browser for each run). Target (issue 21): at most 2 s. Measured
${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length}x ${cpus()[0]?.model ?? 'unknown CPU'} (load ${load} at the start).

| version | opening the doctor → first rows drawn |
|---|---|
| this version | ${describe(mine)} |
${old ? `| b68cfcf (${baselineRoot}) | ${describe(old)} |\n` : ''}
Run: \`npx tsx bench/storage-doctor.ts --baseline ../baseline --write\` (\`npm run bench -- --data-layer-only\`).
`
  console.log(section)
  if (process.argv.includes('--write')) await writeResultsSection('Storage doctor', section)
}
