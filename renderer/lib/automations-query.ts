// The automations filters live in the URL (page, limit, accounts, search, open) so back/forward and reloads
// restore exactly what was on screen. Defaults are left out of the URL to keep it short.
import type { LocationQuery, LocationQueryRaw } from 'vue-router'
import { DEFAULT_AUTOMATIONS_QUERY, PAGE_SIZES, type AutomationsQuery } from '../stores/automations'

export interface AutomationsRouteState extends AutomationsQuery {
  open: string | null
}

function first(value: LocationQuery[string] | undefined): string | undefined {
  const item = Array.isArray(value) ? value[0] : value
  return item ?? undefined
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : fallback
}

export function parseAutomationsQuery(query: LocationQuery): AutomationsRouteState {
  const limit = positiveInt(first(query.limit), DEFAULT_AUTOMATIONS_QUERY.limit)
  const rawAccounts = query.accounts
  const accountIds = (Array.isArray(rawAccounts) ? rawAccounts : [rawAccounts])
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)
  return {
    page: Math.min(positiveInt(first(query.page), 1), 1_000_000),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_AUTOMATIONS_QUERY.limit,
    accountIds: [...new Set(accountIds)].slice(0, 100),
    search: (first(query.search) ?? '').slice(0, 200),
    open: first(query.open) || null,
  }
}

export function toAutomationsQuery(state: AutomationsRouteState): LocationQueryRaw {
  const query: LocationQueryRaw = {}
  if (state.page !== 1) query.page = String(state.page)
  if (state.limit !== DEFAULT_AUTOMATIONS_QUERY.limit) query.limit = String(state.limit)
  if (state.accountIds.length > 0) query.accounts = state.accountIds.join(',')
  if (state.search) query.search = state.search
  if (state.open) query.open = state.open
  return query
}
