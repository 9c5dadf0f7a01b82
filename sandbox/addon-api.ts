// The plan's add-ons (GET /public/me/addon) and the composer's helpers of the newer OpenAPI: link metadata,
// TikTok music and WhatsApp channels under /public/addon/..., and the two that existed before under their older
// paths (/public/link/metadata, /public/tiktok/music). Both paths answer by default; with the config's
// `legacyAddonPaths` only the older ones do, as a service from before the move would, so a client's fallback
// can be tested. Offline by design: nothing here reaches the network.
import { userAccounts } from './account-api'
import type { AuthedUser, SandboxContext } from './context'
import { HttpError, sendJson } from './http-util'
import type { AccountRecord } from './model'
import { OPENAPI } from './openapi'
import type { ApiRequest, Route } from './route'

/** What a plan holds when the config says nothing: none of each, as the OpenAPI example shows. */
export const NO_ADDONS = { account: 0, operator: 0, storage: 0, twitter: 0 } as const

/** The account type of a WhatsApp account (docs/service-fidelity.md: the types enum has none). */
export const WHATSAPP = 'whatsapp'

/** A route that a service from before the move to /public/addon/ does not have. */
function notServed(r: ApiRequest): never {
  r.req.resume()
  throw new HttpError(404, `Cannot GET ${new URL(r.req.url ?? '/', 'http://x').pathname}`)
}

/** The values the OpenAPI allows for one query parameter of one operation. */
function allowed(path: string, name: string): readonly unknown[] | undefined {
  const op = OPENAPI.paths[path]?.get as
    { parameters?: { name: string; schema?: { enum?: unknown[] } }[] } | undefined
  return op?.parameters?.find((p) => p.name === name)?.schema?.enum
}

function oneOf(r: ApiRequest, path: string, name: string): string {
  const value = r.query.requiredString(name)
  const values = allowed(path, name)
  if (values && !values.includes(value)) throw new HttpError(400, `${name} is not a value the service knows`)
  return value
}

/** A handful of tracks, so the composer has something to pick offline; deterministic. */
const TRACKS = [
  { id: '7602104441417107457', artist: 'CHAYRA', name: 'Mudik Raya', genre: 'POP', duration: 225 },
  {
    id: '7569541912459692049',
    artist: 'Valent Duga',
    name: 'Untukmu yang masih bertahan',
    genre: 'POP',
    duration: 198,
  },
  { id: '7512000000000000001', artist: 'Senja Trio', name: 'Kopi Pagi', genre: 'JAZZ', duration: 184 },
  { id: '7512000000000000002', artist: 'Lestari', name: 'Batik Beat', genre: 'ELECTRONIC', duration: 142 },
  { id: '7512000000000000003', artist: 'Nusantara Rock', name: 'Jalan Pulang', genre: 'ROCK', duration: 236 },
] as const

function music(r: ApiRequest, path: string): void {
  const genre = oneOf(r, path, 'genre')
  oneOf(r, path, 'countryCode')
  oneOf(r, path, 'dateRange')
  const docs = TRACKS.filter((t) => genre === 'ALL' || t.genre === genre).map(({ genre: _g, ...t }) => ({
    ...t,
    thumbnail: `${r.ctx.origins.api}/__sandbox/avatar/${encodeURIComponent(t.artist)}.svg`,
    // Never fetched by the app (nothing plays a track); shaped like the service's CDN address.
    url: `https://sf16-ies-music-sg.tiktokcdn.com/obj/sandbox/${t.id}`,
  }))
  sendJson(r.res, 200, { docs })
}

/** A page's card, made from its address alone: the sandbox never fetches the page. */
function linkMetadata(r: ApiRequest): void {
  const raw = r.query.requiredString('url')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new HttpError(400, 'url must be a web address')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HttpError(400, 'url must be a web address')
  const host = url.hostname.replace(/^www\./, '')
  sendJson(r.res, 200, {
    title: host,
    description: `${host}${url.pathname === '/' ? '' : url.pathname}`,
    image: `${r.ctx.origins.api}/__sandbox/avatar/${encodeURIComponent(host)}.png`,
    url: url.toString(),
  })
}

function whatsappAccount(ctx: SandboxContext, user: AuthedUser, id: string): AccountRecord {
  const account = userAccounts(ctx, user).find((a) => a._id === id)
  if (!account) throw new HttpError(404, 'account not found')
  // The service's answer for an account of another platform (OpenAPI 400 example of the add-on helpers).
  if (account.type !== WHATSAPP) throw new HttpError(400, 'invalid account')
  return account
}

/** The channels and groups of a WhatsApp account: derived from it, so they are the same on every run. */
export function whatsappChannels(account: AccountRecord, apiOrigin: string) {
  const picture = (name: string) => `${apiOrigin}/__sandbox/avatar/${encodeURIComponent(name)}.svg`
  const list = [
    { id: `1203634${account.generatedId.slice(-8)}@newsletter`, name: 'Kopi Senja Kabar', type: 'channel' },
    { id: `1203634${account.generatedId.slice(-8)}1@g.us`, name: 'Pelanggan Setia', type: 'group' },
    { id: `1203634${account.generatedId.slice(-8)}2@g.us`, name: 'Tim Barista', type: 'group' },
  ]
  return list.map((c) => ({ ...c, picture: picture(c.name) }))
}

export const addonRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/me\/addon$/,
    tier: 'standard',
    async handle({ res, user }) {
      sendJson(res, 200, { ...NO_ADDONS, ...user.config.addons })
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/addon\/link\/metadata$/,
    tier: 'standard',
    async handle(r) {
      if (r.ctx.config.legacyAddonPaths) notServed(r)
      linkMetadata(r)
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/link\/metadata$/,
    tier: 'standard',
    async handle(r) {
      linkMetadata(r)
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/addon\/tiktok\/music$/,
    tier: 'standard',
    async handle(r) {
      if (r.ctx.config.legacyAddonPaths) notServed(r)
      music(r, '/public/addon/tiktok/music')
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/tiktok\/music$/,
    tier: 'standard',
    async handle(r) {
      music(r, '/public/addon/tiktok/music')
    },
  },
  {
    method: 'GET',
    pattern: /^\/public\/addon\/whatsapp\/channel$/,
    tier: 'standard',
    async handle(r) {
      if (r.ctx.config.legacyAddonPaths) notServed(r)
      const account = whatsappAccount(r.ctx, r.user, r.query.requiredString('accountId'))
      sendJson(r.res, 200, { docs: whatsappChannels(account, r.ctx.origins.api) })
    },
  },
]
