// Every CLI command, as `--help` lists it, and the module that runs it. A module is imported only when its
// command is chosen, so `mediadeck --help` and each command load only what they need (the build splits each
// module and what only it uses into a chunk of its own: scripts/build-cli.mjs).
//
// TO ADD A COMMAND: write main/cli/commands/<name>.ts exporting a CliCommand, then add ONE entry below:
//   lazy('<usage as the module spells it>', '<summary as the module spells it>', () => import('./commands/<name>'), '<export>'),
// The command's words are the leading lowercase words of its usage (`schedule retry ID` -> schedule retry).
// test/unit/cli/command-registry.test.ts loads every entry and checks its words, usage and summary against the
// module's own, so the help cannot drift from the command. Keep the import specifier a literal (the bundler
// follows it), and keep heavy imports out of this file and of run-cli.ts.
import type { CliCommand, LazyCommand } from './context'

/** A registry entry: the module is loaded on first use, and `key` names its CliCommand export. */
export function lazy<K extends string, M extends Record<K, CliCommand>>(
  usage: string,
  summary: string,
  load: () => Promise<M>,
  key: K,
): LazyCommand {
  const name: string[] = []
  for (const word of usage.split(' ')) {
    if (!/^[a-z][a-z-]*$/.test(word)) break
    name.push(word)
  }
  return { name, usage, summary, load: async () => (await load())[key] }
}

const SIZE_HELP = 'SIZE: bytes, or with a k, M or G suffix counted in 1024s as curl does (100M = 104857600)'

export const COMMAND_REGISTRY: readonly LazyCommand[] = [
  lazy(
    'upload FILE|FOLDER... [--json] [--concurrency N] [--limit-rate RATE]',
    'upload files to the storage',
    () => import('./commands/upload'),
    'uploadCommand',
  ),
  lazy(
    'stats [--json]',
    'storage used, free and file counts',
    () => import('./commands/stats'),
    'statsCommand',
  ),
  lazy(
    'automations [--page N] [--limit N] [--account ID]... [--search TEXT] [--json]',
    'list content automations (Gold+)',
    () => import('./commands/automations'),
    'automationsCommand',
  ),
  lazy(
    'automations show ID [--json]',
    "one automation's rules, on and off, with their texts",
    () => import('./commands/automation-show'),
    'automationShowCommand',
  ),
  lazy(
    'automations set ID RULE on|off   (RULE: delete, reply, like, message, chat, story)',
    'turn one rule of an automation on or off',
    () => import('./commands/automation-show'),
    'automationSetCommand',
  ),
  lazy(
    'reports [--status error|success] [--type delete|reply|like|message|chat|story] [--account ID]... [--json]',
    'what the automations did, newest first (Gold+)',
    () => import('./commands/reports'),
    'reportsCommand',
  ),
  lazy(
    'report retry ID [--json]',
    'run a failed automation report again',
    () => import('./commands/reports'),
    'reportRetryCommand',
  ),
  lazy(
    'schedules [--page N] [--limit N] [--account ID]... [--status pending|process|error|success] [--from DATE] [--to DATE] [--json]',
    'list scheduled posts (Premium+)',
    () => import('./commands/schedules'),
    'schedulesCommand',
  ),
  lazy(
    'schedule retry ID [--json]',
    're-queue a failed scheduled post',
    () => import('./commands/schedule-retry'),
    'scheduleRetryCommand',
  ),
  lazy(
    'drafts add FILE [--schedule] [--json]',
    'save a post (JSON body of section 2.4) as a draft; --schedule queues it',
    () => import('./commands/drafts'),
    'draftsAddCommand',
  ),
  lazy(
    'drafts list [--json]',
    "list the profile's local drafts and outbox",
    () => import('./commands/drafts'),
    'draftsListCommand',
  ),
  lazy(
    'sync [--json]',
    'send the queued drafts to the service',
    () => import('./commands/sync'),
    'syncCommand',
  ),
  lazy(
    'storage unused [--json]',
    'stored files no upcoming or failed post and no local draft uses, largest first',
    () => import('./commands/storage'),
    'storageUnusedCommand',
  ),
  lazy(
    'storage free SIZE [--yes]',
    `delete unused files until SIZE bytes are free, never a used one (${SIZE_HELP})`,
    () => import('./commands/storage'),
    'storageFreeCommand',
  ),
  lazy(
    'inbox [--status pending|resolved|ignored|unread|unreplied] [--account ID]... [--kind comment|chat] [--search TEXT] [--json]',
    'comments and direct messages of every account, newest first',
    () => import('./commands/inbox'),
    'inboxCommand',
  ),
  lazy(
    'inbox reply ID --text TEXT [--media FILE|URL]... [--json]',
    'answer a comment (text only) or write in a chat (text, pictures, video, audio, documents)',
    () => import('./commands/inbox-reply'),
    'inboxReplyCommand',
  ),
  lazy(
    'inbox resolve ID',
    'mark a comment resolved',
    () => import('./commands/inbox'),
    'inboxResolveCommand',
  ),
  lazy('inbox ignore ID', 'mark a comment ignored', () => import('./commands/inbox'), 'inboxIgnoreCommand'),
  lazy(
    'insights account ID [--since DATE] [--until DATE] [--json]',
    "an account's figures over a period: its posts' figures summed, and its follower change",
    () => import('./commands/insights'),
    'insightsAccountCommand',
  ),
  lazy(
    'insights posts --account ID [--since DATE] [--until DATE] [--csv|--json]',
    "every post of an account in a period with its network's figures, newest first",
    () => import('./commands/insights'),
    'insightsPostsCommand',
  ),
  lazy(
    'insights best-times --account ID [--json]',
    "the account's three best slots in the coming week, from its own history",
    () => import('./commands/insights'),
    'insightsBestTimesCommand',
  ),
]
