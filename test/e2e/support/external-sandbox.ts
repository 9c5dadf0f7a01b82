// The sandbox as another process, as a person runs it beside the app (`npm run sandbox -- --port P --data-dir D`,
// the contract of DESIGN.md): started on a port, stopped with SIGTERM, started again on the same port and data
// folder. The command is what `npm run sandbox` execs, run on this Node so its stop is the sandbox's own.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const CLI = resolve(import.meta.dirname, '../../../sandbox/cli.ts')

export interface ExternalSandbox {
  url: string
  port: number
  stop(): Promise<void>
}

/** Starts the sandbox and resolves once it printed its ready line with the base URL. */
export function startExternalSandbox(options: { port: number; dataDir: string }): Promise<ExternalSandbox> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', String(options.port), '--data-dir', options.dataDir],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: resolve(import.meta.dirname, '../../..') },
  )
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /Sandbox ready at (http:\/\/127\.0\.0\.1:(\d+))/.exec(stdout)
      if (match) ready({ url: match[1]!, port: Number(match[2]), stop: () => stop(child, exited) })
    })
    child.once('exit', (code) =>
      fail(new Error(`the sandbox exited (${code}) before it was ready: ${stderr}`)),
    )
  })
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  await exited
}
