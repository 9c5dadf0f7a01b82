// The CLI's dispatcher: picks a command from the table by its leading words, runs it, and turns any failure
// into one line on stderr and an exit code (0 ok, 1 something failed, 2 usage) — docs/design.md, CLI contract.
// Later commands (`drafts add`, `drafts list`, `sync`) plug in by adding a CliCommand to the table.
import { AppError } from '../../common/errors'
import { createServiceClient, describeUnreadable } from '../core/service-client'
import { envProxyDispatcher } from '../core/http/network'
import { UsageError } from './args'
import type { CliCommand, CliContext, CliIo } from './context'
import { writeLine } from './context'
import { automationsCommand } from './commands/automations'
import { automationSetCommand, automationShowCommand } from './commands/automation-show'
import { reportRetryCommand, reportsCommand } from './commands/reports'
import { draftsAddCommand, draftsListCommand } from './commands/drafts'
import { scheduleRetryCommand } from './commands/schedule-retry'
import { schedulesCommand } from './commands/schedules'
import { statsCommand } from './commands/stats'
import { storageFreeCommand, storageUnusedCommand } from './commands/storage'
import { syncCommand } from './commands/sync'
import { uploadCommand } from './commands/upload'
import { createRedactor, type Redactor } from '../core/redaction'
import { describeError } from './describe-error'
import { envProfileResolver, firstProfile } from './profile'
import type { ProfileResolver } from './profile'
import { savedProfileResolver } from './saved-profile'

export const CORE_COMMANDS: readonly CliCommand[] = [
  uploadCommand,
  statsCommand,
  automationsCommand,
  automationShowCommand,
  automationSetCommand,
  reportsCommand,
  reportRetryCommand,
  schedulesCommand,
  scheduleRetryCommand,
  draftsAddCommand,
  draftsListCommand,
  syncCommand,
  storageUnusedCommand,
  storageFreeCommand,
]

/** The environment when it names a whole profile, else the app's saved active profile (env values still win). */
export const defaultProfileResolver: ProfileResolver = firstProfile(envProfileResolver, savedProfileResolver)

export interface RunCliOptions extends CliIo {
  commands?: readonly CliCommand[]
  resolveProfile?: ProfileResolver
  createClient?: CliContext['createClient']
}

export function usageText(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.usage.length))
  return [
    'usage: npm run cli -- <command> [options]',
    '',
    ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Credentials: MEDIADECK_BASE_URL, MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY, or the profile active in the',
    'app (its secret key still from MEDIADECK_SECRET_KEY); data: MEDIADECK_DATA_DIR.',
  ].join('\n')
}

/** Longest match of the command words, so `schedule retry` and a future `schedule` can coexist. */
export function findCommand(
  commands: readonly CliCommand[],
  argv: string[],
): { command: CliCommand; rest: string[] } | undefined {
  const candidates = [...commands].sort((a, b) => b.name.length - a.name.length)
  for (const command of candidates) {
    if (command.name.every((word, i) => argv[i] === word))
      return { command, rest: argv.slice(command.name.length) }
  }
  return undefined
}

export async function runCli(argv: string[], options: RunCliOptions): Promise<number> {
  const commands = options.commands ?? CORE_COMMANDS
  // HTTPS_PROXY / HTTP_PROXY / NO_PROXY of the CLI's environment, for the service and the storage alike.
  const network = envProxyDispatcher(options.env)
  const ctx: CliContext = {
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
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    const stream = argv.length === 0 ? ctx.stderr : ctx.stdout
    writeLine(stream, usageText(commands))
    return argv.length === 0 ? 2 : 0
  }
  const found = findCommand(commands, argv)
  if (!found) {
    const known = [...new Set(commands.map((c) => c.name.join(' ')))].join(', ')
    writeLine(ctx.stderr, `error: unknown command ${JSON.stringify(argv.join(' '))} (commands: ${known})`)
    return 2
  }
  if (found.rest.includes('--help') || found.rest.includes('-h')) {
    writeLine(ctx.stdout, `usage: npm run cli -- ${found.command.usage}`)
    return 0
  }
  try {
    return await found.command.run(found.rest, ctx)
  } catch (error) {
    if (error instanceof UsageError) {
      // One line on stderr (docs/design.md): the problem, then the command's usage.
      const usage = error.showUsage ? ` (usage: npm run cli -- ${found.command.usage})` : ''
      writeLine(ctx.stderr, `error: ${error.message.split('\n')[0]}${usage}`)
      return 2
    }
    writeLine(ctx.stderr, `error: ${describeError(AppError.from(error), envRedactor(ctx.env))}`)
    return 1
  }
}

/** A redactor that knows the keys this run was given, whichever way the failure came. */
function envRedactor(env: NodeJS.ProcessEnv): Redactor {
  const redactor = createRedactor()
  const { MEDIADECK_ACCESS_KEY: accessKey, MEDIADECK_SECRET_KEY: secretKey } = env
  if (secretKey) redactor.addCredentials(accessKey ?? '', secretKey)
  return redactor
}
