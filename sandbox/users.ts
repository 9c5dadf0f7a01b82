// Users from the config, matched to their stored records, and their seeding on first start.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { SandboxUserConfig } from './config'
import type { AuthedUser, SandboxContext } from './context'
import { buildDemoData } from './demo-seed'
import { seedInbox } from './inbox-seed'
import type { AccountRecord, UserRecord } from './model'
import { createRandom, hashString, objectId } from './random'

/** Creates missing user records and seeds them; idempotent across restarts (seeding happens once). */
export async function ensureUsers(
  ctx: SandboxContext,
  users: readonly SandboxUserConfig[],
  seed: number,
): Promise<void> {
  let changed = false
  for (const user of users) {
    const now = ctx.now()
    const userSeed = userSeedOf(user.accessKey, seed)
    const existing = ctx.store.data.users.find((u) => u.accessKey === user.accessKey)
    if (existing) {
      // A store seeded before the inbox existed gets the inbox's demo data once.
      if (!existing.inboxSeeded) {
        if (user.seed === 'demo') seedInbox(ctx, existing, userSeed, now)
        existing.inboxSeeded = true
        changed = true
      }
      continue
    }
    const record: UserRecord = {
      userId: objectId(now, createRandom(userSeed)),
      accessKey: user.accessKey,
      createdAt: now.toISOString(),
      inboxSeeded: true,
    }
    ctx.store.data.users.push(record)
    const demo = buildDemoData({ userId: record.userId, seed: userSeed, now })
    if (user.seed === 'demo') {
      ctx.store.data.accounts.push(...demo.accounts)
      ctx.store.data.automations.push(...demo.automations)
      ctx.store.data.schedules.push(...demo.schedules)
      ctx.store.data.templates.push(...demo.templates)
      ctx.store.data.reports.push(...demo.reports)
      for (const { record: file, bytes } of demo.files) {
        await ctx.objects.writeBuffer(file.key, bytes)
        ctx.store.data.files.push(file)
      }
      seedInbox(ctx, record, userSeed, now)
    } else {
      // "empty" means no automations, posts or files; a few accounts remain so schedules can be created.
      ctx.store.data.accounts.push(...emptyUserAccounts(demo.accounts))
    }
    changed = true
  }
  if (changed) await ctx.store.commit()
}

/** The seed of one user's demo data: the same for a user at every start. */
export function userSeedOf(accessKey: string, seed: number): number {
  return (hashString(accessKey) ^ seed) >>> 0
}

function emptyUserAccounts(accounts: AccountRecord[]): AccountRecord[] {
  return accounts.filter((a) => ['facebook', 'instagram', 'threads'].includes(a.type))
}

function equalText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** HTTP Basic against the configured users (section 5); null means 401. */
export function authenticate(req: IncomingMessage, ctx: SandboxContext): AuthedUser | null {
  const header = req.headers.authorization
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null
  if (!m) return null
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  const accessKey = decoded.slice(0, colon)
  const secretKey = decoded.slice(colon + 1)
  const config = ctx.config.users.find((u) => u.accessKey === accessKey)
  if (!config || !equalText(config.secretKey, secretKey)) return null
  const record = ctx.store.data.users.find((u) => u.accessKey === accessKey)
  return record ? { config, record } : null
}
