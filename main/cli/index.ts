// `npm run cli -- <command>`: the process-bound entry. Everything testable lives in run-cli.ts.
import { runCli } from './run-cli'

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
  onInterrupt(listener) {
    process.on('SIGINT', listener)
    process.on('SIGTERM', listener)
    return () => {
      process.off('SIGINT', listener)
      process.off('SIGTERM', listener)
    }
  },
})
process.exitCode = exitCode
