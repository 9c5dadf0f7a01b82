// `inbox [--status pending|resolved|ignored|unread|unreplied] [--account ID]... [--kind comment|chat]
// [--search TEXT] [--json]`, `inbox resolve ID` and `inbox ignore ID` (docs/design.md, CLI contract): every
// comment in the service's queue and every direct-message conversation of the profile's accounts, newest
// first, read fresh; and the triage of one comment.
//
// The three comment statuses filter comments and the two chat ones filter chats, so a status names its kind
// (a contradicting --kind is a usage error). Strangers' text is printed with its control characters escaped:
// a comment must not move the cursor, clear the screen or forge a line of its own on a terminal.
import {
  CHAT_STATUSES,
  COMMENT_STATUSES,
  type Chat,
  type ChatStatus,
  type CommentStatus,
  type InboxComment,
  type Page,
} from '../../../common/service'
import { AppError } from '../../../common/errors'
import { findInboxItem } from '../../core/inbox/inbox-item'
import { listOption, noPositionals, parse, stringOption, UsageError } from '../args'
import type { CliCommand, CliContext } from '../context'
import { writeJson, writeLine } from '../context'
import { printable } from '../printable'

const STATUSES = [...COMMENT_STATUSES, ...CHAT_STATUSES] as const
const KINDS = ['comment', 'chat'] as const
type Kind = (typeof KINDS)[number]

const listUsage = `inbox [--status ${STATUSES.join('|')}] [--account ID]... [--kind ${KINDS.join('|')}] [--search TEXT] [--json]`
const resolveUsage = 'inbox resolve ID'
const ignoreUsage = 'inbox ignore ID'

/** Pages read per kind at most (100 items each): the inbox of a busy profile, not an unbounded crawl. */
const MAX_PAGES = 50

/** One line of the inbox: what `--json` prints, and what the human line is made of. */
export interface InboxLine {
  id: string
  kind: Kind
  accountId: string
  text: string
  status: string
  from: string
  at: string
  /** The account, as `type/username`, where the service joined it in. */
  account?: string
  /** A comment's post, a chat's messages not yet read. */
  contentId?: string
  contentUrl?: string
  replies?: number
  unreadCount?: number
  lastFromMe?: boolean
}

export function commentLine(c: InboxComment): InboxLine {
  return {
    id: c.id,
    kind: 'comment',
    accountId: c.accountId,
    text: c.comment.text,
    status: c.status,
    from: c.comment.owner.name,
    at: c.comment.createdAt || c.createdAt,
    ...(c.account ? { account: `${c.account.type}/${c.account.username}` } : {}),
    contentId: c.content.id,
    contentUrl: c.content.url,
    replies: c.comment.replies.length,
  }
}

export function chatLine(c: Chat): InboxLine {
  const last = c.lastMessage
  const status = c.unreadCount > 0 ? 'unread' : last && !last.isFromMe ? 'unreplied' : 'replied'
  return {
    id: c.id,
    kind: 'chat',
    accountId: c.accountId,
    text: last?.text || (last ? `(${last.type})` : ''),
    status,
    from: c.senderName,
    at: last?.sendAt || c.updatedAt,
    ...(c.account ? { account: `${c.account.type}/${c.account.username}` } : {}),
    unreadCount: c.unreadCount,
    lastFromMe: last?.isFromMe ?? false,
  }
}

export function describeLine(l: InboxLine): string {
  const who = l.account ?? l.accountId
  const text = printable(l.text.length > 120 ? `${l.text.slice(0, 119)}…` : l.text)
  return `${l.id}  ${l.at}  ${l.kind}  ${who}  ${l.status}  ${printable(l.from)}: ${text}`
}

async function readAll<T>(
  load: (page: number) => Promise<Page<T>>,
  stderr: NodeJS.WritableStream,
): Promise<T[]> {
  const out: T[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await load(page)
    out.push(...answer.docs)
    const skipped = answer.skipped ?? 0
    if (skipped > 0) stderr.write(`${skipped} item(s) could not be read\n`)
    if (!answer.hasNextPage || answer.docs.length === 0) break
  }
  return out
}

function isCommentStatus(s: string): s is CommentStatus {
  return (COMMENT_STATUSES as readonly string[]).includes(s)
}

export const inboxCommand: CliCommand = {
  name: ['inbox'],
  usage: listUsage,
  summary: 'comments and direct messages of every account, newest first',
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      {
        status: { type: 'string' },
        account: { type: 'string', multiple: true },
        kind: { type: 'string' },
        search: { type: 'string' },
        json: { type: 'boolean' },
      },
      listUsage,
    )
    noPositionals(positionals, listUsage)
    const status = stringOption(values.status, 'status')
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`--status must be one of ${STATUSES.join(', ')}, got ${JSON.stringify(status)}`)
    }
    const kindOption = stringOption(values.kind, 'kind')
    if (kindOption !== undefined && !(KINDS as readonly string[]).includes(kindOption)) {
      throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, got ${JSON.stringify(kindOption)}`)
    }
    const statusKind: Kind | undefined =
      status === undefined ? undefined : isCommentStatus(status) ? 'comment' : 'chat'
    if (kindOption && statusKind && kindOption !== statusKind) {
      throw new UsageError(`--status ${status} is a ${statusKind}'s, not a ${kindOption}'s`)
    }
    const kinds: Kind[] =
      kindOption || statusKind ? [(kindOption ?? statusKind) as Kind] : ['comment', 'chat']
    const accountIds = listOption(values.account, 'account')
    const search = stringOption(values.search, 'search')

    const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
    try {
      const lines: InboxLine[] = []
      if (kinds.includes('comment')) {
        const comments = await readAll(
          (page) =>
            client.listComments({
              page,
              limit: 100,
              status: status as CommentStatus | undefined,
              accountIds,
              search,
            }),
          ctx.stderr,
        )
        lines.push(...comments.map(commentLine))
      }
      if (kinds.includes('chat')) {
        const chats = await readAll(
          (page) =>
            client.listChats({
              page,
              limit: 100,
              status: status as ChatStatus | undefined,
              accountIds,
              search,
            }),
          ctx.stderr,
        )
        lines.push(...chats.map(chatLine))
      }
      lines.sort((a, b) => b.at.localeCompare(a.at))
      if (values.json) for (const line of lines) writeJson(ctx.stdout, line)
      else {
        for (const line of lines) writeLine(ctx.stdout, describeLine(line))
        writeLine(ctx.stdout, `${lines.length} ${lines.length === 1 ? 'item' : 'items'}`)
      }
      return 0
    } finally {
      await client.close()
    }
  },
}

function triageCommand(word: 'resolve' | 'ignore', status: CommentStatus, usage: string): CliCommand {
  return {
    name: ['inbox', word],
    usage,
    summary: word === 'resolve' ? 'mark a comment resolved' : 'mark a comment ignored',
    async run(argv: string[], ctx: CliContext) {
      const { positionals } = parse(argv, {}, usage)
      if (positionals.length !== 1 || !positionals[0]!.trim())
        throw new UsageError(`give exactly one comment ID\n${usage}`)
      const id = positionals[0]!
      const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
      try {
        try {
          await client.setCommentStatus(id, status)
        } catch (error) {
          if (!(error instanceof AppError) || error.kind !== 'not-found') throw error
          // A chat has no status to set: say so rather than "not found" for an id that exists.
          const item = await findInboxItem(client, id)
          writeLine(
            ctx.stderr,
            item?.kind === 'chat'
              ? `error: ${id} is a chat; only a comment can be marked ${status}`
              : `error: no comment ${id}`,
          )
          return 1
        }
        writeLine(ctx.stdout, `comment ${id} ${status}`)
        return 0
      } finally {
        await client.close()
      }
    },
  }
}

export const inboxResolveCommand = triageCommand('resolve', 'resolved', resolveUsage)
export const inboxIgnoreCommand = triageCommand('ignore', 'ignored', ignoreUsage)
