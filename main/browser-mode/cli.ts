// `npm run start:browser -- [--port N]`: serves the app in the browser on 127.0.0.1 and prints the address
// to open (token included). Data lives in MEDIADECK_DATA_DIR (default ~/.mediadeck-browser); a fresh one lands
// on the built-in Sandbox with demo data. Exit 2 on a bad argument, 1 when the server cannot start.
// `npm run dev` (scripts/dev.mjs) runs this under `tsx watch` with MEDIADECK_DEV_ORIGIN (Vite's dev server) and
// MEDIADECK_DEV_TOKEN, and a fixed --port, so every restart of main keeps the address the open page uses.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import electronLog from 'electron-log/node'
import { configureElectronLog, createRedactor } from '../host/logging'
import { parseArgs, USAGE } from './args'
import { startBrowserMode } from './server'

async function main(): Promise<void> {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`start:browser: ${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  if ('help' in args) {
    console.log(USAGE)
    return
  }
  const devOrigin = process.env.MEDIADECK_DEV_ORIGIN || undefined
  const devToken = process.env.MEDIADECK_DEV_TOKEN || undefined
  if ((devOrigin === undefined) !== (devToken === undefined)) {
    console.error(
      'start:browser: MEDIADECK_DEV_ORIGIN and MEDIADECK_DEV_TOKEN go together (npm run dev sets both)',
    )
    process.exit(2)
  }
  const dataDir = resolve(process.env.MEDIADECK_DATA_DIR ?? join(homedir(), '.mediadeck-browser'))
  const redactor = createRedactor()
  const logFile = join(dataDir, 'logs', 'browser-mode.log')
  const log = configureElectronLog(electronLog, { file: logFile, redactor })
  // A safety net under the server's own catches: one failed promise somewhere is logged, never the end of
  // the process every open page talks to.
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', reason))
  let mode
  try {
    // About shows the log file in this mode too (app:info's logFile).
    mode = await startBrowserMode({
      dataDir,
      port: args.port,
      token: devToken,
      devOrigin,
      hostOptions: { redactor, log, info: { logFile } },
    })
  } catch (error) {
    console.error(`start:browser: ${(error as Error).message}`)
    process.exit(1)
  }
  const state = mode.host.connection.current()
  console.log(
    devOrigin === undefined
      ? `Mediadeck (browser mode) is ready. Open:\n${mode.url}`
      : `Mediadeck main (development) is ready on ${mode.url} for the page at ${devOrigin}/`,
  )
  console.log(`data: ${dataDir} · profile: ${state.profileName} (${state.mode}) · Ctrl+C to stop`)
  let stopping = false
  const stop = () => {
    if (stopping) process.exit(130)
    stopping = true
    void mode.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

void main()
