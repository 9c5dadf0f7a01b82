// `npm run sandbox -- [--host 127.0.0.1] [--port N] [--data-dir DIR] [--config FILE]` (docs/design.md contract):
// runs in the foreground, prints the base URL once ready, exits 2 with one line on stderr for bad arguments.
import { mkdtempSync, readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { DEFAULT_SANDBOX_CONFIG, parseSandboxConfig, startSandbox, type SandboxConfig } from './index'

interface CliOptions {
  host: string
  port: number
  dataDir?: string
  configFile?: string
}

class UsageError extends Error {}

const USAGE = 'usage: npm run sandbox -- [--host 127.0.0.1] [--port N] [--data-dir DIR] [--config FILE]'

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { host: '127.0.0.1', port: 0 }
  const seen = new Set<string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') throw new UsageError(USAGE)
    const eq = arg.indexOf('=')
    const name = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg
    if (!['--host', '--port', '--data-dir', '--config'].includes(name)) {
      throw new UsageError(`unknown argument ${JSON.stringify(arg)}; ${USAGE}`)
    }
    if (seen.has(name)) throw new UsageError(`${name} given twice`)
    seen.add(name)
    const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
      throw new UsageError(`${name} needs a value`)
    }
    switch (name) {
      case '--host':
        if (value !== 'localhost' && isIP(value) === 0)
          throw new UsageError(`--host must be an IP address, got ${value}`)
        options.host = value
        break
      case '--port':
        if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
          throw new UsageError(`--port must be an integer 0..65535, got ${value}`)
        }
        options.port = Number(value)
        break
      case '--data-dir':
        options.dataDir = value
        break
      case '--config':
        options.configFile = value
        break
    }
  }
  return options
}

function loadConfig(file: string): SandboxConfig {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`--config: cannot read ${file}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`--config: ${file} is not valid JSON: ${(error as Error).message}`)
  }
  try {
    return parseSandboxConfig(json)
  } catch (error) {
    throw new UsageError(`--config: ${file}: ${(error as Error).message}`)
  }
}

async function main(): Promise<void> {
  let options: CliOptions
  let config: SandboxConfig
  try {
    options = parseArgs(process.argv.slice(2))
    config = options.configFile ? loadConfig(options.configFile) : DEFAULT_SANDBOX_CONFIG
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`sandbox: ${error.message}`)
    process.exit(2)
  }
  let dataDir = options.dataDir
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediadeck-sandbox-'))
    console.log(`No --data-dir given: using the temporary directory ${dataDir} (left in place on exit).`)
  }
  const sandbox = await startSandbox({
    host: options.host,
    port: options.port,
    dataDir: path.resolve(dataDir),
    config,
  })
  if (!options.configFile) {
    const user = config.users[0]!
    console.log(
      `No --config given: one ${user.tier} demo user, access key "${user.accessKey}", secret key "${user.secretKey}".`,
    )
  }
  console.log(`Storage origin: ${sandbox.storageUrl} (upload addresses and public file URLs)`)
  console.log(`Data dir: ${path.resolve(dataDir)}`)
  console.log(`Sandbox ready at ${sandbox.url}`)

  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    console.log(`sandbox: ${signal}, closing`)
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sandbox: close failed: ${String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  const e = error as NodeJS.ErrnoException
  console.error(
    `sandbox: ${e.code === 'EADDRINUSE' ? `port already in use (${e.message})` : (e?.message ?? String(error))}`,
  )
  process.exit(1)
})
