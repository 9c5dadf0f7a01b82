// What an import looks up on the service for its rows: the posts they name by id, and the accounts they name by
// id, name or username (docs/drafts-csv.md).
import type { ImportRowError } from '../../../common/drafts'
import { AppError } from '../../../common/errors'
import type { Account, Schedule } from '../../../common/service'
import { readAllPages } from '../storage/read-all-pages'
import type { AccountHint, AccountLookup, ImportItem } from './import-export'
import { rowError } from './import-errors'
import type { RoundTripClient } from './round-trip'

async function getSchedule(client: RoundTripClient, id: string): Promise<Schedule | null> {
  try {
    return await client.getSchedule(id)
  } catch (error) {
    // Gone from the service (deleted, or a file from another account): the row is then a draft or new.
    if (error instanceof AppError && error.kind === 'not-found') return null
    throw error
  }
}

/**
 * Up to this many posts named by id are asked for one by one; more, and the service's posts are read in pages
 * once (100 a request): 300 rows of ids from another account made 300 requests in a row, twice.
 */
export const DIRECT_LOOKUPS = 10

/** Finds the service's posts the rows name, in as few requests as the count of ids allows. */
export async function scheduleFinder(
  client: RoundTripClient | null,
  ids: Set<string>,
): Promise<(id: string) => Promise<Schedule | null>> {
  if (!client || ids.size === 0) return async () => null
  if (ids.size <= DIRECT_LOOKUPS) return (id) => getSchedule(client, id)
  const all = await readAllPages((page, limit) => client.listSchedules({ page, limit }), {
    what: 'scheduled posts',
  })
  const byId = new Map(all.map((s) => [s.id, s]))
  return async (id) => byId.get(id) ?? null
}

type Resolved = { id: string } | { error: ImportRowError }

/**
 * Accounts may be named in the file by id, name or username (`@` or not), in `accountId` or, when that is empty,
 * in `account`; `network` tells apart one name on two networks. Ids are what the service takes.
 */
export async function accountResolver(client: RoundTripClient | null, items: ImportItem[]) {
  const named = items.some((i) => i.post.accountId !== '' || i.accountHint?.account)
  const accounts: Account[] =
    client && named
      ? await readAllPages((page, limit) => client.listAccounts({ page, limit }), { what: 'accounts' })
      : []
  return (row: number, accountId: string, hint: AccountHint = {}): Resolved => {
    const value = accountId || hint.account || ''
    const field = accountId ? 'accountId' : 'account'
    if (value === '' || accounts.length === 0 || accounts.some((a) => a.id === value)) return { id: value }
    const wanted = value.replace(/^@/, '').toLowerCase()
    const network = hint.network?.toLowerCase()
    const named = accounts.filter(
      (a) => a.username.replace(/^@/, '').toLowerCase() === wanted || a.name.toLowerCase() === wanted,
    )
    const matches = network ? named.filter((a) => a.type.toLowerCase() === network) : named
    if (matches.length > 1) {
      const message = `"${value}" names ${matches.length} accounts; give the account's id or username${network ? '' : ' and network'}`
      return {
        error: rowError(row, 'account-ambiguous', message, {
          field,
          params: { value, count: matches.length },
        }),
      }
    }
    if (matches.length === 0 && named.length > 0 && network) {
      const message = `"${value}" has no account on ${hint.network}`
      return {
        error: rowError(row, 'account-network', message, {
          field: 'network',
          params: { value, network: hint.network! },
        }),
      }
    }
    // An id of an account this service does not list is kept: the planner's checks say so when it is queued.
    return { id: matches[0]?.id ?? value }
  }
}

/** Accounts by id, as the export's `account` (username) and `network` columns name them. */
export function accountLookup(accounts: Account[]): AccountLookup {
  const byId = new Map(accounts.map((a) => [a.id, a]))
  return (id) => {
    const account = byId.get(id)
    return account ? { username: account.username, network: account.type } : undefined
  }
}
