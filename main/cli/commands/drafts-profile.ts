// Which profile the CLI's drafts belong to. The CLI has only credentials; the app's profile that uses the same
// base URL and access key owns their drafts (main/core/drafts/profile-identity.ts), so drafts added here show
// in the app. The secret is not needed: `drafts add` works without it.
import { SANDBOX_PROFILE_ID } from '../../../common/app-state'
import type { AppDatabase } from '../../core/db/database'
import { credentialsIdentity, draftsProfileFor } from '../../core/drafts/profile-identity'
import { UsageError } from '../args'
import type { CliContext } from '../context'
import { IncompleteIdentityError } from '../profile'

/** The identity of credentials: `cli-` and 16 hex digits of SHA-256 over the base URL and the access key. */
export const cliProfileId = credentialsIdentity

/**
 * The profile of `drafts add` and `drafts list`, which need no network and no secret: the base URL and access
 * key of the environment (or of the resolved profile); without any, the built-in Sandbox's drafts, which the
 * app shows on a fresh data folder.
 */
export async function draftsProfileId(
  ctx: Pick<CliContext, 'env' | 'resolveProfile'>,
  database: AppDatabase,
): Promise<string> {
  const { MEDIADECK_BASE_URL: baseUrl, MEDIADECK_ACCESS_KEY: accessKey } = ctx.env
  if (baseUrl && accessKey) return draftsProfileFor(database, baseUrl, accessKey)
  try {
    const profile = await ctx.resolveProfile(ctx.env)
    return draftsProfileFor(database, profile.baseUrl, profile.accessKey)
  } catch (error) {
    // Part of an identity named in the environment is a mistake to say, not the Sandbox's drafts.
    if (error instanceof UsageError && !(error instanceof IncompleteIdentityError)) return SANDBOX_PROFILE_ID
    throw error
  }
}
