// The base URL as the user typed it, made into one canonical form so paths can be appended with a plain '/'.
import { AppError } from '../../../common/errors'

/**
 * `https://api.repliz.com/`, `https://api.repliz.com/public` and ` https://api.repliz.com ` all become
 * `https://api.repliz.com`: every endpoint path starts with `/public`, and users paste the prefix from the docs.
 */
export function normaliseBaseUrl(input: string): string {
  const trimmed = input.trim()
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new AppError({
      kind: 'validation',
      message: `invalid base URL: ${JSON.stringify(input)}`,
      field: 'baseUrl',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError({
      kind: 'validation',
      message: `base URL must be http or https: ${input}`,
      field: 'baseUrl',
    })
  }
  if (url.username || url.password) {
    throw new AppError({
      kind: 'validation',
      message: 'base URL must not carry credentials; use the access and secret keys',
      field: 'baseUrl',
    })
  }
  let path = url.pathname.replace(/\/+$/, '')
  if (path.endsWith('/public')) path = path.slice(0, -'/public'.length)
  return `${url.origin}${path}`
}
