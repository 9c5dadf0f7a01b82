// Running the built CLI as a script does (a child process on Node) against a sandbox, and reading its
// `--json` output: what the CLI's integration tests share.
import { spawn } from 'node:child_process'
import { cliArgs } from './cli-bin'

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `mediadeck ARGS` with this environment over the test's own; resolves when it exits. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArgs(args), { env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The objects of `--json` output, one a line. */
export const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>) // eslint-disable-line @typescript-eslint/no-explicit-any
