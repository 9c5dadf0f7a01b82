// The calls that read or change the service through the active profile's client: accounts, storage,
// automations and schedules. Lists that make sense offline answer the last copy seen (stale) when the
// service cannot be reached.
import type { CachedResult, ReplicaMark, RetryBudgetState, ScheduleRetryResult } from '../../common/contract'
import { AppError } from '../../common/errors'
import type { Account, Automation, Page, Schedule } from '../../common/service'
import type { ServiceClient } from '../core/service-client'
import { collecting, type Collected } from '../core/replica/replica'
import { forgetStoredFiles, storedFileIdsOf } from '../core/uploads/content-index'
import { storedFileNames } from '../core/storage/file-names'
import { createCampaignStore } from '../core/campaigns/campaign-store'
import { budgetRefusal, fixFailedPost } from '../core/posts/fix-failed-post'
import { createRetryBudget, type RetryBudget } from '../core/retry-budget'
import { inTurn } from '../core/in-turn'
import { editOverFresh } from '../core/posts/post-edit'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

type ServiceCall =
  | 'accounts:list'
  | 'storage:stats'
  | 'storage:files'
  | 'storage:delete'
  | 'storage:names'
  | 'automations:list'
  | 'automations:get'
  | 'schedules:list'
  | 'schedules:get'
  | 'schedules:retry'
  | 'schedules:delete'
  | 'schedules:update'
  | 'schedules:fix'
  | 'schedules:retry-budget'

/** Public clients cap a page at 100; a list of everything stops after this many pages. */
const PAGE_LIMIT = 100
const MAX_PAGES = 50

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const SERVICE_HANDLER_NEEDS = ['active', 'replica', 'database', 'emit', 'posts'] as const
export type ServiceHandlerDeps = Pick<HostDeps, (typeof SERVICE_HANDLER_NEEDS)[number]>

/**
 * Every page's records, and how many records the client left out because it could not read them. Pages are
 * gathered into `into` as they arrive, so a caller still has them when a later page fails; `complete` says the
 * list reached its end (not the MAX_PAGES stop).
 */
export async function allPages<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  into: Collected<T> = collecting<T>(),
): Promise<Collected<T>> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await fetchPage(page)
    into.docs.push(...result.docs)
    into.skipped += result.skipped ?? 0
    // A page whose every record was left out is not the end of the list.
    if (!result.hasNextPage || result.docs.length + (result.skipped ?? 0) === 0) {
      into.complete = true
      break
    }
  }
  return into
}

/**
 * One automation by id. Services without GET /public/automation/{id} answer 404: the list is then paged
 * through (at most MAX_PAGES), so a link to an automation past the first page still opens it.
 */
export async function findAutomation(client: ServiceClient, automationId: string): Promise<Automation> {
  try {
    return await client.getAutomation(automationId)
  } catch (error) {
    if (AppError.from(error).kind !== 'not-found') throw error
  }
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await client.listAutomations({ page, limit: PAGE_LIMIT })
    const found = result.docs.find((a) => a.id === automationId || a._id === automationId)
    if (found) return found
    if (!result.hasNextPage || result.docs.length === 0) break
  }
  throw new AppError({
    kind: 'not-found',
    ...errorReason('automation-not-found'),
    message: 'automation not found',
  })
}

export function createServiceHandlers(
  deps: ServiceHandlerDeps,
  options: { retryBudget?: RetryBudget } = {},
): HandlerGroup<ServiceCall> {
  const client = () => deps.active().client
  // One budget for the app: account ids are the service's, unique across profiles.
  const budget = options.retryBudget ?? createRetryBudget({ now: () => new Date() })
  const replica = () => deps.replica()
  const campaigns = createCampaignStore(deps.database)
  const postTurns = inTurn()
  /** Posts changed here: every open view reads its own again (common/contract.ts, `schedules:changed`). */
  const changed = () => deps.emit('schedules:changed', { posts: [], removed: [], reload: true })
  /** Put back in the service's queue: followed until it settles, and every open view reads its own again. */
  const retried = (ids: string[]) => {
    if (ids.length === 0) return
    deps.posts?.watch(ids)
    changed()
  }

  return {
    'accounts:list': (request) =>
      replica().pagedList<Account>('accounts', request, (into) =>
        allPages<Account>(
          (page) =>
            client().listAccounts({ page, limit: PAGE_LIMIT, types: request.types, search: request.search }),
          into,
        ),
      ),

    // The two storage reads answer bare values (no CachedResult): a copy answered offline carries ReplicaMark.
    'storage:stats': async () =>
      marked(await replica().list('storage', {}, () => client().storageStatistic())),
    'storage:files': async (request) =>
      marked(await replica().list('files', request, () => client().listFiles(request))),
    'storage:delete': async ({ ids }) => {
      if (ids.length === 1) await client().deleteFile(ids[0]!)
      else await client().deleteFiles(ids)
      // Gone from the service: no upload may reuse them (the content index is bounded by what is stored).
      forgetStoredFiles(deps.database, ids)
      replica().forget('files', ids)
      deps.emit('storage:changed', { reason: 'deleted' })
    },

    'storage:names': ({ urls }) =>
      storedFileNames(urls, {
        copied: (wanted) => replica().fileNames(wanted),
        fileIdsOf: (wanted) => storedFileIdsOf(deps.database, wanted),
        getFile: (id) => client().getFile(id),
      }),

    'automations:list': (request) =>
      replica().list('automations', request, () => client().listAutomations(request)),

    'automations:get': ({ id }) => findAutomation(client(), id),

    'schedules:list': (request) =>
      replica().schedules(request, (into) =>
        allPages<Schedule>(
          (page) =>
            client().listSchedules({
              page,
              limit: PAGE_LIMIT,
              fromDate: request.from,
              toDate: request.to,
              accountIds: request.accountIds,
              status: request.status,
            }),
          into,
        ),
      ),
    'schedules:get': ({ id }) => client().getSchedule(id),
    'schedules:retry': async ({ ids, mode }) => {
      // One at a time: a retry makes the service publish now, and a burst of them is what rate limits catch.
      // Each is counted against its account's budget; the post is read for its account.
      const kind = mode ?? (ids.length > 1 ? 'bulk' : 'manual')
      const results: ScheduleRetryResult[] = []
      for (const id of ids) {
        try {
          const { accountId } = await client().getSchedule(id)
          const take = budget.take(accountId, kind)
          if (!take.allowed) throw budgetRefusal(budget.status(accountId).resetsAt)
          await client().retrySchedule(id)
          results.push({ id, ok: true, ...(take.warned ? { warned: true } : {}) })
        } catch (error) {
          results.push({ id, ok: false, error: AppError.from(error).toJSON() })
        }
      }
      retried(results.filter((r) => r.ok).map((r) => r.id))
      return results
    },
    'schedules:fix': async ({ id, post, mode }) => {
      const result = await fixFailedPost({ client: client(), budget }, id, post, mode)
      // A failed post of a campaign replaced by a new one stays in its campaign.
      if (result.outcome === 'replaced' && result.id !== id) campaigns.replaceSchedule(id, result.id)
      if (result.sent || result.outcome === 'replaced') retried([result.id])
      else changed()
      return result
    },
    'schedules:retry-budget': async ({ accountIds }) =>
      Object.fromEntries(
        accountIds.map((accountId): [string, RetryBudgetState] => {
          const s = budget.status(accountId)
          return [accountId, { ...s, resetsAt: s.resetsAt?.toISOString() ?? null }]
        }),
      ),
    'schedules:delete': async ({ id }) => {
      await client().deleteSchedule(id)
      replica().forget('posts', [id])
      deps.emit('schedules:changed', { posts: [], removed: [id] })
    },
    // One change of a post at a time, each over the post as the service holds it when its turn comes
    // (main/core/posts/post-edit.ts); without `base`, `post` replaces it whole.
    'schedules:update': ({ id, post, base }) =>
      postTurns.run(id, async () => {
        if (base) await editOverFresh(client(), id, post, base)
        else await client().updateSchedule(id, post)
        changed()
      }),
  }
}

/** A fresh value as it was; a copy from the replica with `stale`, `fetchedAt` and its freshness laid over it. */
function marked<T extends object>(answer: CachedResult<T>): T & ReplicaMark {
  return answer.stale
    ? { ...answer.value, stale: true, fetchedAt: answer.fetchedAt, freshness: answer.freshness }
    : answer.value
}
