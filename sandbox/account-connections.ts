// Accounts the config holds disconnected (`users[].disconnectedAccounts`): applied at every start, so a run
// begins with the account watch's subject in place whatever the stored data says. A name that matches none
// of the user's accounts stops the start with one clear line rather than being silently ignored.
import type { SandboxUserConfig } from './config'
import type { SandboxContext } from './context'

export async function applyDisconnectedAccounts(
  ctx: SandboxContext,
  users: readonly SandboxUserConfig[],
): Promise<void> {
  let changed = false
  for (const user of users) {
    if (!user.disconnectedAccounts?.length) continue
    const record = ctx.store.data.users.find((u) => u.accessKey === user.accessKey)
    const accounts = ctx.store.data.accounts.filter((a) => a.userId === record?.userId)
    for (const name of user.disconnectedAccounts) {
      const account = accounts.find((a) => a._id === name || a.username === name)
      if (!account) {
        throw new Error(
          `invalid sandbox config: users.${user.accessKey}.disconnectedAccounts: no account ${name} (give an id or a username)`,
        )
      }
      if (!account.isConnected) continue
      account.isConnected = false
      account.updatedAt = ctx.now().toISOString()
      changed = true
    }
  }
  if (changed) await ctx.store.commit()
}
