// Which profile the CLI's drafts belong to. The app names its profiles by id ('sandbox' for the built-in one,
// a UUID for a saved one); the CLI has only credentials, so it names them by what identifies an account: the
// service address and the access key. The secret is left out on purpose: it is not needed to tell accounts
// apart, `drafts add` must work without it, and an id derived from it would leak bits of it into the file.
import { createHash } from 'node:crypto'
import { SANDBOX_PROFILE_ID } from '../../../common/app-state'
import { UsageError } from '../args'
import type { CliContext } from '../context'

/** `cli-` and 16 hex digits of SHA-256 over the normalised base URL and the access key. */
export function cliProfileId(baseUrl: string, accessKey: string): string {
  const digest = createHash('sha256')
    .update(`${normaliseBaseUrl(baseUrl)}\n${accessKey}`)
    .digest('hex')
  return `cli-${digest.slice(0, 16)}`
}

/** `HTTP://Host:80/api/` and `http://host/api` are one service. */
function normaliseBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl.trim())
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return baseUrl.trim().replace(/\/+$/, '')
  }
}

/**
 * The profile of `drafts add` and `drafts list`, which need no network and no secret: the base URL and access
 * key of the environment (or of the resolved profile); without any, the built-in Sandbox's drafts, which the
 * app shows on a fresh data folder.
 */
export async function draftsProfileId(ctx: Pick<CliContext, 'env' | 'resolveProfile'>): Promise<string> {
  const { MEDIADECK_BASE_URL: baseUrl, MEDIADECK_ACCESS_KEY: accessKey } = ctx.env
  if (baseUrl && accessKey) return cliProfileId(baseUrl, accessKey)
  try {
    const profile = await ctx.resolveProfile(ctx.env)
    return cliProfileId(profile.baseUrl, profile.accessKey)
  } catch (error) {
    if (error instanceof UsageError) return SANDBOX_PROFILE_ID
    throw error
  }
}
