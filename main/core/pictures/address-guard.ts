// Which addresses main may fetch a picture from on the page's behalf. The address comes from a service answer
// (an account's avatar), but a picture fetch runs inside this computer's network: an address, or a redirect,
// that names a loopback or private host would let whoever controls the picture probe this machine and its
// LAN (a router's admin page, a local dev server). So only http(s), and no host that is, or resolves to, a
// loopback, private, link-local or otherwise non-public address, unless it is an origin the profile itself
// names (the configured service, the local sandbox), which the app reaches anyway.
import { BlockList, isIP } from 'node:net'
import { AppError } from '../../../common/errors'

/** The addresses a host name resolves to (dns.promises.lookup with `all`, in the app). */
export type LookupAll = (hostname: string) => Promise<string[]>

const NON_PUBLIC = new BlockList()
// RFC 6890's special-purpose registries, the parts a request could reach something not on the internet by.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6')
}

/** Whether `address` (an IP literal) is loopback, private, link-local or otherwise not on the internet. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) reaches the IPv4 host.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  if (mapped) return NON_PUBLIC.check(mapped[1]!, 'ipv4')
  const family = isIP(bare)
  if (family === 4) return NON_PUBLIC.check(bare, 'ipv4')
  if (family === 6) return NON_PUBLIC.check(bare, 'ipv6')
  return true // not an address at all: never treat it as public
}

const refuse = (message: string, field?: string) =>
  new AppError({ kind: 'validation', code: 'picture-refused', message, ...(field ? { field } : {}) })

/** The address as a URL, or a refusal when it is not an http(s) address without credentials. */
export function parsePictureAddress(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refuse('A picture address must be a web address (http or https).', 'src')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refuse(`A picture address must be http or https, not ${url.protocol.slice(0, -1)}.`, 'src')
  if (url.username || url.password)
    throw refuse('A picture address must not carry a user name or password.', 'src')
  return url
}

/**
 * Resolves when `url` may be fetched: its origin is one of `trusted`, or its host is a public address or a
 * name every address of which is public. Throws a `picture-refused` AppError otherwise.
 */
export async function checkPictureHost(
  url: URL,
  trusted: readonly string[],
  lookup: LookupAll,
): Promise<void> {
  if (trusted.includes(url.origin)) return
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : await lookup(host).catch(() => [])
  if (addresses.length === 0) {
    throw new AppError({
      kind: 'network',
      code: 'ENOTFOUND',
      message: `The picture's host ${host} was not found.`,
    })
  }
  if (addresses.some(isNonPublicAddress))
    throw refuse(
      `The picture's host ${host} is a local or private address, which the app does not fetch from.`,
    )
}
