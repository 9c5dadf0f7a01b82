// The process-bound entry of `npm run cli -- <command>` and of the `mediadeck` bin (./bin.ts loads it).
// Everything testable lives in run-cli.ts.
import { finalExitCode, processIo } from './process-io'
import { runCli } from './run-cli'

// npm sets npm_lifecycle_event to the script's name: the help then shows the spelling the person typed.
const program = process.env.npm_lifecycle_event === 'cli' ? 'npm run cli --' : 'mediadeck'
const exitCode = await runCli(process.argv.slice(2), { ...processIo(), program })
process.exitCode = finalExitCode(exitCode)
