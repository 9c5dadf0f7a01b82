// What every CLI command is handed: its streams, the environment and the way to reach the service.
// Passing these in (instead of touching process.*) is what lets the tests run commands in-process.
import type { Writable } from 'node:stream'
import type { ServiceClient } from '../core/service-client'
import type { DispatcherFactory } from '../core/http/network'
import type { CliProfile, ProfileResolver } from './profile'

export interface CliIo {
  stdout: Writable
  stderr: Writable
  /** Whether stderr is a terminal (progress bar) — false in tests and pipes. */
  isTTY: boolean
  env: NodeJS.ProcessEnv
  /** Ctrl-C and friends; commands that hold work in flight subscribe to stop it cleanly. */
  onInterrupt(listener: () => void): () => void
  /**
   * Asks a yes/no question and resolves true for yes. Present only when there is a person to answer (stdin and
   * stderr are terminals): a command that needs consent and finds none refuses instead of guessing.
   */
  confirm?(question: string): Promise<boolean>
  /** The clock of the commands that wait on time (the outbox's looks for an unanswered create); the real one by default. */
  now?: () => Date
}

export interface CliContext extends CliIo {
  resolveProfile: ProfileResolver
  createClient(profile: CliProfile): ServiceClient
  /** How the service and the storage are reached: through the proxy the environment names, if any. */
  network: DispatcherFactory
}

export interface CliCommand {
  /** The words that select the command: ['upload'], ['schedule', 'retry']. */
  name: string[]
  usage: string
  summary: string
  /** Returns the exit code: 0 all asked for succeeded, 1 something failed. Throws UsageError for 2. */
  run(argv: string[], ctx: CliContext): Promise<number>
}

export function writeLine(stream: Writable, line: string): void {
  stream.write(line + '\n')
}

/** `--json`: one object per line. */
export function writeJson(stream: Writable, value: unknown): void {
  stream.write(JSON.stringify(value) + '\n')
}

/** A listing: each item as one JSON object a line with `--json` (the option's parsed value), else a line of words. */
export function writeEach<T>(
  stream: Writable,
  items: readonly T[],
  json: unknown,
  asJson: (item: T) => unknown,
  asLine: (item: T) => string,
): void {
  for (const item of items) {
    if (json) writeJson(stream, asJson(item))
    else writeLine(stream, asLine(item))
  }
}

/**
 * A command as the registry lists it (main/cli/command-registry.ts): what `--help` prints, and how to load the
 * module that runs it. The module is imported only when the command is chosen, so the CLI starts light.
 */
export interface LazyCommand {
  name: string[]
  usage: string
  summary: string
  load(): Promise<CliCommand>
}
