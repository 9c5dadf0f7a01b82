// The CLI's process-bound parts (streams, the y/N question, Ctrl-C), shared by every host that runs it as a
// whole process: the `mediadeck` bin and `npm run cli` (./index.ts) and the app's `--cli` mode
// (main/app/cli-mode.ts). Everything testable stays in run-cli.ts.
import { createInterface } from 'node:readline/promises'
import type { CliIo } from './context'
import { guardOutput } from './output'

/** A y/N question on the terminal; anything but y or yes is no. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim())
  } finally {
    rl.close()
  }
}

/** The running process as the CLI's input and output; call once, before anything is written. */
export function processIo(): CliIo {
  // A reader that stops early (`| head -1`) is normal use, not a crash: see output.ts.
  for (const stream of [process.stdout, process.stderr]) {
    guardOutput(stream, (error) => {
      process.exitCode = 1
      if (stream !== process.stderr)
        process.stderr.write(`error: cannot write the output: ${error.message}\n`)
    })
  }
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY)
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: Boolean(process.stderr.isTTY),
    env: process.env,
    ...(interactive ? { confirm } : {}),
    onInterrupt(listener) {
      process.on('SIGINT', listener)
      process.on('SIGTERM', listener)
      return () => {
        process.off('SIGINT', listener)
        process.off('SIGTERM', listener)
      }
    },
  }
}

/** The exit code to leave: kept at 1 when the output itself could not be written (see processIo). */
export function finalExitCode(commandCode: number): number {
  return Number(process.exitCode) || commandCode
}
