// `npm run smoke:packaged [-- release-dir]`: starts the app `npm run dist` packed (release/, unpacked, with its
// fuses flipped) on a fresh data folder, waits for its window to show the app on the sandbox and for the
// database to be in that folder, takes a screenshot (.test-results/packaged-app.png) and quits. The forge's
// packaging job runs it on each system (.github/workflows/ci.yml); on Linux it needs a display (xvfb-run).
//
// Not Playwright's _electron.launch: it attaches to the main process through Node's inspector (--inspect=0),
// which the packaged app refuses (the enableNodeCliInspectArguments fuse, electron-builder.yml). The window is
// reached the way a browser is, through Chromium's own remote debugging port, which no fuse governs.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from '@playwright/test'

/**
 * Where electron-builder left the unpacked app of `platform` in `releaseDir`: `{ executable, fuseTarget }`, the
 * file to start and the one whose fuses to read (the .app bundle on macOS, the executable elsewhere).
 * electron-builder names the folder after the architecture (`linux-unpacked`, `mac-arm64`, `win-unpacked`,
 * `win-arm64-unpacked`), so each folder is looked in rather than one name guessed.
 */
export function findPackagedApp(
  releaseDir,
  platform,
  productName = 'Mediadeck',
  executableName = 'mediadeck',
) {
  const folders = existsSync(releaseDir)
    ? readdirSync(releaseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(releaseDir, entry.name))
        .sort()
    : []
  for (const folder of folders) {
    if (platform === 'darwin') {
      const app = join(folder, `${productName}.app`)
      const executable = join(app, 'Contents', 'MacOS', productName)
      if (existsSync(executable)) return { executable, fuseTarget: app }
    } else if (folder.endsWith('-unpacked')) {
      const executable = join(folder, platform === 'win32' ? `${productName}.exe` : executableName)
      if (existsSync(executable)) return { executable, fuseTarget: executable }
    }
  }
  throw new Error(
    `no unpacked ${productName} for ${platform} in ${releaseDir}/ (looked in: ${folders.join(', ') || 'nothing'}): ` +
      'package it first (npm run dist, as in CONTRIBUTING.md, "The forge\'s workflows")',
  )
}

/**
 * Starts `executable` with Chromium's remote debugging on a free port, connects to it and resolves once a page
 * whose address matches `url` has passed `ready(page)`. Resolves `{ page, output, close }`: close() disconnects
 * and ends the process. On a timeout, or when the process ends first, it rejects with what the process printed.
 */
export async function waitForWindow({
  executable,
  args = [],
  env = process.env,
  url,
  ready,
  timeoutMs = 60_000,
}) {
  const child = spawn(executable, ['--remote-debugging-port=0', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  // A program that could not be started at all (a wrong path) has an error and never an exit.
  const failed = new Promise((resolve) => child.once('error', resolve))
  const exited = Promise.race([
    new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    failed.then((error) => ({ error })),
  ])
  const endpoint = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString()
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then(({ code, signal, error }) =>
      reject(error ?? new Error(`it ended (${signal ?? code}) before its window`)),
    )
  })
  let browser
  const close = async () => {
    await browser?.close().catch(() => undefined)
    if (child.exitCode === null && child.signalCode === null) child.kill()
    // Asked to quit, the app closes its host first; one that has not ended 15 s later is killed.
    const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(stuck)
  }
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no window at ${url} within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    const page = await Promise.race([
      (async () => {
        // noDefaults: Electron's browser target has no download settings for Playwright to apply.
        browser = await chromium.connectOverCDP(await endpoint, { noDefaults: true })
        const context = browser.contexts()[0]
        if (!context) throw new Error('connected, but found no browser context')
        const matching = () => context.pages().find((p) => url.test(p.url()))
        // A window may not exist yet, or still be on its way to its address: wait for either to change.
        let found = matching()
        while (!found) {
          await Promise.race([
            context.waitForEvent('page', { timeout: 0 }),
            ...context.pages().map((p) => p.waitForURL(url, { timeout: 0, waitUntil: 'commit' })),
          ])
          found = matching()
        }
        await ready(found)
        return found
      })(),
      timeout,
    ])
    return { page, output: () => output, close }
  } catch (error) {
    await close()
    throw new Error(`${executable}: ${error.message}\n--- what it printed ---\n${output}`, { cause: error })
  } finally {
    clearTimeout(timer)
  }
}

async function main() {
  const releaseDir = process.argv[2] ?? 'release'
  const { executable } = findPackagedApp(releaseDir, process.platform)
  const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-packaged-'))
  console.log(`smoke: starting ${executable} on the fresh data folder ${dataDir}`)
  const app = await waitForWindow({
    executable,
    env: { ...process.env, MEDIADECK_DATA_DIR: dataDir },
    url: /^app:\/\/mediadeck\//,
    // The shell is up (its navigation) on the built-in sandbox a fresh data folder starts with.
    ready: async (page) => {
      await page.getByRole('navigation').first().waitFor({ timeout: 0 })
      await page.getByTestId('sandbox-badge').waitFor({ timeout: 0 })
    },
    timeoutMs: Number(process.env.MEDIADECK_SMOKE_TIMEOUT_MS ?? 120_000),
  })
  try {
    mkdirSync('.test-results', { recursive: true })
    await app.page.screenshot({ path: join('.test-results', 'packaged-app.png') })
    // main opened its database in the data folder it was given (main/core/db/).
    if (!existsSync(join(dataDir, 'mediadeck.db')))
      throw new Error(`the app showed its window but made no database in ${dataDir}`)
    console.log(`smoke: the packaged app opened its window at ${app.page.url()} and its database`)
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`smoke: ${error.message}`)
    process.exit(1)
  })
}
