// The API's tiny router: a method, a path pattern with named groups, and the plan a route needs.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PlanTier } from '../common/service'
import type { AuthedUser, SandboxContext } from './context'
import type { Query } from './query'

export interface ApiRequest {
  req: IncomingMessage
  res: ServerResponse
  params: Record<string, string>
  query: Query
  user: AuthedUser
  ctx: SandboxContext
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  pattern: RegExp
  /** The lowest plan that may call it (reference/README.md: Gold+ automations, Premium+ schedules). */
  tier: PlanTier
  handle(r: ApiRequest): Promise<void>
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | 'method-not-allowed' | null {
  let pathMatched = false
  for (const route of routes) {
    const m = route.pattern.exec(path)
    if (!m) continue
    pathMatched = true
    if (route.method === method) {
      const params: Record<string, string> = {}
      for (const [k, v] of Object.entries(m.groups ?? {})) params[k] = safeDecode(v)
      return { route, params }
    }
  }
  return pathMatched ? 'method-not-allowed' : null
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
