// The CLI's dispatcher: picks a command from the table by its leading words, runs it, and turns any failure
// into one line on stderr and an exit code (0 ok, 1 something failed, 2 usage) — docs/design.md, CLI contract.
// Commands are listed in ./command-registry.ts and loaded only when chosen; the service client and the network
// (undici) are loaded only once a command runs, so `--help` and usage errors stay quick.
import { AppError } from '../../common/errors'
import { UsageError } from './args'
import type { CliCommand, CliContext, CliIo, LazyCommand } from './context'
import { writeLine } from './context'
import { COMMAND_REGISTRY } from './command-registry'
import { createRedactor, type Redactor } from '../core/redaction'
import { describeError } from './describe-error'
import { envProfileResolver, firstProfile } from './profile'
import type { ProfileResolver } from './profile'

/** A command given whole (tests, other hosts) or as a registry entry that loads it on first use. */
export type CommandEntry = CliCommand | LazyCommand

export const CORE_COMMANDS: readonly CommandEntry[] = COMMAND_REGISTRY

/** The environment when it names a whole profile, else the app's saved active profile (env values still win). */
export const defaultProfileResolver: ProfileResolver = firstProfile(envProfileResolver, async (env) =>
  // Loaded on demand: reading the app's store brings its schema (zod) and conf along.
  (await import('./saved-profile')).savedProfileResolver(env),
)

export interface RunCliOptions extends CliIo {
  commands?: readonly CommandEntry[]
  resolveProfile?: ProfileResolver
  createClient?: CliContext['createClient']
  /** How the help names the CLI: `mediadeck` for the bin, `npm run cli --` (the default) in the repository. */
  program?: string
}

export function usageText(commands: readonly CommandEntry[], program = 'npm run cli --'): string {
  const width = Math.max(...commands.map((c) => c.usage.length))
  return [
    `usage: ${program} <command> [options]`,
    '',
    ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Credentials: MEDIADECK_BASE_URL, MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY, or the profile active in the',
    'app (its secret key from MEDIADECK_SECRET_KEY, except when the app itself runs the command: Mediadeck --cli,',
    'which reads it from the OS keychain); data: MEDIADECK_DATA_DIR.',
  ].join('\n')
}

/** Longest match of the command words, so `schedule retry` and a future `schedule` can coexist. */
export function findCommand<C extends CommandEntry>(
  commands: readonly C[],
  argv: string[],
): { command: C; rest: string[] } | undefined {
  const candidates = [...commands].sort((a, b) => b.name.length - a.name.length)
  for (const command of candidates) {
    if (command.name.every((word, i) => argv[i] === word))
      return { command, rest: argv.slice(command.name.length) }
  }
  return undefined
}

export async function runCli(argv: string[], options: RunCliOptions): Promise<number> {
  const commands = options.commands ?? CORE_COMMANDS
  const program = options.program ?? 'npm run cli --'
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    const stream = argv.length === 0 ? options.stderr : options.stdout
    writeLine(stream, usageText(commands, program))
    return argv.length === 0 ? 2 : 0
  }
  const found = findCommand(commands, argv)
  if (!found) {
    const known = [...new Set(commands.map((c) => c.name.join(' ')))].join(', ')
    writeLine(options.stderr, `error: unknown command ${JSON.stringify(argv.join(' '))} (commands: ${known})`)
    return 2
  }
  // Past `--` every word is an argument (a file named `--help`), not an option.
  const end = found.rest.indexOf('--')
  const flags = end === -1 ? found.rest : found.rest.slice(0, end)
  if (flags.includes('--help') || flags.includes('-h')) {
    writeLine(options.stdout, `usage: ${program} ${found.command.usage}`)
    return 0
  }
  try {
    const command = 'run' in found.command ? found.command : await found.command.load()
    return await command.run(found.rest, await commandContext(options))
  } catch (error) {
    if (error instanceof UsageError) {
      // One line on stderr (docs/design.md): the problem, then the command's usage.
      const usage = error.showUsage ? ` (usage: ${program} ${found.command.usage})` : ''
      writeLine(options.stderr, `error: ${error.message.split('\n')[0]}${usage}`)
      return 2
    }
    writeLine(options.stderr, `error: ${describeError(AppError.from(error), envRedactor(options.env))}`)
    return 1
  }
}

/** What a command is handed; the service client and undici are loaded here, once a command runs. */
async function commandContext(options: RunCliOptions): Promise<CliContext> {
  const [{ createServiceClient, describeUnreadable }, { envProxyDispatcher }] = await Promise.all([
    import('../core/service-client'),
    import('../core/http/network'),
  ])
  // HTTPS_PROXY / HTTP_PROXY / NO_PROXY of the CLI's environment, for the service and the storage alike.
  const network = envProxyDispatcher(options.env)
  return {
    ...options,
    resolveProfile: options.resolveProfile ?? defaultProfileResolver,
    createClient:
      options.createClient ??
      ((profile) =>
        createServiceClient({
          ...profile,
          network,
          // A record left out of a list is named on stderr, so stdout stays the list itself.
          onUnreadable: (note) => writeLine(options.stderr, `warning: ${describeUnreadable(note)}`),
        })),
    network,
  }
}

/** A redactor that knows the keys this run was given, whichever way the failure came. */
function envRedactor(env: NodeJS.ProcessEnv): Redactor {
  const redactor = createRedactor()
  const { MEDIADECK_ACCESS_KEY: accessKey, MEDIADECK_SECRET_KEY: secretKey } = env
  if (secretKey) redactor.addCredentials(accessKey ?? '', secretKey)
  return redactor
}
