// What the CLI's list commands (automations, schedules) share: the paging and account options, and printing
// one page either as JSON lines or as one line a document plus a "page N of M" footer.
import type { Page } from '../../common/service'
import type { ServiceClient } from '../core/service-client'
import { intOption, listOption, noPositionals, parse } from './args'
import type { OptionSpec, Parsed } from './args'
import type { CliContext } from './context'
import { writeJson, writeLine } from './context'

const PAGE_OPTIONS: OptionSpec = {
  page: { type: 'string' },
  limit: { type: 'string' },
  account: { type: 'string', multiple: true },
  json: { type: 'boolean' },
}

export interface PageQuery {
  page: number
  limit: number
  accountIds: string[] | undefined
}

/** Parses the paging options plus the command's own; a list command takes no positional arguments. */
export function parseListArgs(
  argv: string[],
  options: OptionSpec,
  usage: string,
): { values: Parsed['values']; query: PageQuery } {
  const { values, positionals } = parse(argv, { ...PAGE_OPTIONS, ...options }, usage)
  noPositionals(positionals, usage)
  const query = {
    page: intOption(values.page, 'page', 1, 1_000_000) ?? 1,
    // Public clients cap the page size at 100 (reference/README.md).
    limit: intOption(values.limit, 'limit', 1, 100) ?? 20,
    accountIds: listOption(values.account, 'account'),
  }
  return { values, query }
}

export interface PrintPageOptions<T> {
  json: boolean
  /** Plural noun for the footer: "automations", "scheduled posts". */
  noun: string
  /** The same noun for one: "automation", "scheduled post". */
  one: string
  load(client: ServiceClient): Promise<Page<T>>
  describe(doc: T): string
}

/** Fetches one page with the resolved profile's client and prints it; the client is closed whatever happens. */
export async function printPage<T>(ctx: CliContext, o: PrintPageOptions<T>): Promise<number> {
  const client = ctx.createClient(await ctx.resolveProfile(ctx.env))
  try {
    const page = await o.load(client)
    // Records the client could not read were left out of the page (each named in a warning line above).
    const skipped = page.skipped ?? 0
    if (skipped > 0) writeLine(ctx.stderr, `${skipped} ${skipped === 1 ? o.one : o.noun} could not be read`)
    if (o.json) {
      for (const doc of page.docs) writeJson(ctx.stdout, doc)
      return 0
    }
    for (const doc of page.docs) writeLine(ctx.stdout, o.describe(doc))
    writeLine(
      ctx.stdout,
      `page ${page.page} of ${Math.max(1, page.totalPages)} — ${page.totalDocs} ${o.noun}`,
    )
    return 0
  } finally {
    await client.close()
  }
}
