// Set-up for the drafts integration tests: a real sandbox over HTTP, the real service client and upload
// engine, a real drafts store in a temporary folder.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { emptyScheduleRequest } from '../../../common/service'
import type { DraftPost } from '../../../common/drafts'
import { createServiceClient } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import type { UploadEngine } from '../../../main/core/uploads/upload-engine'
import { startSandbox } from '../../../sandbox/index'
import type { RunningSandbox, StartSandboxOptions } from '../../../sandbox/index'

/** A valid 1×1 PNG, so the engine's type probe agrees with the extension. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

export async function tempFolder(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

export async function writePng(dir: string, name = 'photo.png'): Promise<string> {
  const file = path.join(dir, name)
  // The name after the image's end makes each file's bytes its own: identical bytes would be stored once.
  await writeFile(file, Buffer.concat([PNG, Buffer.from(name)]))
  return file
}

export async function sandboxOn(
  dataDir: string,
  port = 0,
  more: Partial<StartSandboxOptions> = {},
): Promise<RunningSandbox> {
  return startSandbox({
    dataDir,
    port,
    publisherIntervalMs: 0,
    config: { users: [demoUser, { ...demoUser, ...otherUser }], randomSeed: 7 },
    ...more,
  })
}
const demoUser = {
  accessKey: 'demo',
  secretKey: 'demo-secret',
  tier: 'premium' as const,
  storageLimit: 1024 ** 3,
  seed: 'demo' as const,
}
/** A second account on the same sandbox: what a second profile talks to. */
export const otherUser = { accessKey: 'other', secretKey: 'other-secret' }

export function clientFor(
  baseUrl: string,
  user: { accessKey: string; secretKey: string } = demoUser,
): ServiceClient {
  return createServiceClient({
    baseUrl,
    accessKey: user.accessKey,
    secretKey: user.secretKey,
    retry: { maxRetries: 1, minDelayMs: 10, maxDelayMs: 50 },
    timeouts: { connectMs: 2000, headersMs: 5000, bodyMs: 5000 },
  })
}

export function engineFor(client: ServiceClient, dir: string): UploadEngine {
  return createUploadEngine({
    client,
    journalPath: path.join(dir, 'uploads.json'),
    delays: { baseMs: 10, maxMs: 50 },
  })
}

export async function connectedAccountId(client: ServiceClient): Promise<string> {
  const accounts = await client.listAccounts({ page: 1, limit: 100 })
  const account = accounts.docs.find((a) => a.isConnected)
  if (!account) throw new Error('the demo user has no connected account')
  return account._id
}

export function postFor(accountId: string, overrides: Partial<DraftPost> = {}): DraftPost {
  return {
    ...emptyScheduleRequest(),
    description: `Planner test ${Math.random().toString(36).slice(2)}`,
    accountId,
    scheduleAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    ...overrides,
  }
}
