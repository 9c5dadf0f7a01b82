// `npm run cli -- <command>`: the process-bound entry. Everything testable lives in run-cli.ts.
import { createInterface } from 'node:readline/promises'
import { guardOutput } from './output'
import { runCli } from './run-cli'

// A reader that stops early (`| head -1`) is normal use, not a crash: see output.ts.
for (const stream of [process.stdout, process.stderr]) {
  guardOutput(stream, (error) => {
    process.exitCode = 1
    if (stream !== process.stderr) process.stderr.write(`error: cannot write the output: ${error.message}\n`)
  })
}

/** A y/N question on the terminal; anything but y or yes is no. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim())
  } finally {
    rl.close()
  }
}

const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY)

const exitCode = await runCli(process.argv.slice(2), {
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
})
// Kept at 1 when the output itself could not be written (see above).
process.exitCode = process.exitCode || exitCode
