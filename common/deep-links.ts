// mediadeck:// links, read as untrusted input: any program (a web page, a chat message) can open one. Only
// the views and parameters below are accepted, each in a strict format; anything else is refused whole
// (null), never partly applied. The grammar is matched by hand rather than with URL: WHATWG URL parsing of an
// unknown scheme keeps odd forms (percent-escapes, credentials, ports) that would each need a rule.
import type { AppRoute } from './routes'

export const DEEP_LINK_SCHEME = 'mediadeck'
const MAX_LINK_LENGTH = 512
/** Service ids are Mongo ObjectIds (24 hex) or similar tokens: letters, digits, '-' and '_'. */
const ID = /^[A-Za-z0-9_-]{1,64}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const LINK = /^mediadeck:\/\/([a-z]+)(?:\/([^/?#]*))?\/?(?:\?([^#]*))?$/i

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return (
    y >= 2000 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  )
}

/** Query parameters: each name at most once, only the allowed names, only unescaped safe characters. */
function readQuery(query: string | undefined, allowed: readonly string[]): Map<string, string> | null {
  const params = new Map<string, string>()
  if (query === undefined || query === '') return params
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=')
    if (eq <= 0) return null
    const name = pair.slice(0, eq)
    const value = pair.slice(eq + 1)
    if (!allowed.includes(name) || params.has(name) || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) return null
    params.set(name, value)
  }
  return params
}

export function parseDeepLink(input: unknown): AppRoute | null {
  if (typeof input !== 'string' || input.length > MAX_LINK_LENGTH) return null
  const match = LINK.exec(input)
  if (!match) return null
  const view = match[1]!.toLowerCase()
  const segment = match[2]
  const query = match[3]
  switch (view) {
    case 'planner': {
      if (segment) return null
      const params = readQuery(query, ['date', 'post'])
      if (!params) return null
      const date = params.get('date')
      const post = params.get('post')
      if (date !== undefined && !isCalendarDate(date)) return null
      if (post !== undefined && !ID.test(post)) return null
      return { view, ...(date ? { date } : {}), ...(post ? { postId: post } : {}) }
    }
    case 'automations': {
      if (query) return null
      if (segment === undefined || segment === '') return { view }
      return ID.test(segment) ? { view, id: segment } : null
    }
    case 'library':
    case 'settings':
    case 'inbox':
      if (segment || query) return null
      return { view }
    default:
      return null
  }
}

export function formatDeepLink(route: AppRoute): string {
  const base = `${DEEP_LINK_SCHEME}://${route.view}`
  switch (route.view) {
    case 'planner': {
      const query = [route.date ? `date=${route.date}` : '', route.postId ? `post=${route.postId}` : '']
        .filter(Boolean)
        .join('&')
      return query ? `${base}?${query}` : base
    }
    case 'automations':
      return route.id ? `${base}/${route.id}` : base
    default:
      return base
  }
}

/** The link among a command line's arguments (Windows and Linux pass it to the started or second instance). */
export function deepLinkInArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`))
}
